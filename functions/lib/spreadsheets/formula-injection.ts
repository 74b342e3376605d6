/**
 * CSV/formula injection (OWASP "CSV Injection"): a spreadsheet opening an exported file runs any
 * cell that starts with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(...)`, DDE), and tab or
 * carriage return can smuggle one past a naive check. Every text cell an export writes goes through
 * `neutraliseText`, which prefixes such a cell with a single quote so it is shown as text.
 *
 * Only text is neutralised. Numbers are written as numbers (an XLSX `<v>` or a JS number in CSV), and
 * es-ES amounts the exports format themselves (`-12,50`) are `CsvMoney` cells built from céntimos:
 * data we produce, never user text, so a negative amount stays a negative amount.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet must show it: a leading `'` when it could start a formula. */
export const neutraliseText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** es-ES amount without the currency sign: 123456 -> "1.234,56", -1250 -> "-12,50". */
export function esAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}`;
}
