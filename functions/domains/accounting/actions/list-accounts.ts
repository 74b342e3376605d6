import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { matchesSearch, paginate } from '@shared/api/listing';
import { type Account, AccountListQuery } from '@shared/schemas/accounting';
import { accountHasEntries, accountView } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { listChartAccounts } from '../store/queries';
import { readScope } from './report-scope';

/**
 * GET accounting/accounts?type=&codePrefix=&onlyAcceptingEntries=&level=&search=&page=&size=: the
 * chart (one Query of its partition), by code; `hasEntries` is read for the page's accounts only.
 */
export const listAccountsRoute = defineCompanyAction({
  query: AccountListQuery,
  run: async ({ auth, scope, query }, deps: AccountingDeps): Promise<Page<Account>> => {
    await readScope(deps, auth, scope.companyId);
    const accounts = (await listChartAccounts(deps, scope.companyId))
      .filter((a) => !query.type || a.type === query.type)
      .filter((a) => !query.codePrefix || a.accountCode.startsWith(query.codePrefix))
      .filter(
        (a) => query.onlyAcceptingEntries === undefined || a.acceptsEntries === query.onlyAcceptingEntries,
      )
      .filter((a) => !query.level || a.level === query.level)
      .filter((a) =>
        matchesSearch(query.search, a.accountCode, a.accountName, a.party?.name, a.party?.nif ?? undefined),
      );
    const page = paginate(accounts, query.page, query.size);
    const withEntries = await Promise.all(
      page.content.map(async (a) =>
        accountView(
          a,
          a.acceptsEntries ? await accountHasEntries(deps, scope.companyId, a.accountCode) : false,
        ),
      ),
    );
    return { ...page, content: withEntries };
  },
});
