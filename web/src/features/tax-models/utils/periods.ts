/**
 * The period a person most likely works on today: the quarter (or month) that ended last, since
 * returns are filed in the days after a period ends (1T in April, the 4T and annual ones in January).
 */
export function lastClosedPeriod(today: string, periodicity: 'QUARTERLY' | 'MONTHLY' | 'ANNUAL') {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (periodicity === 'ANNUAL') return { year: year - 1, period: '0A' };
  if (periodicity === 'MONTHLY') {
    return month === 1
      ? { year: year - 1, period: '12' }
      : { year, period: String(month - 1).padStart(2, '0') };
  }
  const quarter = Math.ceil(month / 3);
  return quarter === 1 ? { year: year - 1, period: '4T' } : { year, period: `${quarter - 1}T` };
}
