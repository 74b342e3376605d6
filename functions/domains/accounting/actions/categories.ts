import { defineCompanyAction } from '@functions/platform/http';
import { type AccountCategory, accountTypeLabels } from '@shared/schemas/accounting';
import { groupsAndSubgroups } from '../model/chart';
import type { AccountingDeps } from '../store/deps';
import { listChartAccounts } from '../store/queries';
import { readScope } from './report-scope';

/** GET accounting/categories: the PGC groups and subgroups of the company's chart, with their account counts. */
export const categoriesRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: AccountingDeps): Promise<AccountCategory[]> => {
    const settings = await readScope(deps, auth, scope.companyId);
    const accounts = await listChartAccounts(deps, scope.companyId);
    return groupsAndSubgroups(settings.chartType).map((d) => ({
      categoryCode: d.code,
      categoryName: d.name,
      level: d.level === 'GROUP' ? 'GROUP' : 'SUBGROUP',
      parentCode: d.parentCode,
      type: d.type,
      typeLabel: accountTypeLabels[d.type],
      accountCount: accounts.filter((a) => a.accountCode !== d.code && a.accountCode.startsWith(d.code))
        .length,
    }));
  },
});
