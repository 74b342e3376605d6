/**
 * The sequence type a mandate's next collection carries (SDD rulebooks, AT-21; AEB 19-14 "Tipo de
 * secuencia"): a recurrent mandate's first collection is FRST and the following ones RCUR; a one-off
 * mandate (OOFF) is used once. A revoked mandate is not used again (SDD rulebook 4.5.2 / PSD2 art. 64:
 * the debtor withdrew consent).
 */

import type { Mandate, SequenceType } from '@shared/schemas/sepa';

type MandateState = Pick<Mandate, 'status' | 'type' | 'collectionCount'>;

export function nextSequenceType(m: MandateState): SequenceType | null {
  if (m.status !== 'ACTIVE') return null;
  if (m.type === 'OOFF') return m.collectionCount === 0 ? 'OOFF' : null;
  return m.collectionCount === 0 ? 'FRST' : 'RCUR';
}

/**
 * The mandate a customer's receipts are collected under: the usable one signed last (ties: the one
 * created last), or undefined when the customer has none.
 */
export function usableMandate<M extends MandateState & Pick<Mandate, 'signatureDate' | 'createdAt'>>(
  mandates: M[],
): M | undefined {
  return mandates
    .filter((m) => nextSequenceType(m) !== null)
    .sort((a, b) =>
      a.signatureDate === b.signatureDate
        ? b.createdAt.localeCompare(a.createdAt)
        : b.signatureDate.localeCompare(a.signatureDate),
    )[0];
}
