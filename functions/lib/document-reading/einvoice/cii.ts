/**
 * UN/CEFACT Cross Industry Invoice D16B (urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100),
 * the XML inside Factur-X and ZUGFeRD 2.x PDFs (EN 16931-1 CII syntax binding):
 *
 *   rsm:ExchangedDocument/ram:ID, ram:IssueDateTime/udt:DateTimeString (format 102 = YYYYMMDD)
 *   rsm:SupplyChainTradeTransaction
 *     ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty | ram:BuyerTradeParty
 *       ram:Name (BT-27/BT-44, the legal name), ram:SpecifiedTaxRegistration/ram:ID schemeID="VA" (VAT id)
 *       or schemeID="FC" (national tax number)
 *     ram:ApplicableHeaderTradeSettlement
 *       ram:InvoiceCurrencyCode
 *       ram:ApplicableTradeTax: ram:BasisAmount, ram:CalculatedAmount, ram:RateApplicablePercent
 *       ram:SpecifiedTradeSettlementHeaderMonetarySummation: ram:GrandTotalAmount, ram:DuePayableAmount
 *
 * CII has no withholding (IRPF) nor recargo de equivalencia: neither is read from it. The older
 * ZUGFeRD 1.0 "CrossIndustryDocument" is not read.
 */

import type { Extraction, ExtractionBase } from '@shared/schemas/documents';
import { decimalToCents, percentToBp } from './amounts';
import { toExtraction } from './extraction';
import { at, attributeOf, child, childNodes, children, textAt, textOf, type XmlNode } from './xml';

/** The party's VAT id (schemeID VA) or, failing that, its national tax number (FC). */
function partyNif(party: XmlNode | null): string | null {
  const ids = childNodes(party, 'SpecifiedTaxRegistration').flatMap((r) => children(r, 'ID'));
  const of = (scheme: string) => ids.find((id) => attributeOf(id, 'schemeID')?.toUpperCase() === scheme);
  return textOf(of('VA') ?? of('FC') ?? ids[0]);
}

/** A DateTimeString in format 102 (YYYYMMDD), or already ISO. */
function isoOfCiiDate(raw: string | null): string | null {
  if (raw === null) return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  return compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : raw;
}

/** The first amount of `name` in the summation whose currency is the invoice's (BT-111 may repeat it). */
function summationAmount(summation: XmlNode | null, name: string, currency: string | null): number | null {
  const values = children(summation, name);
  const value =
    values.find((v) => {
      const c = attributeOf(v, 'currencyID');
      return c === null || currency === null || c === currency;
    }) ?? values[0];
  return decimalToCents(textOf(value));
}

/** The CrossIndustryInvoice root's content -> the extraction. */
export function parseCii(root: XmlNode): Extraction {
  const transaction = child(root, 'SupplyChainTradeTransaction');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const seller = child(agreement, 'SellerTradeParty');
  const buyer = child(agreement, 'BuyerTradeParty');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');

  const bases: ExtractionBase[] = [];
  for (const tax of childNodes(settlement, 'ApplicableTradeTax')) {
    const baseCents = decimalToCents(textAt(tax, 'BasisAmount'));
    if (baseCents === null) continue;
    // Exempt, reverse-charge and intra-EU categories (E, AE, K, G, O) carry a 0 % rate or none.
    const rateBp = percentToBp(textAt(tax, 'RateApplicablePercent')) ?? 0;
    bases.push({ rateBp, baseCents, quotaCents: decimalToCents(textAt(tax, 'CalculatedAmount')) ?? 0 });
  }

  const summation = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const grand = summationAmount(summation, 'GrandTotalAmount', currency);
  const due = summationAmount(summation, 'DuePayableAmount', currency);
  const prepaid = summationAmount(summation, 'TotalPrepaidAmount', currency) ?? 0;
  const document = child(root, 'ExchangedDocument');
  return toExtraction({
    supplierName: textAt(seller, 'Name'),
    supplierNif: partyNif(seller),
    customerName: textAt(buyer, 'Name'),
    customerNif: partyNif(buyer),
    invoiceNumber: textAt(document, 'ID'),
    issueDate: isoOfCiiDate(textAt(at(document, 'IssueDateTime'), 'DateTimeString')),
    taxes: bases,
    recargo: [],
    irpf: null,
    // The invoice's total (a prepayment does not change it), else what is due plus what was prepaid.
    totalCents: grand ?? (due === null ? null : due + prepaid),
    currency,
  });
}
