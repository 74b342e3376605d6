/**
 * Movement ids and N43 fingerprints (design of issue 19). A movement's id is `m` + its booking date
 * (YYYYMMDD) + 16 hex of sha256(fingerprint): the sort key of a movement needs its booking date, and an
 * id alone (a match, a posting's source key) must find it. The N43 fingerprint is the sha256 of the
 * account, both dates, the signed amount, the concepts, the document number, the references and the
 * raw concept lines, plus `#<n>` (the n-th identical movement of that account and day in the same
 * file): re-importing a file, or an overlapping one, claims the same fingerprints, while two real
 * identical movements in one file are both kept.
 */

import { createHash } from 'node:crypto';

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

export function movementIdOf(bookingDate: string, fingerprint: string): string {
  return `m${bookingDate.replace(/-/g, '')}${sha256(fingerprint).slice(0, 16)}`;
}

/** The booking date (ISO) a movement id carries; null when the id is not one of ours. */
export function bookingDateOfMovementId(movementId: string): string | null {
  const m = movementId.match(/^m(\d{4})(\d{2})(\d{2})[0-9a-f]{16}$/);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

export interface N43FingerprintInput {
  bookingDate: string;
  valueDate: string;
  amountCents: number;
  commonConcept: string | null;
  ownConcept: string | null;
  documentNumber: string | null;
  reference1: string | null;
  reference2: string | null;
  conceptLines: readonly string[];
}

const baseOf = (accountKey: string, m: N43FingerprintInput): string =>
  [
    accountKey,
    m.bookingDate,
    m.valueDate,
    String(m.amountCents),
    m.commonConcept ?? '',
    m.ownConcept ?? '',
    m.documentNumber ?? '',
    m.reference1 ?? '',
    m.reference2 ?? '',
    m.conceptLines.join('\n'),
  ].join('|');

/**
 * The fingerprints of one account's movements from one file, in order. `accountKey` is the account's
 * IBAN (what a file identifies it by).
 */
export function n43Fingerprints(accountKey: string, movements: readonly N43FingerprintInput[]): string[] {
  const seen = new Map<string, number>();
  return movements.map((m) => {
    const base = baseOf(accountKey, m);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return sha256(`${base}#${n}`);
  });
}
