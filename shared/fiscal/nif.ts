/**
 * Spanish tax identifiers (NIF): DNI, NIE, CIF, with their check characters.
 * DNI/NIE: Orden INT/2058/2008 letter table (number mod 23). K/L/M NIFs for persons without DNI
 * use the same letter rule. CIF (legal entities): RD 1065/2007 art. 22 control character.
 */

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';
/** Entity letters whose control character is always a letter (public bodies, foreign entities...). */
const CIF_LETTER_CONTROL = 'KPQRSNW';
/** Entity letters whose control character is always a digit (SA, SL, CB, SC...). */
const CIF_DIGIT_CONTROL = 'ABEH';
const CIF_ENTITY = 'ABCDEFGHJKNPQRSUVW';

export type TaxIdKind = 'DNI' | 'NIE' | 'CIF';

export interface TaxIdResult {
  valid: boolean;
  /** Upper case, without spaces, dots or dashes, and without an `ES` VAT prefix. */
  normalized: string;
  kind: TaxIdKind | null;
  reason?: string;
}

export function normalizeTaxId(raw: string): string {
  let v = raw.toUpperCase().replace(/[\s.\-_/]/g, '');
  if (v.startsWith('ES') && v.length === 11) v = v.slice(2);
  return v;
}

export const dniLetter = (n: number): string => DNI_LETTERS[n % 23]!;

export function cifControl(sevenDigits: string): { digit: string; letter: string } {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(sevenDigits[i]);
    if (i % 2 === 1) sum += d;
    else {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  const control = (10 - (sum % 10)) % 10;
  return { digit: String(control), letter: CIF_CONTROL_LETTERS[control]! };
}

export function validateTaxId(raw: string): TaxIdResult {
  const normalized = normalizeTaxId(raw ?? '');
  const invalid = (kind: TaxIdKind | null, reason: string): TaxIdResult => ({
    valid: false,
    normalized,
    kind,
    reason,
  });

  if (/^\d{8}[A-Z]$/.test(normalized)) {
    const expected = dniLetter(Number(normalized.slice(0, 8)));
    return normalized[8] === expected
      ? { valid: true, normalized, kind: 'DNI' }
      : invalid('DNI', 'La letra del DNI no es correcta.');
  }
  if (/^[XYZ]\d{7}[A-Z]$/.test(normalized)) {
    const n = Number(String('XYZ'.indexOf(normalized[0]!)) + normalized.slice(1, 8));
    return normalized[8] === dniLetter(n)
      ? { valid: true, normalized, kind: 'NIE' }
      : invalid('NIE', 'La letra del NIE no es correcta.');
  }
  if (/^[KLM]\d{7}[A-Z]$/.test(normalized)) {
    return normalized[8] === dniLetter(Number(normalized.slice(1, 8)))
      ? { valid: true, normalized, kind: 'DNI' }
      : invalid('DNI', 'La letra del NIF no es correcta.');
  }
  if (new RegExp(`^[${CIF_ENTITY}]\\d{7}[0-9A-J]$`).test(normalized)) {
    const entity = normalized[0]!;
    const given = normalized[8]!;
    const { digit, letter } = cifControl(normalized.slice(1, 8));
    const ok = CIF_LETTER_CONTROL.includes(entity)
      ? given === letter
      : CIF_DIGIT_CONTROL.includes(entity)
        ? given === digit
        : given === digit || given === letter;
    return ok
      ? { valid: true, normalized, kind: 'CIF' }
      : invalid('CIF', 'El carácter de control del CIF no es correcto.');
  }
  return invalid(null, 'El formato del NIF no es válido.');
}

/** Company type implied by a CIF's first letter (A = SA, B = SL, E = CB, J = SC), if any. */
export function companyTypeFromCif(nif: string): 'SA' | 'SL' | 'CB' | 'SC' | undefined {
  return ({ A: 'SA', B: 'SL', E: 'CB', J: 'SC' } as const)[nif[0] as 'A' | 'B' | 'E' | 'J'];
}
