import { defineCompanyAction } from '@functions/platform/http';
import { type CalendarMonth, CalendarQuery } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { calendar } from '../store/treasury-views';

/** GET treasury/calendar?month=YYYY-MM: per day, the inflows and outflows with their documents and taxes. */
export const treasuryCalendarRoute = defineCompanyAction({
  query: CalendarQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<CalendarMonth> =>
    calendar(deps, scope.companyId, query.month),
});
