/**
 * IBAN validation (ISO 13616): country code, two check digits, BBAN; mod 97 of the rearranged string
 * must be 1 (ISO 7064 MOD 97-10). Lengths per country from the SWIFT IBAN registry, [mem] quoted from memory
 * for the SEPA countries and a few frequent trade partners; an unlisted country is checked only for the
 * general shape (15–34 characters) and mod 97. Spanish IBANs also have their CCC control digits checked
 * (ES kk BBBB GGGG DC NNNNNNNNNN; AEB/Banco de España rule, weights 1,2,4,8,5,10,9,7,3,6 mod 11).
 */

export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  // SEPA
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
  VA: 22,
  // Others often seen on Spanish invoices
  AE: 23,
  AL: 28,
  BA: 20,
  BR: 29,
  FO: 18,
  GL: 18,
  IL: 23,
  MD: 24,
  ME: 22,
  MK: 19,
  RS: 22,
  SA: 24,
  TN: 24,
  TR: 26,
  UA: 29,
};

export interface IbanResult {
  valid: boolean;
  /** Upper case without spaces or dashes. */
  normalized: string;
  country: string | null;
  reason?: string;
}

export function normalizeIban(raw: string): string {
  return (raw ?? '')
    .toUpperCase()
    .replace(/^IBAN/, '')
    .replace(/[\s\-.]/g, '');
}

/** ISO 7064 MOD 97-10 of a string of digits and letters (A = 10 … Z = 35), read piecewise. */
export function mod97(value: string): number {
  let rest = 0;
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** The two check digits of an IBAN for this country and BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(`${bban}${country}00`)).padStart(2, '0');
}

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** One CCC control digit over 10 digits (the bank + branch part is padded with "00" in front). */
function cccDigit(tenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(tenDigits[i]) * CCC_WEIGHTS[i]!;
  const d = 11 - (sum % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

/** The two control digits (DC) of a Spanish CCC from bank (4), branch (4) and account (10) digits. */
export function cccControlDigits(bank: string, branch: string, account: string): string {
  return `${cccDigit(`00${bank}${branch}`)}${cccDigit(account)}`;
}

export function validateIban(raw: string): IbanResult {
  const normalized = normalizeIban(raw);
  const country = /^[A-Z]{2}/.test(normalized) ? normalized.slice(0, 2) : null;
  const invalid = (reason: string): IbanResult => ({ valid: false, normalized, country, reason });

  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(normalized)) {
    return invalid('El IBAN debe empezar por el código del país y dos dígitos de control.');
  }
  const expectedLength = IBAN_LENGTHS[country!];
  if (expectedLength !== undefined && normalized.length !== expectedLength) {
    return invalid(`El IBAN de ${country} debe tener ${expectedLength} caracteres.`);
  }
  if (expectedLength === undefined && (normalized.length < 15 || normalized.length > 34)) {
    return invalid('La longitud del IBAN no es válida.');
  }
  if (country === 'ES' && !/^ES\d{22}$/.test(normalized)) {
    return invalid('El IBAN español solo puede contener dígitos después de ES.');
  }
  if (mod97(normalized.slice(4) + normalized.slice(0, 4)) !== 1) {
    return invalid('Los dígitos de control del IBAN no son correctos.');
  }
  if (country === 'ES') {
    const [bank, branch, dc, account] = [
      normalized.slice(4, 8),
      normalized.slice(8, 12),
      normalized.slice(12, 14),
      normalized.slice(14),
    ];
    if (cccControlDigits(bank, branch, account) !== dc) {
      return invalid('Los dígitos de control de la cuenta (CCC) no son correctos.');
    }
  }
  return { valid: true, normalized, country };
}

/** Groups of four for display and print: "ES91 2100 0418 4502 0005 1332". */
export function formatIban(raw: string): string {
  return normalizeIban(raw).replace(/(.{4})(?=.)/g, '$1 ');
}
