import { defineCompanyAction } from '@functions/platform/http';
import type { BalanceDates } from '@shared/schemas/accounting';
import { monthEnd, monthsBetween } from '../model/reports';
import type { AccountingDeps } from '../store/deps';
import { edgeEntryDate } from '../store/queries';
import { readScope } from './report-scope';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
/** At most this many month ends are offered (ten years). */
const MAX_DATES = 120;

/**
 * GET accounting/balance-dates: the dates a balance sheet can be asked for, newest first: every month
 * end from the first entry's month to the last's (31 December as the year's), and the last day with
 * entries when it is not a month end.
 */
export const balanceDatesRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: AccountingDeps): Promise<BalanceDates> => {
    await readScope(deps, auth, scope.companyId);
    const [first, last] = await Promise.all([
      edgeEntryDate(deps, scope.companyId, false),
      edgeEntryDate(deps, scope.companyId, true),
    ]);
    if (!first || !last) return { firstEntryDate: null, lastEntryDate: null, dates: [] };
    const dates: BalanceDates['dates'] = monthsBetween(first, last)
      .reverse()
      .slice(0, MAX_DATES)
      .map(([y, m]) => ({
        date: monthEnd(y, m),
        label: m === 12 ? `Ejercicio ${y} (31 de diciembre)` : `${MONTHS[m - 1]} ${y}`,
        periodType: m === 12 ? 'YEARLY' : 'MONTHLY',
      }));
    const [y, m] = [Number(last.slice(0, 4)), Number(last.slice(5, 7))];
    if (last !== monthEnd(y, m))
      dates.unshift({
        date: last,
        label: `Último día con asientos (${last.slice(8, 10)} de ${MONTHS[m - 1]} ${y})`,
        periodType: 'MONTHLY',
      });
    return { firstEntryDate: first, lastEntryDate: last, dates };
  },
});
