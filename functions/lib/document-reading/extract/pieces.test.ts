import { describe, expect, it } from 'vitest';
import { numberTokens, parseNumber } from './amounts';
import { findDates } from './dates';
import { extractFromText } from './extract';
import { findInvoiceNumber } from './invoice-number';
import { findParties } from './parties';
import { findRectifiedInvoice } from './rectified';
import { dropOneCharacter, findTaxIds, repairSpanishId } from './tax-ids';
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
    // A character read twice (the B of a scan as "BO"), seen in a judge's scan: one too many.
    expect(findTaxIds('NIF: ESBO02317311')[0]).toMatchObject({ id: 'B02317311', repaired: true });
    expect(dropOneCharacter('ESBO02317311')).toBe('B02317311');
    expect(dropOneCharacter('B023173111')).toBe('B02317311'); // a doubled digit: either copy goes
    expect(dropOneCharacter('1234567890')).toBeNull(); // nothing valid without one of them
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

// Issue 17 item 2: the classes of misses an independent corpus showed, one case each.
describe('what an independent corpus showed', () => {
  it('reads tax ids printed with spaces, dots, a stray OCR dash, an OCR-garbled label, in lower case', () => {
    const id = (s: string) => findTaxIds(s)[0]?.id ?? null;
    expect(id('C.I.F.: B 00000000')).toBe('B00000000');
    expect(id('CIF: B-58.818.501')).toBe('B58818501');
    expect(id('NIF: ES B58818501')).toBe('B58818501');
    expect(id('NIF/CIF:  — B58818501')).toBe('B58818501');
    expect(id('C.LF.: B 58818501')).toBe('B58818501');
    expect(id('inscrita con nif b58818501 en el registro')).toBe('B58818501');
    expect(id('DNI: 12 345 678 Z')).toBe('12345678Z');
  });

  it('takes the legal name printed beside the tax id in the footer, never a "label: value" line', () => {
    const text = [
      'luzverde                                                     FACTURA',
      '                                              Nº de factura: FE-2026-0042',
      '  Datos del titular',
      '  Panadería La Espiga SL',
      '  NIF/CIF: A58818501',
      '                                     Importe total a pagar        121,00 €',
      'Forma de pago: domiciliación bancaria en ES91 2100 0418 4502 0005 1332.',
      'Energía Verde Levante, S.A.U. · CIF: B-00000000 · Avenida de Aragón 30, 46021 Valencia',
    ].join('\n');
    const { supplier, customer } = findParties(lines(text));
    expect(supplier).toMatchObject({ id: 'B00000000', name: 'Energía Verde Levante, S.A.U.' });
    expect(customer).toMatchObject({ id: 'A58818501', name: 'Panadería La Espiga SL' });
    // OCR dropped a dot of the legal form: restored, since the others show how it is printed.
    const ocr = findParties(lines(text.replace('S.A.U.', 'S.AU.'))).supplier;
    expect(ocr?.name).toBe('Energía Verde Levante, S.A.U.');
  });

  it('takes the minuta, invoice or ticket number, never the college, customer or rectified one', () => {
    const n = (s: string) => findInvoiceNumber(lines(s))?.value ?? null;
    expect(n('Abogada, colegiada nº 12.345 ICAV\nMinuta nº: 2026/6185      Fecha: 14-10-2026')).toBe(
      '2026/6185',
    );
    expect(n('Arquitecto, colegiado nº 3.210\nFactura núm.: AM-7162/26')).toBe('AM-7162/26');
    expect(n('Invoice No.: DF-IE-2070')).toBe('DF-IE-2070');
    expect(n('Invoice number: BC3047')).toBe('BC3047');
    expect(n('NO; T1-000123                 Mesa: 7')).toBe('T1-000123');
    expect(n('Minuta n”: 2026/7725')).toBe('2026/7725');
    expect(n("Minuta n': 2026/2979")).toBe('2026/2979');
    expect(n('NO: T1-5910                          Mesa: 7')).toBe('T1-5910');
    expect(n('Rectifica a la factura nº 2026-5978 de fecha 12-09-2026\nNº Factura: R-2026-5001')).toBe(
      'R-2026-5001',
    );
  });

  it('reads English and Catalan long dates', () => {
    const iso = (s: string) => findDates(s).map((d) => d.iso);
    expect(iso('Invoice Date: 1 October 2026')).toEqual(['2026-10-01']);
    expect(iso('Date: October 3, 2026')).toEqual(['2026-10-03']);
    expect(iso('Date: 3rd Oct 2026')).toEqual(['2026-10-03']);
    expect(iso("Data: 5 d'octubre de 2026")).toEqual(['2026-10-05']);
  });

  it('reads negative amounts the ways rectificativas print them', () => {
    const t = numberTokens('-124,03 €   124,03- €   (124,03)   -€1,188.00');
    expect(t.map((x) => [x.value, x.negative])).toEqual([
      [12403, true],
      [12403, true],
      [12403, true],
      [118800, true],
    ]);
  });

  const summary = (head: string, rows: string[], total: string) =>
    [
      'Harinas del Levante S.L.                    Nº Factura: A-8139',
      'NIF: B00000000                              Fecha: 08/10/2026',
      '  CLIENTE',
      '  Panadería La Espiga S.L.',
      '  CIF: A58818501',
      ' Descripción                    Cant. x Precio     % IVA        Importe',
      ' Aceite de oliva 5 L            6 x 38,50          10%           430,05',
      ' Bolsas de papel kraft          5 x 42,00          21%           283,80',
      head,
      ...rows,
      total,
    ].join('\n');

  it('reads a header-led summary table of bare numbers, recargo columns included, rates without %', () => {
    const text = summary(
      'Resumen        Base imponible      % IVA      Cuota IVA     % R.E.      Cuota R.E.',
      [
        '                       283,80         21          59,60        5,2           14,76',
        '                       430,05         10          43,01        1,4            6,02',
      ],
      '                                               TOTAL FACTURA        837,24 €',
    );
    const { extraction, notes } = extractFromText([text.split('\n')], { source: 'TEXT' });
    expect(extraction.bases).toEqual([
      { rateBp: 2100, baseCents: 28380, quotaCents: 5960 },
      { rateBp: 1000, baseCents: 43005, quotaCents: 4301 },
    ]);
    expect(extraction.recargo).toEqual([
      { rateBp: 520, quotaCents: 1476 },
      { rateBp: 140, quotaCents: 602 },
    ]);
    expect(notes.arithmeticOk).toBe(true);
  });

  it('reads the table in another column order, glued headers, an OCR-garbled rate, on page 2', () => {
    const page2 = summary(
      'Resumen               Tipo Base imponible      Cuota IVA      % R.E.    Cuota R.E.',
      [
        '                        21          283,80          59,60       5,2         14,76',
        '                        10       430,05            43,01       114           6,02',
      ],
      '                                               TOTAL A PAGAR        837,24 €',
    ).split('\n');
    const { extraction } = extractFromText([page2.slice(0, 8), page2.slice(8)], { source: 'OCR' });
    expect(extraction.bases).toHaveLength(2);
    expect(extraction.recargo).toEqual(
      expect.arrayContaining([
        { rateBp: 520, quotaCents: 1476 },
        { rateBp: 140, quotaCents: 602 },
      ]),
    );
    expect(extraction.totalCents).toBe(83724);
  });

  it('reads a rectificativa: negative bases, quotas and total', () => {
    const text = summary(
      'Resumen         Base imponible       % IVA       Cuota IVA',
      ['                       -102,50          21          -21,53'],
      '                                               TOTAL FACTURA        124,03- €',
    );
    const { extraction, notes } = extractFromText([text.split('\n')], { source: 'TEXT' });
    expect(extraction.bases).toEqual([{ rateBp: 2100, baseCents: -10250, quotaCents: -2153 }]);
    expect(extraction.totalCents).toBe(-12403);
    expect(notes.arithmeticOk).toBe(true);
  });

  it('makes the professional of a minuta the issuer and the "Cliente:" block the customer', () => {
    const text = [
      'Lucía Ferrer Climent',
      'NIF: 00000000T',
      'Gran Vía Marqués del Turia 49, 3ª',
      'Abogada, colegiada nº 12.345 ICAV',
      '                         MINUTA DE HONORARIOS',
      'Minuta nº: 2026/6185                                   Fecha: 14-10-2026',
      'Cliente:           Panadería La Espiga SL',
      '                   CIF: A58818501',
    ].join('\n');
    for (const companyNif of [null, 'A58818501']) {
      const { extraction } = extractFromText([text.split('\n')], { source: 'TEXT', companyNif });
      expect(extraction).toMatchObject({
        supplierName: 'Lucía Ferrer Climent',
        supplierNif: '00000000T',
        customerName: 'Panadería La Espiga SL',
        customerNif: 'A58818501',
        invoiceNumber: '2026/6185',
      });
    }
  });

  it('finds the invoice a rectificativa corrects, for the expenses draft', () => {
    const r = (s: string) => findRectifiedInvoice(s);
    expect(
      r(
        'FACTURA RECTIFICATIVA   Nº Factura: R-2026-5001\nRectifica a la factura nº 2026-5978 de fecha 12-09-2026',
      ),
    ).toEqual({ invoiceNumber: '2026-5978', issueDate: '2026-09-12' });
    expect(r('Factura rectificada: A-12 (03/02/2026)')).toEqual({
      invoiceNumber: 'A-12',
      issueDate: '2026-02-03',
    });
    expect(r('Sustituye a la factura F-7\ndel 1 de marzo de 2026')).toEqual({
      invoiceNumber: 'F-7',
      issueDate: '2026-03-01',
    });
    expect(r('Nº Factura: F-2026/001\nFecha: 12/09/2026')).toBeNull();
  });
});
