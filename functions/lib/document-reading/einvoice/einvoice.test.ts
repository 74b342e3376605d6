import { readFileSync } from 'node:fs';
import type { Extraction } from '@shared/schemas/documents';
import { describe, expect, it } from 'vitest';
import { decimalToCents, percentToBp } from './amounts';
import { detectEInvoice, parseEInvoice } from './detect';
import { facturaeNumber } from './facturae';
import { xmlTextOf } from './xml';

const fixture = (name: string) => xmlTextOf(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const read = (name: string): Extraction => {
  const extraction = parseEInvoice(fixture(name));
  expect(extraction).not.toBeNull();
  return extraction as Extraction;
};

/** Σ bases + Σ quotas + Σ recargo − IRPF: the fixtures' own totals must close. */
const closes = (e: Extraction) =>
  e.bases.reduce((s, b) => s + b.baseCents + b.quotaCents, 0) +
    e.recargo.reduce((s, r) => s + r.quotaCents, 0) -
    (e.irpf?.amountCents ?? 0) ===
  e.totalCents;

describe('decimal strings to integers', () => {
  it('reads amounts exactly, rounding halves away from zero', () => {
    // Arrange / Act / Assert
    expect(decimalToCents('1234.56')).toBe(123456);
    expect(decimalToCents('0.5')).toBe(50);
    expect(decimalToCents('12.345')).toBe(1235);
    expect(decimalToCents('-12.345')).toBe(-1235);
    expect(decimalToCents('100')).toBe(10000);
    expect(decimalToCents('21,00')).toBe(2100);
    expect(decimalToCents('abc')).toBeNull();
    expect(decimalToCents('')).toBeNull();
    expect(percentToBp('5.2')).toBe(520);
    expect(percentToBp('21.00')).toBe(2100);
    expect(percentToBp('1.75')).toBe(175);
  });
});

describe('Facturae', () => {
  it('reads a 3.2.2 invoice with three rates, adding up two lines at the same rate', () => {
    const e = read('facturae-322-multirate.xml');
    expect(e).toEqual({
      supplierName: 'Suministros Hosteleros del Ebro, S.L.',
      supplierNif: 'B87654323',
      customerName: 'Panadería La Espiga, S.L.',
      customerNif: 'B12345674',
      invoiceNumber: 'FV-2024-0042',
      issueDate: '2024-03-15',
      bases: [
        { rateBp: 2100, baseCents: 125050, quotaCents: 26261 },
        { rateBp: 1000, baseCents: 8000, quotaCents: 800 },
        { rateBp: 400, baseCents: 1240, quotaCents: 50 },
      ],
      recargo: [],
      irpf: null,
      totalCents: 161401,
      currency: 'EUR',
      confidence: {
        supplierName: 1,
        supplierNif: 1,
        customerName: 1,
        customerNif: 1,
        invoiceNumber: 1,
        issueDate: 1,
        bases: 1,
        recargo: 1,
        irpf: 1,
        totalCents: 1,
        currency: 1,
      },
      source: 'EINVOICE',
    });
    expect(closes(e)).toBe(true);
  });

  it('reads the recargo de equivalencia per rate and a person buyer by name and surnames (3.2.1)', () => {
    const e = read('facturae-321-recargo.xml');
    expect(e.supplierName).toBe('Distribuciones Alimentarias Centro & Sur, S.A.');
    expect(e.supplierNif).toBe('A28017895');
    expect(e.customerName).toBe('María José Fernández Ruiz');
    expect(e.customerNif).toBe('12345678Z');
    // The number already starts with its series: not repeated.
    expect(e.invoiceNumber).toBe('R-2024-118');
    expect(e.bases).toEqual([
      { rateBp: 2100, baseCents: 50000, quotaCents: 10500 },
      { rateBp: 1000, baseCents: 20000, quotaCents: 2000 },
    ]);
    expect(e.recargo).toEqual([
      { rateBp: 520, quotaCents: 2600 },
      { rateBp: 140, quotaCents: 280 },
    ]);
    expect(e.totalCents).toBe(85380);
    expect(closes(e)).toBe(true);
  });

  it('reads a signed ISO-8859-1 .xsig (3.2) with IRPF withheld, ignoring the signature', () => {
    const e = read('facturae-32-irpf-signed.xsig');
    expect(e.supplierName).toBe('Íñigo Núñez Peña');
    expect(e.supplierNif).toBe('X1234567L');
    expect(e.customerName).toBe('Consultores Reunidos de Levante, S.A.');
    expect(e.invoiceNumber).toBe('2024/015');
    expect(e.issueDate).toBe('2024-06-28');
    expect(e.bases).toEqual([{ rateBp: 2100, baseCents: 150000, quotaCents: 31500 }]);
    expect(e.irpf).toEqual({ rateBp: 1500, amountCents: 22500 });
    expect(e.totalCents).toBe(159000);
    expect(closes(e)).toBe(true);
  });

  it('reads the first invoice of a batch: a 0 % base to a foreign buyer keeping its VAT prefix', () => {
    const e = read('facturae-322-batch-intra-eu.xml');
    expect(e.supplierNif).toBe('A86018322');
    expect(e.supplierName).toBe('Ingeniería de Software Mesetaria, S.A.');
    expect(e.customerNif).toBe('FR40303265045');
    expect(e.customerName).toBe('Société Générale de Conseil SARL');
    expect(e.invoiceNumber).toBe('EX-007');
    expect(e.bases).toEqual([{ rateBp: 0, baseCents: 300000, quotaCents: 0 }]);
    expect(e.totalCents).toBe(300000);
  });

  it('reads IGIC (TaxTypeCode 03) as bases and REIVA (17) as recargo', () => {
    const xml = fixture('facturae-322-multirate.xml')
      .replace(
        /<TaxesOutputs>[\s\S]*?<\/TaxesOutputs>/,
        `<TaxesOutputs>
          <Tax><TaxTypeCode>03</TaxTypeCode><TaxRate>7.00</TaxRate><TaxableBase><TotalAmount>100.00</TotalAmount></TaxableBase><TaxAmount><TotalAmount>7.00</TotalAmount></TaxAmount></Tax>
          <Tax><TaxTypeCode>01</TaxTypeCode><TaxRate>21.00</TaxRate><TaxableBase><TotalAmount>10.00</TotalAmount></TaxableBase><TaxAmount><TotalAmount>2.10</TotalAmount></TaxAmount></Tax>
          <Tax><TaxTypeCode>17</TaxTypeCode><TaxRate>5.20</TaxRate><TaxableBase><TotalAmount>10.00</TotalAmount></TaxableBase><TaxAmount><TotalAmount>0.52</TotalAmount></TaxAmount></Tax>
        </TaxesOutputs>`,
      )
      .replace('<InvoiceTotal>1614.01</InvoiceTotal>', '<InvoiceTotal>119.62</InvoiceTotal>');
    const e = parseEInvoice(xml) as Extraction;
    expect(e.bases).toEqual([
      { rateBp: 700, baseCents: 10000, quotaCents: 700 },
      { rateBp: 2100, baseCents: 1000, quotaCents: 210 },
    ]);
    expect(e.recargo).toEqual([{ rateBp: 520, quotaCents: 52 }]);
    expect(closes(e)).toBe(true);
  });

  it('joins series and number as printed', () => {
    expect(facturaeNumber('A', '0001')).toBe('A0001');
    expect(facturaeNumber('2024-', '15')).toBe('2024-15');
    expect(facturaeNumber('R', 'R-2024-118')).toBe('R-2024-118');
    expect(facturaeNumber(null, '77')).toBe('77');
  });

  it('gives confidence 0 to what the file does not state', () => {
    const xml = fixture('facturae-322-multirate.xml').replace(
      /<BuyerParty>[\s\S]*?<\/BuyerParty>/,
      '<BuyerParty><TaxIdentification><PersonTypeCode>J</PersonTypeCode><ResidenceTypeCode>R</ResidenceTypeCode><TaxIdentificationNumber>B12345674</TaxIdentificationNumber></TaxIdentification></BuyerParty>',
    );
    const e = parseEInvoice(xml) as Extraction;
    expect(e.customerName).toBeNull();
    expect(e.confidence.customerName).toBe(0);
    expect(e.confidence.customerNif).toBe(1);
  });
});

describe('UBL 2.1', () => {
  it('reads an Invoice: the legal name (not the trade name), the VAT id without ES, two rates', () => {
    const e = read('ubl-invoice-multirate.xml');
    expect(e).toMatchObject({
      supplierName: 'Hortofrutícola Ribera Navarra, S.L.',
      supplierNif: 'B35123454',
      customerName: 'Panadería La Espiga, S.L.',
      customerNif: 'B12345674',
      invoiceNumber: 'HRN-24/0917',
      issueDate: '2024-09-17',
      bases: [
        { rateBp: 2100, baseCents: 30000, quotaCents: 6300 },
        { rateBp: 1000, baseCents: 123456, quotaCents: 12346 },
      ],
      recargo: [],
      irpf: null,
      totalCents: 172102,
      currency: 'EUR',
      source: 'EINVOICE',
    });
    expect(closes(e)).toBe(true);
  });

  it('reads the IRPF withholding and gives the total after it (PayableAmount written before it)', () => {
    const e = read('ubl-invoice-irpf.xml');
    expect(e.supplierName).toBe('Laura Martínez Gómez');
    expect(e.supplierNif).toBe('12345678Z');
    expect(e.irpf).toEqual({ rateBp: 700, amountCents: 5600 });
    expect(e.totalCents).toBe(91200);
    expect(closes(e)).toBe(true);
  });

  it('does not take the IRPF off twice when the producer already did', () => {
    const xml = fixture('ubl-invoice-irpf.xml')
      .replace(/<cbc:TaxInclusiveAmount[^<]*<\/cbc:TaxInclusiveAmount>/, '')
      .replace('<cbc:PayableAmount currencyID="EUR">968.00', '<cbc:PayableAmount currencyID="EUR">912.00');
    expect((parseEInvoice(xml) as Extraction).totalCents).toBe(91200);
  });

  it('reads a recargo de equivalencia subtotal as recargo', () => {
    const e = read('ubl-invoice-recargo.xml');
    expect(e.supplierName).toBe('Menaje y Hogar de Levante, S.L.');
    expect(e.issueDate).toBe('2024-02-29');
    expect(e.bases).toEqual([{ rateBp: 2100, baseCents: 10000, quotaCents: 2100 }]);
    expect(e.recargo).toEqual([{ rateBp: 520, quotaCents: 520 }]);
    expect(e.totalCents).toBe(12620);
    expect(closes(e)).toBe(true);
  });

  it('reads a CreditNote as printed: foreign supplier, intra-EU base without a percent, prepaid part', () => {
    const e = read('ubl-creditnote-intra-eu.xml');
    expect(e.supplierName).toBe('Müller Maschinenbau GmbH');
    expect(e.supplierNif).toBe('DE123456789');
    expect(e.customerNif).toBe('A86018322');
    expect(e.invoiceNumber).toBe('GS-2024-0091');
    expect(e.bases).toEqual([{ rateBp: 0, baseCents: 45000, quotaCents: 0 }]);
    // The invoice's total: what is still payable plus what was prepaid.
    expect(e.totalCents).toBe(45000);
    expect(closes(e)).toBe(true);
  });
});

describe('CII (Factur-X / ZUGFeRD)', () => {
  it('reads the seller name, the VA registration first, a 102 date and two rates', () => {
    const e = read('cii-facturx-multirate.xml');
    expect(e).toMatchObject({
      supplierName: 'Artes Gráficas Cierzo, S.L.',
      supplierNif: 'B65432106',
      customerName: 'Panadería La Espiga, S.L.',
      customerNif: 'B12345674',
      invoiceNumber: 'AGC-2024-00311',
      issueDate: '2024-04-08',
      bases: [
        { rateBp: 2100, baseCents: 42000, quotaCents: 8820 },
        { rateBp: 400, baseCents: 15000, quotaCents: 600 },
      ],
      recargo: [],
      irpf: null,
      totalCents: 66420,
      currency: 'EUR',
    });
    expect(e.confidence.totalCents).toBe(1);
    expect(closes(e)).toBe(true);
  });

  it('reads a foreign supplier with its VAT prefix and DuePayableAmount when there is no grand total', () => {
    const e = read('cii-intra-eu.xml');
    expect(e.supplierName).toBe('Schmidt Bürotechnik GmbH');
    expect(e.supplierNif).toBe('DE811234567');
    expect(e.customerNif).toBe('A86018322');
    expect(e.bases).toEqual([{ rateBp: 0, baseCents: 125000, quotaCents: 0 }]);
    expect(e.totalCents).toBe(125000);
  });

  it('reads another currency, an exempt base without rate, and a buyer without tax id', () => {
    const e = read('cii-usd-exempt-prepaid.xml');
    expect(e.currency).toBe('USD');
    expect(e.supplierNif).toBe('B87654323');
    expect(e.customerName).toBe('Blue Harbor Trading LLC');
    expect(e.customerNif).toBeNull();
    expect(e.confidence.customerNif).toBe(0);
    expect(e.bases).toEqual([{ rateBp: 0, baseCents: 200000, quotaCents: 0 }]);
    expect(e.totalCents).toBe(200000);
    expect(e.issueDate).toBe('2024-01-01');
  });
});

describe('what is not an e-invoice', () => {
  it('detects each syntax by root element and namespace', () => {
    expect(detectEInvoice(fixture('facturae-322-multirate.xml'))).toBe('FACTURAE');
    expect(detectEInvoice(fixture('facturae-32-irpf-signed.xsig'))).toBe('FACTURAE');
    expect(detectEInvoice(fixture('ubl-invoice-irpf.xml'))).toBe('UBL_INVOICE');
    expect(detectEInvoice(fixture('ubl-creditnote-intra-eu.xml'))).toBe('UBL_CREDIT_NOTE');
    expect(detectEInvoice(fixture('cii-intra-eu.xml'))).toBe('CII');
  });

  it('refuses a DOCTYPE: entity expansion and external entities are never read', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>&lol2;</cbc:ID></Invoice>`;
    const xxe = fixture('ubl-invoice-multirate.xml').replace(
      '<Invoice ',
      '<!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Invoice ',
    );
    expect(parseEInvoice(laughs)).toBeNull();
    expect(parseEInvoice(xxe)).toBeNull();
    expect(detectEInvoice(xxe)).toBeNull();
  });

  it('gives null for malformed XML, another namespace, or another document', () => {
    expect(parseEInvoice(fixture('cii-intra-eu.xml').slice(0, 500))).toBeNull();
    expect(parseEInvoice('<Invoice xmlns="urn:example:not-ubl"><ID>1</ID></Invoice>')).toBeNull();
    expect(parseEInvoice('<?xml version="1.0"?><note><to>Ana</to></note>')).toBeNull();
    expect(parseEInvoice('%PDF-1.7 not xml')).toBeNull();
  });

  it('leaves undeclared entities as written and decodes character references', () => {
    const xml = fixture('ubl-invoice-recargo.xml').replace(
      'Menaje y Hogar de Levante, S.L.',
      'Menaje &#38; Hogar &#x4C;evante &amp; Cía, S.L.',
    );
    expect((parseEInvoice(xml) as Extraction).supplierName).toBe('Menaje & Hogar Levante & Cía, S.L.');
  });
});
