import type { SiiStatistics } from '@shared/schemas/sii';

type CountKey = keyof Pick<
  SiiStatistics,
  | 'totalPending'
  | 'acceptedLast7Days'
  | 'rejectedLast7Days'
  | 'errors'
  | 'upcomingDeadlines'
  | 'reconciliationPending'
>;

/** The six counts of spec part 3 (SII widget data): the page's cards and the dashboard's tags. */
export const SII_COUNTS: { key: CountKey; title: string; color?: string; tag?: string }[] = [
  { key: 'totalPending', title: 'Pendientes' },
  { key: 'acceptedLast7Days', title: 'Aceptadas (7 días)', color: '#389e0d', tag: 'green' },
  { key: 'rejectedLast7Days', title: 'Rechazadas (7 días)', color: '#cf1322', tag: 'red' },
  { key: 'errors', title: 'Errores', color: '#cf1322', tag: 'red' },
  { key: 'upcomingDeadlines', title: 'Próximos vencimientos', color: '#d46b08', tag: 'orange' },
  { key: 'reconciliationPending', title: 'Pendientes de conciliar' },
];

/** Nothing to tell: every count is zero and no record is in trouble or due. */
export const isSiiStatisticsEmpty = (s: SiiStatistics): boolean =>
  SII_COUNTS.every((count) => !s[count.key]) && s.problems.length === 0 && s.deadlines.length === 0;
