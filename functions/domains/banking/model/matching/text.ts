/**
 * Text normalisation for matching bank movements with documents (issue 19 item 3). Bank statements
 * come upper case, without accents, with the remittance text cut into 38- or 76-character lines
 * (N43 record 23) and the references packed without separators; documents keep their numbers with
 * dashes and slashes. Everything is compared after folding both sides the same way.
 */

/** Upper case, no diacritics, every run of non-alphanumerics one space. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** Only the letters and digits (an invoice number or NIF split by a line break still matches). */
export const squash = (s: string): string => fold(s).replace(/ /g, '');

/** Legal forms and particles that say nothing about who a party is. */
const STOPWORDS = new Set([
  'S',
  'L',
  'A',
  'SL',
  'SA',
  'SLU',
  'SAU',
  'SLL',
  'SC',
  'SCP',
  'CB',
  'SCOOP',
  'COOP',
  'DE',
  'DEL',
  'LA',
  'EL',
  'LOS',
  'LAS',
  'Y',
  'E',
  'EN',
  'SOCIEDAD',
  'LIMITADA',
  'ANONIMA',
  'TRANSF',
  'TRANSFERENCIA',
  'TRF',
  'ORDENANTE',
  'BENEFICIARIO',
  'RECIBO',
  'PAGO',
  'COBRO',
  'FRA',
  'FACTURA',
]);

export function nameTokens(s: string): string[] {
  return fold(s)
    .split(' ')
    .filter((t) => t.length > 1 && !STOPWORDS.has(t) && !/^\d+$/.test(t));
}

/**
 * How alike two party names are, 0..1: the Dice coefficient of their significant tokens, a token
 * counting as shared when one is a prefix (≥ 4 letters) of the other (banks truncate names).
 */
export function nameSimilarity(a: string, b: string): number {
  const ta = [...new Set(nameTokens(a))];
  const tb = [...new Set(nameTokens(b))];
  if (ta.length === 0 || tb.length === 0) return 0;
  const same = (x: string, y: string) =>
    x === y || (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x)));
  let shared = 0;
  const used = new Set<number>();
  for (const x of ta) {
    const j = tb.findIndex((y, i) => !used.has(i) && same(x, y));
    if (j >= 0) {
      used.add(j);
      shared++;
    }
  }
  return (2 * shared) / (ta.length + tb.length);
}

/** NIF/CIF/NIE as comparable text: alphanumerics only, without the `ES` of a VAT number. */
export function normalizeNif(nif: string): string {
  const s = squash(nif);
  return s.startsWith('ES') && s.length === 11 ? s.slice(2) : s;
}

/** An IBAN in electronic format (no spaces, upper case). */
export const normalizeIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

/**
 * Whether a document number appears in the movement's text: the number squashed (F-2024/0012 ->
 * F20240012) inside the squashed text, or its digits (≥ 5 of them) bounded by non-digits, since
 * many payers write only the digits. Short numbers (< 4 characters squashed) would match anything
 * and are not looked for.
 */
export function containsDocumentNumber(squashedText: string, number: string): boolean {
  return containsSquashedNumber(squashedText, squash(number));
}

/** `containsDocumentNumber` with the number already squashed (the matcher squashes each once). */
export function containsSquashedNumber(squashedText: string, n: string): boolean {
  if (n.length < 4) return false;
  if (squashedText.includes(n)) return true;
  const digits = n.replace(/\D/g, '');
  if (digits.length < 5 || digits.length === n.length) return false;
  const at = squashedText.indexOf(digits);
  if (at < 0) return false;
  const before = squashedText[at - 1];
  const after = squashedText[at + digits.length];
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  return !isDigit(before) && !isDigit(after);
}

/** Days between two ISO dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
