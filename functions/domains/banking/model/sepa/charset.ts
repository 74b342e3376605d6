/**
 * The SEPA character set (EPC "SEPA Requirements for an Extended Character Set", and the AEB guides
 * 19-14 / 34-14 §"Juego de caracteres"): free text travels as Latin basic letters, digits, space and
 * `/ - ? : ( ) . , ' +`. Spanish banks also take Ñ and Ç, but a file may cross to a bank that does not,
 * so we transliterate: accents are dropped (Á → A, ü → u), Ñ → N, Ç → C, & → +, and anything else
 * becomes a space. Identifiers (MsgId, EndToEndId, MndtId…) must also not start or end with '/' nor
 * contain '//' (EPC Implementation Guidelines, "RestrictedIdentificationSEPA1").
 */

const NOT_ALLOWED = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** Text in the SEPA character set, whitespace collapsed, cut to `max` characters (0 = no cut). */
export function sepaText(raw: string, max = 0): string {
  const text = raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßẞ]/g, 'ss')
    .replace(/[Ææ]/g, (c) => (c === 'Æ' ? 'AE' : 'ae'))
    .replace(/[Øø]/g, (c) => (c === 'Ø' ? 'O' : 'o'))
    .replace(/&/g, '+')
    .replace(/[ºª°]/g, '.')
    .replace(NOT_ALLOWED, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return max > 0 ? text.slice(0, max).trim() : text;
}

/** The pattern the EPC guidelines give every SEPA identifier. */
export const SEPA_ID = /^([A-Za-z0-9]|[+?/\-:().,'])+$/;

/** True when `id` (1..max characters) is a valid SEPA identifier (no leading/trailing '/', no '//'). */
export function isSepaIdentifier(id: string, max = 35): boolean {
  return (
    id.length >= 1 &&
    id.length <= max &&
    SEPA_ID.test(id) &&
    !id.startsWith('/') &&
    !id.endsWith('/') &&
    !id.includes('//')
  );
}
