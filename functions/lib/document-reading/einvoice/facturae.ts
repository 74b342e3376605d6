/**
 * Facturae 3.2 / 3.2.1 / 3.2.2 (Orden HAP/1650/2015 and Orden PRE/2971/2007; the schema published at
 * https://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml — no copy of the XSD is kept in
 * shared/data, so the element names below follow that public structure). A signed `.xsig` is the same
 * document with an enveloped XAdES `ds:Signature` as the root's last child: it is simply not read.
 *
 *   Facturae
 *     FileHeader/Batch/InvoiceCurrencyCode
 *     Parties/SellerParty|BuyerParty
 *       TaxIdentification/TaxIdentificationNumber
 *       LegalEntity/CorporateName | Individual/Name, FirstSurname, SecondSurname
 *     Invoices/Invoice (one or more: a batch, "lote")
 *       InvoiceHeader/InvoiceNumber, InvoiceSeriesCode
 *       InvoiceIssueData/IssueDate, InvoiceCurrencyCode
 *       TaxesOutputs/Tax: TaxTypeCode, TaxRate, TaxableBase/TotalAmount, TaxAmount/TotalAmount,
 *                         EquivalenceSurcharge, EquivalenceSurchargeAmount/TotalAmount
 *       TaxesWithheld/Tax (TaxTypeCode 04 = IRPF)
 *       InvoiceTotals/InvoiceTotal, TotalExecutableAmount
 *
 * A batch file carries several invoices of one seller to one buyer; a document is one invoice, so the
 * FIRST invoice of a batch is read (the others would need uploading one by one).
 */

import type {
  Extraction,
  ExtractionBase,
  ExtractionIrpf,
  ExtractionRecargo,
} from '@shared/schemas/documents';
import { decimalToCents, percentToBp } from './amounts';
import { toExtraction } from './extraction';
import { at, child, childNodes, textAt, type XmlNode } from './xml';

/** TaxTypeCode of the taxes that make a base (IVA, IPSI, IGIC). */
const OUTPUT_TAXES = new Set(['01', '02', '03']);
/** TaxTypeCode of the equivalence surcharges when written as taxes of their own (REIVA, REIGIC, REIPSI). */
const SURCHARGE_TAXES = new Set(['17', '18', '19']);
const IRPF = '04';

/** The legal name of a party: the company's CorporateName or the person's name and surnames. */
function partyName(party: XmlNode | null): string | null {
  const corporate = textAt(party, 'LegalEntity', 'CorporateName');
  if (corporate) return corporate;
  const person = child(party, 'Individual');
  const parts = ['Name', 'FirstSurname', 'SecondSurname'].map((n) => textAt(person, n)).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

const partyNif = (party: XmlNode | null) => textAt(party, 'TaxIdentification', 'TaxIdentificationNumber');

/**
 * The number as printed. Facturae splits it into InvoiceSeriesCode and InvoiceNumber and says nothing
 * of how they are joined on paper; most producers print the series straight before the number
 * ("A" + "0001" -> "A0001", "2024-" + "15" -> "2024-15"), so they are concatenated as they are, and
 * the series is not repeated when the number already starts with it.
 */
export function facturaeNumber(series: string | null, number: string | null): string | null {
  if (number === null) return series;
  if (series === null || number.startsWith(series)) return number;
  return `${series}${number}`;
}

const amountOf = (node: XmlNode | null, name: string) => decimalToCents(textAt(node, name, 'TotalAmount'));

interface FacturaeTaxes {
  bases: ExtractionBase[];
  recargo: ExtractionRecargo[];
}

function outputTaxes(invoice: XmlNode): FacturaeTaxes {
  const bases: ExtractionBase[] = [];
  const recargo: ExtractionRecargo[] = [];
  for (const tax of childNodes(child(invoice, 'TaxesOutputs'), 'Tax')) {
    const code = textAt(tax, 'TaxTypeCode') ?? '01';
    const rateBp = percentToBp(textAt(tax, 'TaxRate'));
    const baseCents = amountOf(tax, 'TaxableBase');
    const quotaCents = amountOf(tax, 'TaxAmount') ?? 0;
    if (SURCHARGE_TAXES.has(code)) {
      if (rateBp !== null) recargo.push({ rateBp, quotaCents });
      continue;
    }
    if (!OUTPUT_TAXES.has(code) || rateBp === null || baseCents === null) continue;
    bases.push({ rateBp, baseCents, quotaCents });
    const surchargeCents = amountOf(tax, 'EquivalenceSurchargeAmount');
    const surchargeBp = percentToBp(textAt(tax, 'EquivalenceSurcharge'));
    if (surchargeCents !== null && surchargeCents !== 0 && surchargeBp !== null) {
      recargo.push({ rateBp: surchargeBp, quotaCents: surchargeCents });
    }
  }
  return { bases, recargo };
}

/** The IRPF withheld (TaxTypeCode 04), added up, at the first rate found. */
function withheldIrpf(invoice: XmlNode): ExtractionIrpf | null {
  let irpf: ExtractionIrpf | null = null;
  for (const tax of childNodes(child(invoice, 'TaxesWithheld'), 'Tax')) {
    if (textAt(tax, 'TaxTypeCode') !== IRPF) continue;
    const amountCents = Math.abs(amountOf(tax, 'TaxAmount') ?? 0);
    const rateBp = percentToBp(textAt(tax, 'TaxRate')) ?? 0;
    irpf = irpf
      ? { rateBp: irpf.rateBp, amountCents: irpf.amountCents + amountCents }
      : { rateBp, amountCents };
  }
  return irpf;
}

/** The Facturae root element's content -> the extraction of its first invoice. */
export function parseFacturae(root: XmlNode): Extraction | null {
  const invoice = childNodes(child(root, 'Invoices'), 'Invoice')[0];
  if (!invoice) return null;
  const seller = at(root, 'Parties', 'SellerParty');
  const buyer = at(root, 'Parties', 'BuyerParty');
  const { bases, recargo } = outputTaxes(invoice);
  const totals = child(invoice, 'InvoiceTotals');
  return toExtraction({
    supplierName: partyName(seller),
    supplierNif: partyNif(seller),
    customerName: partyName(buyer),
    customerNif: partyNif(buyer),
    invoiceNumber: facturaeNumber(
      textAt(invoice, 'InvoiceHeader', 'InvoiceSeriesCode'),
      textAt(invoice, 'InvoiceHeader', 'InvoiceNumber'),
    ),
    issueDate: textAt(invoice, 'InvoiceIssueData', 'IssueDate'),
    taxes: bases,
    recargo,
    irpf: withheldIrpf(invoice),
    // InvoiceTotal = gross before taxes + taxes repercutidos − taxes withheld: what the invoice is for,
    // after IRPF. TotalExecutableAmount also subtracts payments on account: only a fallback.
    totalCents:
      decimalToCents(textAt(totals, 'InvoiceTotal')) ??
      decimalToCents(textAt(totals, 'TotalExecutableAmount')),
    currency:
      textAt(invoice, 'InvoiceIssueData', 'InvoiceCurrencyCode') ??
      textAt(root, 'FileHeader', 'Batch', 'InvoiceCurrencyCode'),
  });
}
