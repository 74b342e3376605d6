import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract';
import { joinSplitRows } from './split-rows';
import { toLines } from './text';

// Summary rows as Tesseract gave them on scans of the demo (issue 17 item 2): the label on its own line,
// a quota or a base unreadable.
const head = [
  'Datos del emisor                                  Datos del cliente',
  'Distribuciones La Espiga C.B.                     Panadería La Espiga S.L.',
  'N.I.F.: A06657092                                 N.I.F.: B46128732',
  'Número: F-2024/150          Fecha de factura: 10-07-2024',
  'Concepto                                   Cant.        Precio          Importe',
  ' Servicio de mantenimiento                    10        428,45         4.284,50',
  ' Harina de trigo 25 kg                         7      1.277,53         8.942,71',
];
const read = (summary: string[]) =>
  extractFromText([[...head, ...summary]], { source: 'OCR', companyNif: 'B46128732', lineConfidence: 0.93 });

const QUOTA_DERIVED = 'Alguna cuota de IVA no se pudo leer y se ha calculado a partir de su base y tipo.';
const BASE_DERIVED = 'Alguna base imponible se ha calculado a partir de su cuota.';

describe('(a) a tax row OCR split in two', () => {
  it('joins a rate label to the amounts line above it', () => {
    const { extraction, notes } = read([
      ' Desglose de IVA',
      '                              13.227,21 €             2.777,71 €',
      ' IVA 21%',
      '                                          Importe total        16.004,92 €',
    ]);
    expect(extraction.bases).toEqual([{ rateBp: 2100, baseCents: 1322721, quotaCents: 277771 }]);
    expect(extraction.totalCents).toBe(1600492);
    expect(notes.arithmeticOk).toBe(true);
    // Both figures were read: nothing derived, full amount confidence.
    expect(extraction.confidence.bases).toBe(0.98);
  });

  it('joins labels above their amounts, two rates, each to its own line', () => {
    const { extraction, notes } = read([
      ' Desglose de IVA',
      ' IVA 21%',
      '                               8.942,71 €             1.877,97 €',
      ' IVA 10%',
      '                               4.284,50 €               428,45 €',
      '                                          Importe total        15.533,63 €',
    ]);
    expect(extraction.bases).toEqual([
      { rateBp: 2100, baseCents: 894271, quotaCents: 187797 },
      { rateBp: 1000, baseCents: 428450, quotaCents: 42845 },
    ]);
    expect(notes.arithmeticOk).toBe(true);
  });

  it('joins a base or total label alone on its line, and a tax name glued to its rate', () => {
    const { extraction, notes } = read([
      '                                                      25.219,83 €',
      '                               Base imponible',
      '                                                       2.521,98 €',
      '                               IVA10 %',
      '                                                      27.741,81 €',
      '                               Total a pagar',
    ]);
    expect(extraction.bases).toEqual([{ rateBp: 1000, baseCents: 2521983, quotaCents: 252198 }]);
    expect(extraction.totalCents).toBe(2774181);
    // The total was read, not derived: the arithmetic closes on printed figures.
    expect(notes.arithmeticOk).toBe(true);
    expect(notes.warnings).toEqual([]);
  });

  it('takes the side whose amounts close, and leaves item lines and headers alone', () => {
    const lines = toLines([
      [
        '   1.000,00    210,00',
        'IVA 21%',
        '   Subtotal    500,00',
        'Base   IVA 21 %   Total',
        '   1.000,00    210,00   1.210,00',
      ],
    ]);
    const joined = joinSplitRows(lines, (l) => /1\.000,00\s+210,00$/.test(l.text));
    expect(joined.map((l) => l.text.replace(/\s+/g, ' ').trim())).toEqual([
      'IVA 21% 1.000,00 210,00',
      'Subtotal 500,00',
      'Base IVA 21 % Total',
      '1.000,00 210,00 1.210,00',
    ]);
  });
});

describe('(b) an unreadable quota', () => {
  const split = (total: string) => [
    ' Desglose de IVA',
    '                              13.227,21 €                2711 11€',
    ' IVA 21%',
    `                                          Importe total        ${total}`,
  ];

  it('is base × rate when the total then closes, less sure but consistent', () => {
    const { extraction, notes } = read(split('16.004,92 €'));
    expect(extraction.bases).toEqual([{ rateBp: 2100, baseCents: 1322721, quotaCents: 277771 }]);
    expect(notes.arithmeticOk).toBe(true);
    expect(notes.quotasOk).toBe(true);
    expect(extraction.confidence.bases).toBe(0.8);
    expect(extraction.confidence.totalCents).toBe(0.98);
    expect(notes.warnings).toContain(QUOTA_DERIVED);
  });

  it('is not derived when the total does not close with it', () => {
    const { extraction, notes } = read(split('16.100,00 €'));
    expect(extraction.bases.map((b) => b.baseCents)).not.toContain(1322721);
    expect(notes.arithmeticOk).toBe(false);
    expect(notes.warnings).not.toContain(QUOTA_DERIVED);
  });

  it('counts a withholding read on its line, and the base printed on its own line', () => {
    const { extraction, notes } = read([
      ' Base imponible                                      1.000,00 €',
      ' IVA 21 %                                              2l0 O€',
      ' Retención IRPF 15 %                                   150,00 €',
      ' TOTAL FACTURA                                       1.060,00 €',
    ]);
    expect(extraction.bases).toEqual([{ rateBp: 2100, baseCents: 100000, quotaCents: 21000 }]);
    expect(extraction.irpf).toEqual({ rateBp: 1500, amountCents: 15000 });
    expect(notes.arithmeticOk).toBe(true);
  });
});

describe('(c) an unreadable base', () => {
  it('is what the total leaves when base × rate gives the quota read', () => {
    const { extraction, notes } = read([
      ' IVA 21%                      13 227 21 €             2.777,71 €',
      '                                          Importe total        16.004,92 €',
    ]);
    expect(extraction.bases).toEqual([{ rateBp: 2100, baseCents: 1322721, quotaCents: 277771 }]);
    expect(notes.arithmeticOk).toBe(true);
    expect(extraction.confidence.bases).toBe(0.8);
    expect(notes.warnings).toContain(BASE_DERIVED);
  });

  it('is not taken from a total the quota does not prove', () => {
    const { extraction, notes } = read([
      ' IVA 21%                      13 227 21 €             2.777,71 €',
      '                                          Importe total        16.500,00 €',
    ]);
    expect(notes.arithmeticOk).toBe(false);
    expect(extraction.bases.map((b) => b.baseCents)).not.toContain(1650000 - 277771);
  });
});
