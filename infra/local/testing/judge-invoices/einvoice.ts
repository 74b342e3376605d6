/**
 * The judge's e-invoices, written by hand from the standards (not from the product's readers):
 *  - Facturae 3.2.2 (Orden HAP/1650/2015; schema Facturaev3_2_2.xml of facturae.gob.es): a
 *    professional's invoice with IVA 21 % and IRPF 15 % (TaxesWithheld, TaxTypeCode 04), the seller's
 *    TaxIdentificationNumber with the ES prefix, the legal name in LegalEntity/CorporateName and a
 *    different TradeName;
 *  - UBL 2.1 Invoice (OASIS UBL 2.1, EN 16931 customization): two VAT categories (21 % and 10 %), the
 *    trade name in PartyName and the legal name in PartyLegalEntity/RegistrationName.
 * Both carry no series code apart, so the invoice number is unambiguous.
 */

import { cifControl, dniLetter } from '@shared/fiscal/nif';
import type { Truth } from './corpus';
import { ESPIGA } from './corpus';
import { quotaOf } from './format';

const dec = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface EInvoiceCase {
  key: string;
  kind: string;
  fileName: string;
  xml: string;
  truth: Truth;
}

export function facturae(seed: number): EInvoiceCase {
  const n = (seed * 13) % 10_000_000;
  const nif = `${String(30_000_000 + (n % 9_000_000)).padStart(8, '0')}`;
  const sellerNif = `${nif}${dniLetter(Number(nif))}`;
  const number = `CONS-2026-${String((seed % 9000) + 1000)}`;
  const issueDate = '2026-10-30';
  const lines = [
    { d: 'Asesoramiento en el plan de prevención de riesgos laborales', base: 42_000 },
    { d: 'Formación de seguridad alimentaria (4 horas)', base: 18_000 },
  ];
  const base = lines.reduce((s, l) => s + l.base, 0);
  const vat = quotaOf(base, 2100);
  const irpf = quotaOf(base, 1500);
  const total = base + vat - irpf;
  const legalName = 'Vicente Albiol Puchades';
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<fe:Facturae xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:fe="http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml">
  <FileHeader>
    <SchemaVersion>3.2.2</SchemaVersion>
    <Modality>I</Modality>
    <InvoiceIssuerType>EM</InvoiceIssuerType>
    <Batch>
      <BatchIdentifier>ES${sellerNif}${number}</BatchIdentifier>
      <InvoicesCount>1</InvoicesCount>
      <TotalInvoicesAmount><TotalAmount>${dec(base + vat)}</TotalAmount></TotalInvoicesAmount>
      <TotalOutstandingAmount><TotalAmount>${dec(total)}</TotalAmount></TotalOutstandingAmount>
      <TotalExecutableAmount><TotalAmount>${dec(total)}</TotalAmount></TotalExecutableAmount>
      <InvoiceCurrencyCode>EUR</InvoiceCurrencyCode>
    </Batch>
  </FileHeader>
  <Parties>
    <SellerParty>
      <TaxIdentification>
        <PersonTypeCode>F</PersonTypeCode>
        <ResidenceTypeCode>R</ResidenceTypeCode>
        <TaxIdentificationNumber>ES${sellerNif}</TaxIdentificationNumber>
      </TaxIdentification>
      <Individual>
        <Name>Vicente</Name>
        <FirstSurname>Albiol</FirstSurname>
        <SecondSurname>Puchades</SecondSurname>
        <AddressInSpain>
          <Address>Calle Cirilo Amorós 60, 4º</Address>
          <PostCode>46004</PostCode>
          <Town>Valencia</Town>
          <Province>Valencia</Province>
          <CountryCode>ESP</CountryCode>
        </AddressInSpain>
      </Individual>
    </SellerParty>
    <BuyerParty>
      <TaxIdentification>
        <PersonTypeCode>J</PersonTypeCode>
        <ResidenceTypeCode>R</ResidenceTypeCode>
        <TaxIdentificationNumber>ES${ESPIGA.nif}</TaxIdentificationNumber>
      </TaxIdentification>
      <LegalEntity>
        <CorporateName>${esc(ESPIGA.name)}</CorporateName>
        <TradeName>Forn La Espiga</TradeName>
        <AddressInSpain>
          <Address>Carrer de Sueca 18</Address>
          <PostCode>46006</PostCode>
          <Town>València</Town>
          <Province>Valencia</Province>
          <CountryCode>ESP</CountryCode>
        </AddressInSpain>
      </LegalEntity>
    </BuyerParty>
  </Parties>
  <Invoices>
    <Invoice>
      <InvoiceHeader>
        <InvoiceNumber>${number}</InvoiceNumber>
        <InvoiceDocumentType>FC</InvoiceDocumentType>
        <InvoiceClass>OO</InvoiceClass>
      </InvoiceHeader>
      <InvoiceIssueData>
        <IssueDate>${issueDate}</IssueDate>
        <OperationDate>2026-10-15</OperationDate>
        <InvoiceCurrencyCode>EUR</InvoiceCurrencyCode>
        <TaxCurrencyCode>EUR</TaxCurrencyCode>
        <LanguageName>es</LanguageName>
      </InvoiceIssueData>
      <TaxesOutputs>
        <Tax>
          <TaxTypeCode>01</TaxTypeCode>
          <TaxRate>21.00</TaxRate>
          <TaxableBase><TotalAmount>${dec(base)}</TotalAmount></TaxableBase>
          <TaxAmount><TotalAmount>${dec(vat)}</TotalAmount></TaxAmount>
        </Tax>
      </TaxesOutputs>
      <TaxesWithheld>
        <Tax>
          <TaxTypeCode>04</TaxTypeCode>
          <TaxRate>15.00</TaxRate>
          <TaxableBase><TotalAmount>${dec(base)}</TotalAmount></TaxableBase>
          <TaxAmount><TotalAmount>${dec(irpf)}</TotalAmount></TaxAmount>
        </Tax>
      </TaxesWithheld>
      <InvoiceTotals>
        <TotalGrossAmount>${dec(base)}</TotalGrossAmount>
        <TotalGeneralDiscounts>0.00</TotalGeneralDiscounts>
        <TotalGeneralSurcharges>0.00</TotalGeneralSurcharges>
        <TotalGrossAmountBeforeTaxes>${dec(base)}</TotalGrossAmountBeforeTaxes>
        <TotalTaxOutputs>${dec(vat)}</TotalTaxOutputs>
        <TotalTaxesWithheld>${dec(irpf)}</TotalTaxesWithheld>
        <InvoiceTotal>${dec(base + vat - irpf)}</InvoiceTotal>
        <TotalOutstandingAmount>${dec(total)}</TotalOutstandingAmount>
        <TotalExecutableAmount>${dec(total)}</TotalExecutableAmount>
      </InvoiceTotals>
      <Items>
${lines
  .map(
    (l) => `        <InvoiceLine>
          <ItemDescription>${esc(l.d)}</ItemDescription>
          <Quantity>1.0</Quantity>
          <UnitOfMeasure>01</UnitOfMeasure>
          <UnitPriceWithoutTax>${dec(l.base)}</UnitPriceWithoutTax>
          <TotalCost>${dec(l.base)}</TotalCost>
          <GrossAmount>${dec(l.base)}</GrossAmount>
          <TaxesWithheld><Tax><TaxTypeCode>04</TaxTypeCode><TaxRate>15.00</TaxRate><TaxableBase><TotalAmount>${dec(l.base)}</TotalAmount></TaxableBase><TaxAmount><TotalAmount>${dec(quotaOf(l.base, 1500))}</TotalAmount></TaxAmount></Tax></TaxesWithheld>
          <TaxesOutputs><Tax><TaxTypeCode>01</TaxTypeCode><TaxRate>21.00</TaxRate><TaxableBase><TotalAmount>${dec(l.base)}</TotalAmount></TaxableBase><TaxAmount><TotalAmount>${dec(quotaOf(l.base, 2100))}</TotalAmount></TaxAmount></Tax></TaxesOutputs>
        </InvoiceLine>`,
  )
  .join('\n')}
      </Items>
      <PaymentDetails>
        <Installment>
          <InstallmentDueDate>2026-11-30</InstallmentDueDate>
          <InstallmentAmount>${dec(total)}</InstallmentAmount>
          <PaymentMeans>04</PaymentMeans>
          <AccountToBeCredited><IBAN>ES7620770024003102575766</IBAN></AccountToBeCredited>
        </Installment>
      </PaymentDetails>
    </Invoice>
  </Invoices>
</fe:Facturae>
`;
  return {
    key: 'facturae-3.2.2',
    kind: 'Facturae 3.2.2 (persona física, IVA 21 % e IRPF 15 %)',
    fileName: `facturae-${number}.xml`,
    xml,
    truth: {
      supplierName: legalName,
      supplierNif: sellerNif,
      customerName: ESPIGA.name,
      customerNif: ESPIGA.nif,
      invoiceNumber: number,
      issueDate,
      bases: [{ rateBp: 2100, baseCents: base, quotaCents: vat }],
      recargo: [],
      irpf: { rateBp: 1500, amountCents: irpf },
      totalCents: total,
      currency: 'EUR',
    },
  };
}

export function ubl(seed: number): EInvoiceCase {
  const seven = String((seed * 17 + 4_321_000) % 10_000_000).padStart(7, '0');
  const sellerNif = `B${seven}${cifControl(seven).digit}`;
  const number = `INV${String((seed % 90_000) + 10_000)}`;
  const issueDate = '2026-11-03';
  const lines = [
    { id: 1, d: 'Mantenimiento cámaras frigoríficas', base: 27_500, rate: 2100, cat: 'S' },
    { id: 2, d: 'Servicio de desinsectación', base: 9_000, rate: 2100, cat: 'S' },
    { id: 3, d: 'Comidas del equipo de mantenimiento', base: 6_350, rate: 1000, cat: 'S' },
  ];
  const rates = [2100, 1000].map((r) => {
    const b = lines.filter((l) => l.rate === r).reduce((s, l) => s + l.base, 0);
    return { rateBp: r, baseCents: b, quotaCents: quotaOf(b, r) };
  });
  const base = rates.reduce((s, r) => s + r.baseCents, 0);
  const vat = rates.reduce((s, r) => s + r.quotaCents, 0);
  const total = base + vat;
  const legalName = 'Frío Industrial Valenciano, S.L.';
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>${number}</cbc:ID>
  <cbc:IssueDate>${issueDate}</cbc:IssueDate>
  <cbc:DueDate>2026-12-03</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:Note>Pago a 30 días</cbc:Note>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cac:PartyName><cbc:Name>FRIVAL</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>Calle Músico Ginés 4</cbc:StreetName>
        <cbc:CityName>Valencia</cbc:CityName>
        <cbc:PostalZone>46022</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>ES</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>ES${sellerNif}</cbc:CompanyID>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:PartyTaxScheme>
      <cac:PartyLegalEntity>
        <cbc:RegistrationName>${esc(legalName)}</cbc:RegistrationName>
      </cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party>
      <cac:PostalAddress>
        <cbc:StreetName>Carrer de Sueca 18</cbc:StreetName>
        <cbc:CityName>València</cbc:CityName>
        <cbc:PostalZone>46006</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>ES</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>ES${ESPIGA.nif}</cbc:CompanyID>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:PartyTaxScheme>
      <cac:PartyLegalEntity>
        <cbc:RegistrationName>${esc(ESPIGA.name)}</cbc:RegistrationName>
      </cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount><cbc:ID>ES9121000418450200051332</cbc:ID></cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">${dec(vat)}</cbc:TaxAmount>
${rates
  .map(
    (r) => `    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">${dec(r.baseCents)}</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">${dec(r.quotaCents)}</cbc:TaxAmount>
      <cac:TaxCategory>
        <cbc:ID>S</cbc:ID>
        <cbc:Percent>${r.rateBp / 100}</cbc:Percent>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:TaxCategory>
    </cac:TaxSubtotal>`,
  )
  .join('\n')}
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">${dec(base)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">${dec(base)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${dec(total)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">${dec(total)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
${lines
  .map(
    (l) => `  <cac:InvoiceLine>
    <cbc:ID>${l.id}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">${dec(l.base)}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>${esc(l.d)}</cbc:Name>
      <cac:ClassifiedTaxCategory>
        <cbc:ID>${l.cat}</cbc:ID>
        <cbc:Percent>${l.rate / 100}</cbc:Percent>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">${dec(l.base)}</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>`,
  )
  .join('\n')}
</Invoice>
`;
  return {
    key: 'ubl-2.1',
    kind: 'UBL 2.1 Invoice (21 % y 10 %)',
    fileName: `ubl-${number}.xml`,
    xml,
    truth: {
      supplierName: legalName,
      supplierNif: sellerNif,
      customerName: ESPIGA.name,
      customerNif: ESPIGA.nif,
      invoiceNumber: number,
      issueDate,
      bases: rates,
      recargo: [],
      irpf: null,
      totalCents: total,
      currency: 'EUR',
    },
  };
}
