/**
 * The year of a tax page (models, statistics): read from the URL within the years the AEAT's designs
 * accept (2000-2100), and the years its selector offers.
 */

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/** A year in the URL, within 2000-2100, or the fallback. */
export function yearFrom(value: string | null | undefined, fallback: number): number {
  const year = Number(value);
  return value && Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR ? year : fallback;
}

/** The years a selector offers, newest first: next year back to `yearsBack` years ago, plus the selected one. */
export function yearOptions(thisYear: number, selected: number, yearsBack = 5) {
  const years = new Set<number>([selected]);
  for (let y = thisYear + 1; y >= Math.max(MIN_YEAR, thisYear - yearsBack); y--) years.add(y);
  return [...years].sort((a, b) => b - a).map((y) => ({ value: y, label: String(y) }));
}
