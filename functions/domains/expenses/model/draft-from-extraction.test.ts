import type { Extraction, ExtractionNotes } from '@shared/schemas/documents';
import { describe, expect, it } from 'vitest';
import {
  applyCorrections,
  draftFromExtraction,
  draftLines,
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
  supplier = { name: 'Asesores Peñalara SL', taxId: 'B12345674', stored: false },
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

  it('refuses what is neither (a wrong control letter, a non-EU prefix, nothing)', () => {
    expect(supplierTaxIdFromNif('B12345675')).toBeNull();
    expect(supplierTaxIdFromNif('US123456789')).toBeNull();
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
