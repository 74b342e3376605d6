/**
 * The SEPA creditor identifier (AT-02 of the SDD rulebooks) of a Spanish creditor, as the AEB guides
 * (Cuadernos 19-14 / 19-44, "Identificador del acreedor") build it:
 *
 *   ES + 2 check digits + 3-character business code (sufijo, usually '000') + the NIF
 *
 * The check digits are ISO 7064 MOD 97-10 over the national identifier followed by the country code and
 * '00' (letters as numbers, A=10 … Z=35): 98 − (n mod 97), left-padded. The business code is left out of
 * the computation, so one NIF has the same check digits under every suffix
 * (reference/banking-accounting.md A2). Published example: NIF B85626240 → ES77000B85626240.
 */

import { mod97 } from '@shared/fiscal/iban';

/** Three letters or digits (the EPC Creditor Business Code: upper-case alphanumerics). */
export const CREDITOR_SUFFIX = /^[A-Z0-9]{3}$/;

/** Upper case, without spaces, dots or dashes. */
export const normalizeNationalId = (nif: string): string => nif.toUpperCase().replace(/[\s.\-/]/g, '');

/** The two check digits of a creditor identifier for a national id and country. */
export function creditorIdCheckDigits(nationalId: string, country = 'ES'): string {
  const id = normalizeNationalId(nationalId);
  const remainder = mod97(`${id}${country}00`);
  return String(98 - remainder).padStart(2, '0');
}

/** The full identifier, e.g. `creditorIdentifier('B85626240')` → `ES77000B85626240`. */
export function creditorIdentifier(nif: string, suffix = '000', country = 'ES'): string {
  const id = normalizeNationalId(nif);
  if (!/^[A-Z0-9]{1,28}$/.test(id)) throw new Error(`Invalid national identifier: ${nif}`);
  if (!CREDITOR_SUFFIX.test(suffix)) throw new Error(`Invalid creditor business code: ${suffix}`);
  return `${country}${creditorIdCheckDigits(id, country)}${suffix}${id}`;
}

/** Checks the check digits of a creditor identifier (positions 5-7, the business code, are ignored). */
export function isValidCreditorIdentifier(raw: string): boolean {
  const ci = raw.toUpperCase().replace(/\s/g, '');
  const m = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/.exec(ci);
  if (!m) return false;
  return creditorIdCheckDigits(m[4]!, m[1]!) === m[2];
}
