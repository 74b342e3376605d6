/**
 * Parties of the automatic entries (issue 18, design "Rules"): each customer, supplier of goods and
 * other creditor gets its own sub-account (430/400/410 "Clientes/Proveedores/Acreedores" by person,
 * the usual practice under the PGC's 3- and 4-digit accounts; banking-accounting.md B2). A posting
 * line names the party and its PGC parent; the engine resolves the party to its sub-account (claimed
 * once per `partyKey`, created on first use with the party's name).
 *
 * Party key: the customer's or supplier's id; else `NIF:<tax id>`; else `NAME:<folded name>`, so the
 * same person written twice on documents without an id still gets one sub-account.
 */

import { fold } from '@shared/api/listing';
import type { AccountParty, PartyKind } from '@shared/schemas/accounting';

export type PartyRef = AccountParty;

/** The PGC account each kind of party's sub-accounts hang from (the euro accounts: 4300, 4000, 4100). */
export const PARTY_PARENT_ACCOUNTS: Readonly<Record<PartyKind, string>> = {
  CUSTOMER: '4300',
  SUPPLIER: '4000',
  CREDITOR: '4100',
};

/** A tax id as documents carry it: a Spanish NIF, or a foreign identifier with its country. */
export type PartyTaxId = string | { value: string; country: string; type?: string } | null | undefined;

/** Who a document names: its id in our records (when stored), tax id and name. */
export interface PartySource {
  id: string | null | undefined;
  taxId: PartyTaxId;
  name: string;
}

/** The name of a simplified invoice's customer when it names none (art. 7 RD 1619/2012). */
export const UNNAMED_CUSTOMER_NAME = 'Clientes varios';

/** Lower case, without accents, single spaces: "  Peña  SL " and "pena sl" are one party. */
export const foldPartyName = (name: string): string => fold(name).replace(/\s+/g, ' ').trim();

/** The tax id as written (a foreign one's value), or null when none. */
export function taxIdText(taxId: PartyTaxId): string | null {
  if (taxId === null || taxId === undefined) return null;
  const text = (typeof taxId === 'string' ? taxId : taxId.value).trim();
  return text === '' ? null : text;
}

/** The key a party's sub-account is claimed under (see the header). */
export function partyKeyOf(source: PartySource): string {
  const id = source.id?.trim();
  if (id) return id;
  const nif = taxIdText(source.taxId);
  if (nif) {
    // A foreign identifier keeps its country: the same value may belong to two countries' people.
    const t = source.taxId;
    return typeof t === 'object' && t !== null ? `NIF:${t.country}:${nif}` : `NIF:${nif}`;
  }
  return `NAME:${foldPartyName(source.name)}`;
}

export function partyRef(kind: PartyKind, source: PartySource): PartyRef {
  const name = source.name.trim() || UNNAMED_CUSTOMER_NAME;
  return { kind, partyKey: partyKeyOf({ ...source, name }), nif: taxIdText(source.taxId), name };
}

/** The customer of an issued invoice (none on a simplified invoice without one: "Clientes varios"). */
export function customerParty(
  customer: { customerId?: string | null; name: string; taxId?: PartyTaxId } | null,
): PartyRef {
  if (!customer) return partyRef('CUSTOMER', { id: null, taxId: null, name: UNNAMED_CUSTOMER_NAME });
  return partyRef('CUSTOMER', { id: customer.customerId, taxId: customer.taxId, name: customer.name });
}

/** The supplier of a received invoice, as a supplier of goods (400) or another creditor (410). */
export function supplierParty(
  kind: Extract<PartyKind, 'SUPPLIER' | 'CREDITOR'>,
  supplier: { supplierId?: string | null; name: string; taxId?: PartyTaxId },
): PartyRef {
  return partyRef(kind, { id: supplier.supplierId, taxId: supplier.taxId, name: supplier.name });
}
