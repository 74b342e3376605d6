import { describe, expect, it } from 'vitest';
import { numberTokens, parseNumber } from './amounts';
import { findDates } from './dates';
import { extractFromText } from './extract';
import { findInvoiceNumber } from './invoice-number';
import { findParties } from './parties';
import { findTaxIds, repairSpanishId } from './tax-ids';
import { toLines } from './text';

const lines = (text: string) => toLines([text.split('\n')]);

describe('amounts', () => {
  it('reads Spanish, English-unambiguous and OCR-garbled amounts in céntimos', () => {
    expect(parseNumber('1.234,56')?.cents).toBe(123456);
    expect(parseNumber('1234,56')?.cents).toBe(123456);
    expect(parseNumber('1,234.56')?.cents).toBe(123456);
    expect(parseNumber('1.234.56')?.cents).toBe(123456); // OCR dot for the decimal comma
    expect(parseNumber('1.5OO,0O')?.cents).toBe(150000);
    expect(parseNumber('12,5')?.cents).toBe(1250);
    expect(parseNumber('15000')?.alternatives).toContain(15000); // a lost decimal comma is a reading
  });
  it('finds signs, parentheses and percentages, not codes or dates', () => {
    const t = numberTokens('Retención IRPF 15 %   (36,00)  F-2024/001  12/03/2025  -1,50 €');
    expect(t.map((x) => [x.value, x.percent, x.negative])).toEqual([
      [1500, true, false],
      [3600, false, true],
      [150, false, true],
    ]);
  });
});

describe('dates', () => {
  it('turns every Spanish form into ISO and refuses impossible dates', () => {
    const iso = (s: string) => findDates(s).map((d) => d.iso);
    expect(iso('Fecha: 05/03/2025')).toEqual(['2025-03-05']);
    expect(iso('Fecha: 05-03-2025')).toEqual(['2025-03-05']);
    expect(iso('Fecha: 05.03.25')).toEqual(['2025-03-05']);
    expect(iso('12 de marzo de 2025')).toEqual(['2025-03-12']);
    expect(iso('12-mar-2025')).toEqual(['2025-03-12']);
    expect(iso('3O/O4/2025')).toEqual(['2025-04-30']);
    expect(iso('31/02/2025')).toEqual([]);
  });
});

describe('tax ids', () => {
  it('normalises, drops the ES prefix, keeps EU prefixes and repairs OCR confusions that then validate', () => {
    expect(findTaxIds('NIF: ES B-00000000')[0]?.id).toBe('B00000000');
    expect(findTaxIds('CIF: BO0000000')[0]).toMatchObject({ id: 'B00000000', repaired: true });
    expect(findTaxIds('N.I.F. 12.345.678-Z')[0]?.id).toBe('12345678Z');
    expect(findTaxIds('VAT: FR12345678901')[0]).toMatchObject({ id: 'FR12345678901', foreign: true });
    expect(findTaxIds('Nº: FRA-2025-142')).toEqual([]); // a series that starts "FR" is no VAT id
    expect(repairSpanishId('I2345678Z')).toBe('12345678Z');
    expect(repairSpanishId('B0000000O')).toBe('B00000000');
  });
});

describe('invoice number', () => {
  it('takes the invoice number, never the order, delivery note or customer number', () => {
    const n = (s: string) => findInvoiceNumber(lines(s))?.value ?? null;
    expect(n('Pedido nº: P-2231\nAlbarán nº ALB-55\nFactura nº 2025-A-0042')).toBe('2025-A-0042');
    expect(n('Nº cliente: 4432   N* F-2024/001')).toBe('F-2024/001');
    expect(n('FACTURA    N9: FZ-100666    Fecha: 30/06/2025')).toBe('FZ-100666');
    expect(n('Fecha de factura: 3 de marzo de 2025\nNúmero: FV25/0007')).toBe('FV25/0007');
    expect(n('TOTAL FACTURA   1.605,00 €')).toBeNull();
  });
});

describe('parties', () => {
  const text = [
    'DISTRIBUCIONES LEVANTE                         CLIENTE',
    'Harinas del Levante S.L.                       Panadería La Espiga S.L.',
    'C/ Mayor, 3                                    Avda. del Puerto, 9',
    'NIF: B00000000                                 CIF: A58818501',
  ].join('\n');
  it('takes the legal name beside the tax id, and the block labelled "Cliente" as the customer', () => {
    const { supplier, customer } = findParties(lines(text));
    expect(supplier).toMatchObject({ id: 'B00000000', name: 'Harinas del Levante S.L.' });
    expect(customer).toMatchObject({ id: 'A58818501', name: 'Panadería La Espiga S.L.' });
  });
  it('makes the company whose NIF is the hint the customer', () => {
    const swapped = text.replace('CLIENTE', '       ');
    expect(findParties(lines(swapped), 'B00000000').customer?.id).toBe('B00000000');
  });
});

describe('extractFromText', () => {
  const invoice = (total: string) =>
    [
      'Harinas del Levante S.L.                 Facturar a:',
      'NIF: B00000000                           Panadería La Espiga S.L.',
      '                                         CIF: A58818501',
      'Factura nº F-2025/017      Fecha de emisión: 12 de marzo de 2025     Vencimiento: 12/04/2025',
      'Harina 25 kg                 10      50,00      500,00',
      'Base imponible      % IVA     Cuota IVA     % R.E.    Cuota R.E.',
      '500,00              10 %      50,00         1,4 %     7,00',
      '1.000,00            21 %      210,00        5,2 %     52,00',
      'Retención IRPF 15 %                         -225,00',
      total,
    ].join('\n');

  it('reads the summary table with recargo and IRPF, and is sure when the arithmetic closes', () => {
    const { extraction, notes } = extractFromText([invoice('TOTAL FACTURA   1.594,00 €').split('\n')], {
      source: 'TEXT',
    });
    expect(extraction).toMatchObject({
      supplierNif: 'B00000000',
      customerNif: 'A58818501',
      invoiceNumber: 'F-2025/017',
      issueDate: '2025-03-12',
      bases: [
        { rateBp: 1000, baseCents: 50000, quotaCents: 5000 },
        { rateBp: 2100, baseCents: 100000, quotaCents: 21000 },
      ],
      recargo: [
        { rateBp: 140, quotaCents: 700 },
        { rateBp: 520, quotaCents: 5200 },
      ],
      irpf: { rateBp: 1500, amountCents: 22500 },
      totalCents: 159400,
      currency: 'EUR',
    });
    expect(notes.arithmeticOk).toBe(true);
    expect(extraction.confidence.totalCents).toBeGreaterThanOrEqual(0.95);
  });

  it('derives a missing total with lower confidence and warns when nothing closes', () => {
    const missing = extractFromText([invoice('').split('\n')], { source: 'TEXT' });
    expect(missing.extraction.totalCents).toBe(159400);
    expect(missing.extraction.confidence.totalCents).toBe(0.7);
    const wrong = extractFromText([invoice('TOTAL FACTURA   9.999,00 €').split('\n')], { source: 'TEXT' });
    expect(wrong.notes.arithmeticOk).toBe(false);
    expect(wrong.extraction.confidence.totalCents).toBeLessThanOrEqual(0.5);
    expect(wrong.notes.warnings).toContain(
      'Las bases, cuotas y retenciones no suman el total de la factura.',
    );
  });

  it('reads an intra-EU reverse-charge invoice at rate 0 with its mentions', () => {
    const text = [
      'Cloudware Services Limited',
      'VAT: IE1234567W',
      'Bill to:                      Panadería La Espiga S.L.',
      '                              VAT: ESA58818501',
      'Invoice No: INV-2025-77      Date: 02-05-2025',
      'Subtotal                                  1,200.00',
      'VAT 0 % (reverse charge)                      0.00',
      'TOTAL                                     1,200.00 EUR',
      'Reverse charge - Inversión del sujeto pasivo, operación intracomunitaria',
    ];
    const { extraction, notes } = extractFromText([text], { source: 'TEXT', companyNif: 'A58818501' });
    expect(extraction.supplierNif).toBe('IE1234567W');
    expect(extraction.customerNif).toBe('A58818501');
    expect(extraction.bases).toEqual([{ rateBp: 0, baseCents: 120000, quotaCents: 0 }]);
    expect(notes.mentions).toEqual(expect.arrayContaining(['REVERSE_CHARGE', 'INTRA_EU']));
  });
});
