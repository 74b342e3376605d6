import { defineCompanyAction } from '@functions/platform/http';
import { AccountPath, type Ledger, LedgerQuery } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { readLedger } from '../store/reports';
import { readScope } from './report-scope';

/** GET accounting/ledger/{accountId}?fromDate=&toDate=&page=&size=: the account's movements and running balance. */
export const ledgerRoute = defineCompanyAction({
  params: AccountPath,
  query: LedgerQuery,
  run: async ({ auth, scope, params, query }, deps: AccountingDeps): Promise<Ledger> => {
    const settings = await readScope(deps, auth, scope.companyId);
    return readLedger(deps, scope.companyId, settings, params.accountId, query);
  },
});
