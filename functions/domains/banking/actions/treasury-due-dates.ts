import { defineCompanyAction } from '@functions/platform/http';
import { type DueDatesList, DueDatesQuery } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { dueDates } from '../store/treasury-views';

/** GET treasury/due-dates?from=&to=&direction=: the unpaid instalments due in the range. */
export const treasuryDueDatesRoute = defineCompanyAction({
  query: DueDatesQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<DueDatesList> =>
    dueDates(deps, scope.companyId, query),
});
