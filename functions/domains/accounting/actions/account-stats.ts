import { defineCompanyAction } from '@functions/platform/http';
import { ACCOUNT_TYPES, type AccountStats, type AccountType } from '@shared/schemas/accounting';
import { getSettings } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';
import { codesWithEntries, listChartAccounts } from '../store/queries';

/** GET accounting/accounts/stats: counts of the chart (zeros before it is initialised). */
export const accountStatsRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: AccountingDeps): Promise<AccountStats> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    const [settings, accounts, posted] = await Promise.all([
      getSettings(deps, scope.companyId),
      listChartAccounts(deps, scope.companyId),
      codesWithEntries(deps, scope.companyId),
    ]);
    const byType = Object.fromEntries(ACCOUNT_TYPES.map((t) => [t, 0])) as Record<AccountType, number>;
    for (const a of accounts) byType[a.type] += 1;
    const parents = new Set(accounts.map((a) => a.parentCode).filter((c): c is string => c !== null));
    return {
      totalAccounts: accounts.length,
      activeAccounts: accounts.filter((a) => a.active).length,
      accountsWithEntries: accounts.filter((a) => posted.has(a.accountCode)).length,
      parentAccounts: accounts.filter((a) => parents.has(a.accountCode)).length,
      leafAccounts: accounts.filter((a) => a.acceptsEntries).length,
      byType,
      chartType: settings?.chartType ?? null,
      initializedAt: settings?.initializedAt ?? null,
    };
  },
});
