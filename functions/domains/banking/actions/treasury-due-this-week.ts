import { defineCompanyAction } from '@functions/platform/http';
import { type DueDatesList, DueSoonQuery } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { dueSoon } from '../store/treasury-views';

/** GET treasury/due-this-week: the unpaid instalments due from today to Sunday (Europe/Madrid). */
export const treasuryDueThisWeekRoute = defineCompanyAction({
  query: DueSoonQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<DueDatesList> =>
    dueSoon(deps, scope.companyId, 'WEEK', query.direction),
});
