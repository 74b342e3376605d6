/**
 * The huella of a VeriFacTu registration record (Orden HAC/1177/2024, AEAT "Detalle de las
 * especificaciones técnicas para generación de la huella"; reference/verifactu-sii.md §2):
 * SHA-256 over the UTF-8 text `Name=value&Name=value...` of exactly these fields, in this order,
 * with the AEAT element names, the values as written in the XML (trimmed, no escaping), and
 * `Huella=` present but empty on the first record of a chain. 64 uppercase hex characters.
 */

import { sha256HexUpper } from '../crypto/sha256';

export const ALTA_HASH_FIELDS = [
  'IDEmisorFactura',
  'NumSerieFactura',
  'FechaExpedicionFactura',
  'TipoFactura',
  'CuotaTotal',
  'ImporteTotal',
] as const;

export const ANULACION_HASH_FIELDS = [
  'IDEmisorFacturaAnulada',
  'NumSerieFacturaAnulada',
  'FechaExpedicionFacturaAnulada',
] as const;

export type AltaHashFields = Record<(typeof ALTA_HASH_FIELDS)[number] | 'FechaHoraHusoGenRegistro', string>;
export type AnulacionHashFields = Record<
  (typeof ANULACION_HASH_FIELDS)[number] | 'FechaHoraHusoGenRegistro',
  string
>;

export type VerifactuHashInput =
  | { kind: 'alta'; fields: AltaHashFields; previousHash?: string | null }
  | { kind: 'anulacion'; fields: AnulacionHashFields; previousHash?: string | null };

/** The exact text that is hashed (exported so a mismatch with the AEAT can be shown, not guessed). */
export function verifactuHashInput(input: VerifactuHashInput): string {
  const names = input.kind === 'alta' ? ALTA_HASH_FIELDS : ANULACION_HASH_FIELDS;
  const fields = input.fields as Record<string, string | undefined>;
  const value = (name: string): string => {
    const v = fields[name];
    if (typeof v !== 'string' || v.trim() === '') {
      throw new Error(`computeVerifactuHash: ${name} is required`);
    }
    return v.trim();
  };
  // Hashed as given: checking the previous huella's shape belongs to the chain, not to the hash
  // (the AEAT answers 2002/2003 for a malformed one, and a published vector uses 63 characters).
  const previous = input.previousHash?.trim() ?? '';
  return [
    ...names.map((name) => `${name}=${value(name)}`),
    `Huella=${previous}`,
    `FechaHoraHusoGenRegistro=${value('FechaHoraHusoGenRegistro')}`,
  ].join('&');
}

/** The huella of an alta or anulación record, chained to the previous record's huella (none on the first). */
export function computeVerifactuHash(input: VerifactuHashInput): string {
  return sha256HexUpper(verifactuHashInput(input));
}
