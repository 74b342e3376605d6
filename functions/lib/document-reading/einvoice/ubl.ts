/**
 * UBL 2.1 Invoice and CreditNote (OASIS UBL 2.1, namespaces
 * urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 / CreditNote-2; EN 16931-1 semantics as in
 * the Peppol BIS Billing 3.0 syntax binding):
 *
 *   cbc:ID, cbc:IssueDate, cbc:DocumentCurrencyCode
 *   cac:AccountingSupplierParty/cac:Party | cac:AccountingCustomerParty/cac:Party
 *     cac:PartyTaxScheme/cbc:CompanyID (VAT id), cac:PartyLegalEntity/cbc:RegistrationName (legal name),
 *     cac:PartyName/cbc:Name (trade name: only when no legal name is given)
 *   cac:TaxTotal/cac:TaxSubtotal: cbc:TaxableAmount, cbc:TaxAmount, cac:TaxCategory/cbc:Percent,
 *     cac:TaxCategory/cac:TaxScheme/cbc:ID
 *   cac:WithholdingTaxTotal (UBL 2.1; the Spanish IRPF)
 *   cac:LegalMonetaryTotal: cbc:TaxInclusiveAmount, cbc:PrepaidAmount, cbc:PayableAmount
 *
 * A credit note's amounts are kept as printed (UBL writes them positive; the document type says they
 * are a credit): the draft of a received credit note is then read by a person anyway.
 * The recargo de equivalencia has no EN 16931 code: a TaxSubtotal whose tax scheme or category says
 * "RE" / "recargo" is read as recargo, at its Percent.
 */

import { roundHalfUp } from '@shared/fiscal/money';
import type {
  Extraction,
  ExtractionBase,
  ExtractionIrpf,
  ExtractionRecargo,
} from '@shared/schemas/documents';
import { decimalToCents, percentToBp } from './amounts';
import { toExtraction } from './extraction';
import { at, attributeOf, child, childNodes, children, textAt, textOf, type XmlNode } from './xml';

function partyOf(root: XmlNode, role: 'AccountingSupplierParty' | 'AccountingCustomerParty'): XmlNode | null {
  return at(root, role, 'Party');
}

function partyName(party: XmlNode | null): string | null {
  return textAt(party, 'PartyLegalEntity', 'RegistrationName') ?? textAt(party, 'PartyName', 'Name');
}

/** The VAT id of the party's VAT scheme first, then any tax scheme, the legal registration, the party id. */
function partyNif(party: XmlNode | null): string | null {
  const schemes = childNodes(party, 'PartyTaxScheme');
  const vat = schemes.find((s) => (textAt(s, 'TaxScheme', 'ID') ?? '').toUpperCase() === 'VAT');
  return (
    textAt(vat ?? schemes[0] ?? null, 'CompanyID') ??
    textAt(party, 'PartyLegalEntity', 'CompanyID') ??
    textAt(party, 'PartyIdentification', 'ID')
  );
}

const isSurcharge = (subtotal: XmlNode): boolean => {
  const category = child(subtotal, 'TaxCategory');
  const words = [
    textAt(category, 'ID'),
    textAt(category, 'Name'),
    textAt(category, 'TaxScheme', 'ID'),
    textAt(category, 'TaxScheme', 'Name'),
  ].join(' ');
  return /\bRE\b|recargo/i.test(words);
};

/** The subtotal's rate: its Percent, else (Percent omitted on an exempt line) derived from the amounts. */
function rateOf(subtotal: XmlNode, baseCents: number, quotaCents: number): number {
  const percent = percentToBp(textAt(subtotal, 'TaxCategory', 'Percent') ?? textAt(subtotal, 'Percent'));
  if (percent !== null) return percent;
  return baseCents === 0 ? 0 : roundHalfUp(quotaCents * 10_000, baseCents);
}

/** The TaxTotal in the document currency (a second TaxTotal may repeat the taxes in the tax currency). */
function documentTaxTotal(root: XmlNode, currency: string | null): XmlNode | null {
  const totals = childNodes(root, 'TaxTotal');
  const inCurrency = totals.find((t) => {
    const c = attributeOf(children(t, 'TaxAmount')[0], 'currencyID');
    return c === null || currency === null || c === currency;
  });
  return inCurrency ?? totals[0] ?? null;
}

function taxes(
  root: XmlNode,
  currency: string | null,
): { bases: ExtractionBase[]; recargo: ExtractionRecargo[] } {
  const bases: ExtractionBase[] = [];
  const recargo: ExtractionRecargo[] = [];
  for (const subtotal of childNodes(documentTaxTotal(root, currency), 'TaxSubtotal')) {
    const baseCents = decimalToCents(textAt(subtotal, 'TaxableAmount'));
    const quotaCents = decimalToCents(textAt(subtotal, 'TaxAmount')) ?? 0;
    if (baseCents === null) continue;
    const rateBp = rateOf(subtotal, baseCents, quotaCents);
    if (isSurcharge(subtotal)) recargo.push({ rateBp, quotaCents });
    else bases.push({ rateBp, baseCents, quotaCents });
  }
  return { bases, recargo };
}

function withholding(root: XmlNode): ExtractionIrpf | null {
  const totals = childNodes(root, 'WithholdingTaxTotal');
  if (totals.length === 0) return null;
  let amountCents = 0;
  let rateBp: number | null = null;
  for (const total of totals) {
    const subtotals = childNodes(total, 'TaxSubtotal');
    amountCents += Math.abs(decimalToCents(textOf(children(total, 'TaxAmount')[0])) ?? 0);
    for (const s of subtotals) {
      rateBp ??= percentToBp(textAt(s, 'TaxCategory', 'Percent') ?? textAt(s, 'Percent'));
    }
  }
  return amountCents === 0 ? null : { rateBp: rateBp ?? 0, amountCents };
}

/**
 * What the invoice is for, after IRPF: the tax-inclusive amount (PayableAmount + PrepaidAmount when it
 * is absent: a prepayment does not change the invoice), less the withholding unless the producer
 * already took it off (EN 16931 has no withholding, so Spanish producers differ).
 */
function totalOf(root: XmlNode, sumCents: number, irpf: ExtractionIrpf | null): number | null {
  const money = child(root, 'LegalMonetaryTotal');
  const inclusive = decimalToCents(textAt(money, 'TaxInclusiveAmount'));
  const payable = decimalToCents(textAt(money, 'PayableAmount'));
  const prepaid = decimalToCents(textAt(money, 'PrepaidAmount')) ?? 0;
  const gross = inclusive ?? (payable === null ? null : payable + prepaid);
  if (gross === null) return null;
  return irpf && gross === sumCents ? gross - irpf.amountCents : gross;
}

/** A UBL Invoice or CreditNote root's content -> the extraction. */
export function parseUbl(root: XmlNode): Extraction {
  const supplier = partyOf(root, 'AccountingSupplierParty');
  const customer = partyOf(root, 'AccountingCustomerParty');
  const currency = textAt(root, 'DocumentCurrencyCode');
  const { bases, recargo } = taxes(root, currency);
  const irpf = withholding(root);
  const sum = [...bases.map((b) => b.baseCents + b.quotaCents), ...recargo.map((r) => r.quotaCents)].reduce(
    (a, b) => a + b,
    0,
  );
  return toExtraction({
    supplierName: partyName(supplier),
    supplierNif: partyNif(supplier),
    customerName: partyName(customer),
    customerNif: partyNif(customer),
    invoiceNumber: textAt(root, 'ID'),
    issueDate: textAt(root, 'IssueDate'),
    taxes: bases,
    recargo,
    irpf,
    totalCents: totalOf(root, sum, irpf),
    currency,
  });
}
