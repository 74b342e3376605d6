import type { Extraction, ExtractionNotes } from '@shared/schemas/documents';
import { describe, expect, it } from 'vitest';
import {
  applyCorrections,
  type DraftSupplier,
  draftFromExtraction,
  draftLines,
  IGIC_WARNING,
  ratePercentText,
  supplierTaxIdFromNif,
} from './draft-from-extraction';

/** 1.000,00 € at 21 % + 200,00 € at 10 %, IRPF 15 %: 1.000 + 210 + 200 + 20 − 180 = 1.250,00 €. */
const extraction = (over: Partial<Extraction> = {}): Extraction => ({
  supplierName: 'Asesores Peñalara SL',
  supplierNif: 'B12345674',
  customerName: 'Panadería La Espiga SL',
  customerNif: 'A28017895',
  invoiceNumber: 'F 2026/0042',
  issueDate: '2026-02-27',
  bases: [
    { rateBp: 2100, baseCents: 100_000, quotaCents: 21_000 },
    { rateBp: 1000, baseCents: 20_000, quotaCents: 2000 },
  ],
  recargo: [],
  irpf: { rateBp: 1500, amountCents: 18_000 },
  totalCents: 125_000,
  currency: 'EUR',
  confidence: { supplierNif: 1, invoiceNumber: 0.95, totalCents: 0.99 },
  source: 'TEXT',
  ...over,
});

const notes = (over: Partial<ExtractionNotes> = {}): ExtractionNotes => ({
  arithmeticOk: true,
  quotasOk: true,
  mentions: [],
  fieldSources: {},
  qr: null,
  warnings: [],
  ...over,
});

const plan = (
  e: Extraction,
  n: ExtractionNotes = notes(),
  supplier: DraftSupplier = { name: 'Asesores Peñalara SL', taxId: 'B12345674', stored: false },
) =>
  draftFromExtraction({
    extraction: e,
    notes: n,
    documentId: 'doc-1',
    fileName: 'factura.pdf',
    supplier,
    expenseCategoryId: 'cat-1',
    receivedDate: '2026-03-02',
  });

describe('supplierTaxIdFromNif', () => {
  it('reads a Spanish NIF (with or without ES) and an EU VAT number with its member state', () => {
    expect(supplierTaxIdFromNif('b-12345674')).toBe('B12345674');
    expect(supplierTaxIdFromNif('ESB12345674')).toBe('B12345674');
    expect(supplierTaxIdFromNif('FR12345678901')).toEqual({
      type: 'NIF_IVA',
      value: 'FR12345678901',
      country: 'FR',
    });
    expect(supplierTaxIdFromNif('EL123456789')).toMatchObject({ country: 'GR' });
  });

  it('a non-EU tax id with its country prefix is another identifier (AEAT IDType 04) of that country', () => {
    expect(supplierTaxIdFromNif('GB 123 4567 89')).toEqual({
      type: 'OTHER_ID',
      value: 'GB123456789',
      country: 'GB',
    });
    expect(supplierTaxIdFromNif('CHE-123.456.789')).toEqual({
      type: 'OTHER_ID',
      value: 'CHE123456789',
      country: 'CH',
    });
    expect(supplierTaxIdFromNif('US123456789')).toEqual({
      type: 'OTHER_ID',
      value: 'US123456789',
      country: 'US',
    });
  });

  it('refuses what is none of them (a wrong control letter, an invalid EU number, no digits, nothing)', () => {
    expect(supplierTaxIdFromNif('B12345675')).toBeNull();
    expect(supplierTaxIdFromNif('FR1234')).toBeNull();
    expect(supplierTaxIdFromNif('USABC')).toBeNull();
    expect(supplierTaxIdFromNif(null)).toBeNull();
  });
});

describe('draftLines', () => {
  it('makes one DOMESTIC line per base with its rate, quantity 1 and the base as price', () => {
    const { lines, problems } = draftLines(extraction(), notes(), 'ES');
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      {
        description: 'Base imponible al 21 %',
        quantity: 1,
        unitPriceCents: 100_000,
        vatRateBp: 2100,
        kind: 'DOMESTIC',
      },
      {
        description: 'Base imponible al 10 %',
        quantity: 1,
        unitPriceCents: 20_000,
        vatRateBp: 1000,
        kind: 'DOMESTIC',
      },
    ]);
  });

  it('puts each recargo on the base of its VAT rate', () => {
    const e = extraction({
      recargo: [
        { rateBp: 140, quotaCents: 280 },
        { rateBp: 520, quotaCents: 5200 },
      ],
    });
    const { lines, problems } = draftLines(e, notes(), 'ES');
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.vatRateBp, l.recargoRateBp])).toEqual([
      [2100, 520],
      [1000, 140],
    ]);
  });

  it('reports a recargo that fits no base and a rate that is not Spanish', () => {
    const e = extraction({
      bases: [{ rateBp: 2000, baseCents: 100_000, quotaCents: 20_000 }],
      recargo: [{ rateBp: 520, quotaCents: 5200 }],
    });
    const { lines, problems } = draftLines(e, notes(), 'ES');
    expect(lines).toEqual([]);
    expect(problems).toEqual(['bases', 'recargo']);
  });

  it('an EU supplier at 0 % with an intra-EU mention is an intra-EU acquisition of services, self-assessed at 21 %', () => {
    const e = extraction({ bases: [{ rateBp: 0, baseCents: 50_000, quotaCents: 0 }] });
    const { lines, warnings } = draftLines(e, notes({ mentions: ['INTRA_EU'] }), 'FR');
    expect(lines[0]).toMatchObject({ kind: 'INTRA_EU_SERVICES', vatRateBp: 2100, unitPriceCents: 50_000 });
    expect(warnings[0]).toContain('confirma el tipo');
    expect(draftLines(e, notes({ mentions: ['INTRA_EU', 'GOODS'] }), 'DE').lines[0]!.kind).toBe(
      'INTRA_EU_GOODS',
    );
  });

  it('0 % with an exemption mention is EXEMPT; a Spanish reverse charge is REVERSE_CHARGE', () => {
    const e = extraction({ bases: [{ rateBp: 0, baseCents: 50_000, quotaCents: 0 }] });
    expect(draftLines(e, notes({ mentions: ['EXEMPT'] }), 'ES').lines[0]).toMatchObject({
      kind: 'EXEMPT',
      vatRateBp: 0,
      description: 'Operación exenta',
    });
    expect(draftLines(e, notes({ mentions: ['REVERSE_CHARGE'] }), 'ES').lines[0]).toMatchObject({
      kind: 'REVERSE_CHARGE',
      vatRateBp: 2100,
    });
    expect(draftLines(e, notes(), 'ES').lines[0]).toMatchObject({ kind: 'DOMESTIC', vatRateBp: 0 });
  });
});

describe('draftFromExtraction', () => {
  it('a complete reading whose figures add up: the body of a PENDING received invoice, nothing missing', () => {
    const p = plan(extraction());
    expect(p.missing).toEqual([]);
    expect(p.totals!.totalCents).toBe(125_000);
    expect(p.body).toMatchObject({
      supplier: { name: 'Asesores Peñalara SL', taxId: 'B12345674' },
      supplierInvoiceNumber: 'F 2026/0042',
      issueDate: '2026-02-27',
      receivedDate: '2026-03-02',
      irpfRateBp: 1500,
      expenseCategoryId: 'cat-1',
      approvalStatus: 'PENDING',
      attachments: [{ documentId: 'doc-1', fileName: 'factura.pdf' }],
    });
    expect(p.body!.lines.map((l) => l.quantity)).toEqual([1000, 1000]);
    expect(p.body!.notes).toContain('factura.pdf');
  });

  it('a printed total the lines do not reproduce is INCOMPLETE on totalCents (the draft is still built)', () => {
    const p = plan(extraction({ totalCents: 125_001 }));
    expect(p.missing).toEqual(['totalCents']);
    expect(p.body).not.toBeNull();
  });

  it('a quota that is not base × rate, or an IRPF amount that is not base × rate, names its field', () => {
    expect(
      plan(
        extraction({
          bases: [
            { rateBp: 2100, baseCents: 100_000, quotaCents: 21_500 },
            { rateBp: 1000, baseCents: 20_000, quotaCents: 2000 },
          ],
        }),
      ).missing,
    ).toEqual(['bases']);
    expect(plan(extraction({ irpf: { rateBp: 1500, amountCents: 17_000 } })).missing).toEqual(['irpf']);
  });

  it('the reading’s own doubts (arithmetic, another currency) make it INCOMPLETE', () => {
    expect(plan(extraction(), notes({ arithmeticOk: false })).missing).toEqual(['totalCents']);
    expect(plan(extraction({ currency: 'USD' })).missing).toEqual(['currency']);
  });

  it('without a tax id, number, date or base no invoice can be built: body null, the fields missing', () => {
    const none = draftFromExtraction({
      extraction: extraction({
        supplierNif: null,
        supplierName: null,
        invoiceNumber: null,
        issueDate: '27/02/2026',
      }),
      notes: notes(),
      documentId: 'doc-1',
      fileName: 'f.pdf',
      supplier: null,
      expenseCategoryId: null,
      receivedDate: '2026-03-02',
    });
    expect(none.body).toBeNull();
    expect(none.missing).toEqual(['supplierName', 'supplierNif', 'invoiceNumber', 'issueDate']);
    expect(plan(extraction({ bases: [], totalCents: null })).missing).toEqual(['bases', 'totalCents']);
    expect(plan(extraction({ bases: [], totalCents: null })).body).toBeNull();
  });

  it('a name not read is missing unless the supplier is a stored one', () => {
    const e = extraction({ supplierName: null });
    expect(
      plan(e, notes(), { name: 'Proveedor B12345674', taxId: 'B12345674', stored: false }).missing,
    ).toEqual(['supplierName']);
    expect(plan(e, notes(), { name: 'Asesores', taxId: 'B12345674', stored: true }).missing).toEqual([]);
  });
});

describe('applyCorrections', () => {
  it('replaces the corrected fields, marks them exact and lists only the ones that changed', () => {
    const { extraction: e, changed } = applyCorrections(extraction(), {
      invoiceNumber: 'F-2026/0043',
      supplierNif: 'B12345674',
      totalCents: 125_000,
    });
    expect(changed).toEqual(['invoiceNumber']);
    expect(e.invoiceNumber).toBe('F-2026/0043');
    expect(e.confidence.invoiceNumber).toBe(1);
    expect(applyCorrections(extraction(), undefined).changed).toEqual([]);
  });
});

it('ratePercentText writes the Spanish decimal comma', () => {
  expect([2100, 1000, 550, 520, 0, 175].map(ratePercentText)).toEqual([
    '21',
    '10',
    '5,5',
    '5,2',
    '0',
    '1,75',
  ]);
});

/**
 * Issue 17 item 2: a complete reading whose figures close is CREATED, whatever its kind. One case
 * per kind the judge's digital corpus holds (figures as the invoices print them).
 */
describe('complete readings of every kind are CREATED', () => {
  const plain = { irpf: null, recargo: [] };
  const cases: [string, Partial<Extraction>, Partial<ExtractionNotes>, string][] = [
    [
      'a) 21 % + 10 % with recargo 5,2 % + 1,4 %',
      {
        ...plain,
        bases: [
          { rateBp: 2100, baseCents: 28_380, quotaCents: 5960 },
          { rateBp: 1000, baseCents: 43_005, quotaCents: 4301 },
        ],
        recargo: [
          { rateBp: 520, quotaCents: 1476 },
          { rateBp: 140, quotaCents: 602 },
        ],
        totalCents: 28_380 + 5960 + 43_005 + 4301 + 1476 + 602,
      },
      {},
      'B12345674',
    ],
    [
      'b) IRPF 15 % of a professional',
      {
        bases: [{ rateBp: 2100, baseCents: 77_000, quotaCents: 16_170 }],
        recargo: [],
        irpf: { rateBp: 1500, amountCents: 11_550 },
        totalCents: 77_000 + 16_170 - 11_550,
      },
      {},
      'B12345674',
    ],
    [
      'c) exempt (art. 20) at rate 0',
      { ...plain, bases: [{ rateBp: 0, baseCents: 33_000, quotaCents: 0 }], totalCents: 33_000 },
      { mentions: ['EXEMPT'] },
      'B12345674',
    ],
    [
      'd) intra-EU services from an IE supplier, reverse charge',
      {
        ...plain,
        supplierNif: 'IE3924065WH',
        bases: [{ rateBp: 0, baseCents: 142_800, quotaCents: 0 }],
        totalCents: 142_800,
      },
      { mentions: ['REVERSE_CHARGE'] },
      'IE3924065WH',
    ],
    [
      'f) a utility bill with one 21 % base',
      { ...plain, bases: [{ rateBp: 2100, baseCents: 36_005, quotaCents: 7561 }], totalCents: 43_566 },
      {},
      'B12345674',
    ],
    [
      'g) a 2-page invoice with 4/10/21 % (the summary on page 2)',
      {
        ...plain,
        bases: [
          { rateBp: 2100, baseCents: 34_215, quotaCents: 7185 },
          { rateBp: 1000, baseCents: 79_920, quotaCents: 7992 },
          { rateBp: 400, baseCents: 124_020, quotaCents: 4961 },
        ],
        totalCents: 34_215 + 7185 + 79_920 + 7992 + 124_020 + 4961,
      },
      {},
      'B12345674',
    ],
  ];
  for (const [name, over, noteOver, nif] of cases) {
    it(name, () => {
      const taxId = supplierTaxIdFromNif(nif)!;
      const p = plan(extraction({ supplierNif: nif, ...over }), notes(noteOver), {
        name: 'Proveedor SL',
        taxId,
        stored: false,
      });
      expect(p.missing).toEqual([]);
      expect(p.body).not.toBeNull();
      expect(p.totals.totalCents).toBe(over.totalCents);
    });
  }

  it('e) a rectificativa with negative base and total: R1 by differences when the rectified invoice is known', () => {
    const e = extraction({
      irpf: null,
      bases: [{ rateBp: 2100, baseCents: -10_250, quotaCents: -2153 }],
      totalCents: -12_403,
    });
    const p = draftFromExtraction({
      extraction: e,
      notes: notes(),
      documentId: 'doc-1',
      fileName: 'r.pdf',
      supplier: { name: 'Envases SL', taxId: 'B12345674', stored: false },
      expenseCategoryId: null,
      receivedDate: '2026-03-02',
      rectifies: { invoiceNumber: '2026-0012', issueDate: '2026-01-12' },
    });
    expect(p.missing).toEqual([]);
    expect(p.body).toMatchObject({
      invoiceType: 'R1',
      rectification: { method: 'DIFFERENCES', rectified: [{ supplierInvoiceNumber: '2026-0012' }] },
    });
    expect(p.totals.totalCents).toBe(-12_403);
    // Without the rectified invoice (art. 15 RD 1619/2012 requires it): INCOMPLETE, named, kept as read.
    const unknown = plan(e);
    expect(unknown.missing).toEqual(['rectifiedInvoice']);
    expect(unknown.body).toBeNull();
    expect(unknown.partial).toMatchObject({ invoiceType: 'R1', supplierInvoiceNumber: 'F 2026/0042' });
    expect(unknown.totals.totalCents).toBe(-12_403);
  });

  it('a non-EU supplier invoicing services without VAT: reverse charge, self-assessed (art. 84.Uno.2º LIVA)', () => {
    const taxId = supplierTaxIdFromNif('GB123456789')!;
    const p = plan(
      extraction({
        supplierNif: 'GB123456789',
        irpf: null,
        bases: [{ rateBp: 0, baseCents: 9900, quotaCents: 0 }],
        totalCents: 9900,
      }),
      notes(),
      { name: 'Cloud Ltd', taxId, stored: false },
    );
    expect(p.missing).toEqual([]);
    expect(p.body?.lines).toMatchObject([{ kind: 'REVERSE_CHARGE', vatRateBp: 2100 }]);
    expect(p.totals.totalCents).toBe(9900);
  });
});

describe('IGIC readings (Canarias)', () => {
  it('become a draft of NOT_SUBJECT lines (base and IGIC as cost), INCOMPLETE with the Spanish warning', () => {
    const e = extraction({
      irpf: null,
      bases: [
        { rateBp: 700, baseCents: 10_000, quotaCents: 700 },
        { rateBp: 300, baseCents: 5000, quotaCents: 150 },
      ],
      totalCents: 15_850,
    });
    const p = plan(e, notes({ mentions: ['IGIC'] }));
    expect(p.missing).toEqual(['bases']);
    expect(p.warnings).toContain(IGIC_WARNING);
    expect(p.body?.lines).toMatchObject([
      {
        kind: 'NOT_SUBJECT',
        vatRateBp: 0,
        unitPriceCents: 10_000,
        description: 'Base imponible (IGIC al 7 %)',
      },
      { kind: 'NOT_SUBJECT', vatRateBp: 0, unitPriceCents: 700 },
      { kind: 'NOT_SUBJECT', vatRateBp: 0, unitPriceCents: 5000 },
      { kind: 'NOT_SUBJECT', vatRateBp: 0, unitPriceCents: 150 },
    ]);
    // Nothing deductible in the 303; the payable total is the invoice's.
    expect(p.totals).toMatchObject({ totalCents: 15_850, deductibleVatCents: 0, vatCents: 0 });
  });

  it('9,5 % IGIC without the IGIC mention is not read as IGIC: a rate that is not Spanish VAT', () => {
    const p = plan(
      extraction({
        irpf: null,
        bases: [{ rateBp: 950, baseCents: 10_000, quotaCents: 950 }],
        totalCents: 10_950,
      }),
    );
    expect(p.missing).toContain('bases');
    expect(p.partial.lines).toEqual([]);
  });
});
