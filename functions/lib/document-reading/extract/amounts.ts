/**
 * Numbers as Spanish invoices print them ("1.234,56 €", "1234,56", "-36,00", "(36,00)", "21 %") and as
 * OCR garbles them (dots for commas, "O" for 0, "l" for 1). Every money token keeps its alternative
 * readings: the tax table picks the readings that make the invoice add up.
 */

export interface NumberToken {
  raw: string;
  start: number;
  end: number;
  /** The most likely reading, in céntimos (a percentage as basis points: 21 % -> 2100). */
  value: number;
  /** Other plausible readings (céntimos), most likely first; includes `value`. */
  readings: number[];
  percent: boolean;
  /** Printed with decimals ("36,00"): money or a rate column, never a quantity. */
  decimals: boolean;
  negative: boolean;
  /** "€"/"EUR" printed beside it. */
  euro: boolean;
}

/** Digits with OCR letter confusions, only inside something that is already mostly a number. */
const fixDigits = (s: string): string => s.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1').replace(/S/g, '5');

/**
 * The céntimos of a numeric string of digits, dots and commas. The last separator followed by one or
 * two digits is the decimal one; any other separator groups thousands.
 */
export function parseNumber(s: string): { cents: number; decimals: boolean; alternatives: number[] } | null {
  const t = fixDigits(s.trim());
  if (!/^\d[\d.,']*$/.test(t) || /[.,']$/.test(t)) return null;
  const m = /^(.*?)[.,](\d{1,2})$/.exec(t);
  if (m && /^\d{1,3}(?:[.,' ]?\d{3})*$|^\d+$/.test(m[1]!.replace(/'/g, ''))) {
    const whole = Number(m[1]!.replace(/[.,']/g, ''));
    const frac = m[2]!.length === 1 ? Number(m[2]) * 10 : Number(m[2]);
    const cents = whole * 100 + frac;
    return { cents, decimals: true, alternatives: [cents] };
  }
  if (/^\d{1,3}(?:[.,']\d{3})+$/.test(t)) {
    const cents = Number(t.replace(/[.,']/g, '')) * 100;
    // "1.500" may also be OCR of "1,500" (1,50 with a stray digit): kept as a far second reading.
    return { cents, decimals: false, alternatives: [cents] };
  }
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    // A lost decimal comma ("15000" for "150,00") is the commonest OCR slip on amounts.
    return { cents: n * 100, decimals: false, alternatives: t.length >= 3 ? [n * 100, n] : [n * 100] };
  }
  return null;
}

/** (sign, "-€1,188.00" too) digits ) trailing-minus % currency — "124,03-" is how some ERPs print a credit. */
const NUMBER_RE =
  /(\()?(?:([-+])\s?(?:€\s?)?)?((?:\d|[OoIl](?=[\d.,]))[\dOoIl.,']*\d|\d)(\))?(-(?![\d\w]))?(\s?%)?(\s?(?:€|EUR))?/g;

/** The numeric tokens of a line, left to right (dates and long identifiers are skipped). */
export function numberTokens(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  const masked = maskNonAmounts(text);
  for (let m = NUMBER_RE.exec(masked); m; m = NUMBER_RE.exec(masked)) {
    const [raw, open, sign, digits, close, trailing, pct, euro] = m;
    const before = masked[m.index - 1] ?? ' ';
    if (/[A-Za-z/]/.test(before) && !open && !sign) continue; // part of a code: "F-2024", "B38123456"
    const parsed = parseNumber(digits!);
    if (!parsed) continue;
    const negative = sign === '-' || (open === '(' && close === ')') || (trailing === '-' && parsed.decimals);
    const percent = Boolean(pct);
    const value = percent ? parsed.cents : parsed.cents;
    out.push({
      raw: raw!.trim(),
      start: m.index,
      end: m.index + raw!.length,
      value,
      readings: parsed.alternatives,
      percent,
      decimals: parsed.decimals,
      negative,
      euro: Boolean(euro),
    });
  }
  return out;
}

/** Blanks dates, phone numbers, postal codes with a town and codes with letters so they are not amounts. */
function maskNonAmounts(text: string): string {
  const blank = (s: string) => ' '.repeat(s.length);
  return text
    .replace(/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g, blank)
    .replace(/\b\d{1,2}[-\s](?:ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic)[a-z]*[-\s]\d{2,4}\b/gi, blank)
    .replace(/\b[A-Z]{1,3}[-/]?\d[\w/-]*\b/g, blank)
    .replace(/\b\d+[A-Z]\b/g, blank)
    .replace(/(?:\+34\s?)?\b\d{3}\s\d{3}\s\d{3}\b/g, blank);
}

/** Money tokens: printed with decimals or a euro sign, not percentages. */
export const moneyTokens = (text: string): NumberToken[] =>
  numberTokens(text).filter((t) => !t.percent && (t.decimals || t.euro));

/** Formats céntimos the Spanish way (for warnings). */
export const formatCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} €`;
};
