/**
 * IBAN check (ISO 13616): country code, two check digits, then the national account number (BBAN).
 * The check digits make the whole IBAN, rearranged and turned into a number, leave 1 modulo 97.
 */

/** IBAN length of the SEPA countries a Spanish business is most likely to bank with. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

export interface IbanResult {
  valid: boolean;
  /** Upper case, without spaces or dashes. */
  normalized: string;
  /** Why it is not valid, in Spanish. */
  reason?: string;
}

export function normalizeIban(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** `ES9121000418450200051332` → `ES91 2100 0418 4502 0005 1332`, as printed on invoices. */
export function formatIban(raw: string): string {
  return normalizeIban(raw).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The remainder modulo 97 of the IBAN rearranged (first four characters moved to the end). */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    // Letters count as two digits: A = 10 ... Z = 35.
    const value = char >= 'A' && char <= 'Z' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

export function validateIban(raw: string): IbanResult {
  const normalized = normalizeIban(raw ?? '');
  const invalid = (reason: string): IbanResult => ({ valid: false, normalized, reason });

  if (!normalized) return invalid('El IBAN está vacío.');
  if (!/^[A-Z0-9]+$/.test(normalized)) return invalid('El IBAN solo puede contener letras y números.');
  if (!/^[A-Z]{2}\d{2}/.test(normalized))
    return invalid('El IBAN debe empezar por el código del país y dos dígitos de control (ES00...).');
  const country = normalized.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && normalized.length !== length)
    return invalid(`Un IBAN de ${country} tiene ${length} caracteres y este tiene ${normalized.length}.`);
  if (length === undefined && (normalized.length < 15 || normalized.length > 34))
    return invalid('Un IBAN tiene entre 15 y 34 caracteres.');
  if (ibanMod97(normalized) !== 1) return invalid('Los dígitos de control del IBAN no son correctos.');
  return { valid: true, normalized };
}
