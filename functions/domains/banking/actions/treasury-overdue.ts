import { defineCompanyAction } from '@functions/platform/http';
import { type OverdueList, OverdueQuery } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { overdue } from '../store/treasury-views';

/** GET treasury/overdue?direction=: overdue documents (receivables by default), days overdue, last note. */
export const treasuryOverdueRoute = defineCompanyAction({
  query: OverdueQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<OverdueList> =>
    overdue(deps, scope.companyId, query.direction),
});
