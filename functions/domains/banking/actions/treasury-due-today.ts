import { defineCompanyAction } from '@functions/platform/http';
import { type DueDatesList, DueSoonQuery } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { dueSoon } from '../store/treasury-views';

/** GET treasury/due-today: the unpaid instalments due today (Europe/Madrid). */
export const treasuryDueTodayRoute = defineCompanyAction({
  query: DueSoonQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<DueDatesList> =>
    dueSoon(deps, scope.companyId, 'TODAY', query.direction),
});
