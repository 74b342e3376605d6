/**
 * The one-stop shop (OSS) through the books: an invoice to a consumer of another member state charges
 * that state's VAT (invoice-totals), the aggregates record it by state and rate (grammar v6), and the
 * VeriFacTu and SII records declare it not subject here with ClaveRegimen 17.
 */
import { describe, expect, it } from 'vitest';
import { vatTreatmentConflict } from '../schemas/customers';
import type { Invoice, InvoiceCustomerSnapshot } from '../schemas/invoices';
import type { SistemaInformatico } from '../schemas/verifactu';
import { AGGREGATE_GRAMMAR_VERSION, formatIssuedKey, parseIssuedKey } from './aggregate-keys';
import { computeInvoiceTotals, type InvoiceTotalsInput, OSS_MENTION } from './invoice-totals';
import { issuedRecord } from './sii-record';
import { issuedContribution } from './tax-aggregates';
import { buildAltaFields } from './verifactu-record';

type Line = InvoiceTotalsInput['lines'][number];
const oss = (country: string, unitPriceCents: number, vatRateBp: number, o: Partial<Line> = {}): Line => ({
  quantityMilli: 1000,
  unitPriceCents,
  discountBp: 0,
  vatRateBp,
  operation: 'N2',
  recargo: false,
  ossCountry: country,
  ...o,
});

const frenchConsumer: InvoiceCustomerSnapshot = {
  customerId: 'c-fr',
  name: 'Camille Martin',
  taxId: { type: 'PASSPORT', value: '19AB12345', country: 'FR' },
  address: '12 rue de Rivoli',
  postalCode: '75001',
  city: 'Paris',
  country: 'FR',
  vatTreatment: 'OSS',
};

/** A confirmed invoice with the totals the engine computes for `lines`. */
function invoiceOf(lines: Line[], over: Partial<Invoice> = {}): Invoice {
  const t = computeInvoiceTotals({
    lines,
    operationDate: '2026-02-10',
    rectificationByDifferences: over.rectification?.method === 'DIFFERENCES',
  });
  return {
    invoiceId: 'inv-oss',
    companyId: 'co1',
    invoiceType: 'F1',
    status: 'CONFIRMED',
    invoiceDate: '2026-02-10',
    operationDate: null,
    dueDate: null,
    paymentMethod: 'CARD',
    notes: null,
    customer: frenchConsumer,
    invoiceLines: lines.map((l, i) => ({
      description: `Plantilla digital ${i + 1}`,
      quantityMilli: l.quantityMilli,
      unitPriceCents: l.unitPriceCents,
      discountBp: l.discountBp ?? 0,
      vatRateBp: l.vatRateBp,
      operation: l.operation ?? 'S1',
      recargo: false,
      ...(l.ossCountry ? { ossCountry: l.ossCountry } : {}),
      baseCents: t.lineBasesCents[i] as number,
    })),
    irpfRateBp: 0,
    totals: {
      baseCents: t.baseCents,
      vatCents: t.vatCents,
      recargoCents: t.recargoCents,
      irpfCents: t.irpfCents,
      totalCents: t.totalCents,
    },
    breakdown: t.breakdown,
    legalMentions: t.legalMentions,
    series: 'A',
    seriesId: 's1',
    issuer: {
      name: 'Marta Sánchez Ruiz',
      nif: '12345678Z',
      street: 'Calle Mayor 1',
      postalCode: '28001',
      city: 'Madrid',
      province: 'Madrid',
      country: 'ES',
      email: null,
      phone: null,
      vatRegime: 'GENERAL',
    },
    siiStatus: 'NOT_SENT',
    requestedSeriesId: null,
    number: 1,
    invoiceNumber: 'A-2026-0001',
    confirmedAt: '2026-02-10T09:30:00.000Z',
    createdAt: '2026-02-10T09:00:00.000Z',
    updatedAt: '2026-02-10T09:30:00.000Z',
    ...over,
  };
}

describe('OSS customers', () => {
  const address = (country: string) => ({ country });
  it('a consumer of another member state, never one with a NIF-IVA nor in Spain or outside the EU', () => {
    expect(
      vatTreatmentConflict({ taxId: frenchConsumer.taxId!, vatTreatment: 'OSS', address: address('FR') }),
    ).toBeUndefined();
    expect(
      vatTreatmentConflict({
        taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' },
        vatTreatment: 'OSS',
        address: address('FR'),
      }),
    ).toMatch(/consumidores finales/);
    expect(vatTreatmentConflict({ taxId: '12345678Z', vatTreatment: 'OSS', address: address('ES') })).toMatch(
      /otro Estado miembro/,
    );
    expect(
      vatTreatmentConflict({
        taxId: { type: 'PASSPORT', value: 'X1', country: 'US' },
        vatTreatment: 'OSS',
        address: address('US'),
      }),
    ).toMatch(/otro Estado miembro/);
  });
});

describe('computeInvoiceTotals: OSS lines charge the VAT of the member state of consumption', () => {
  it('groups per state and rate, rounds once per group and says so on the invoice', () => {
    const t = computeInvoiceTotals({
      operationDate: '2026-02-10',
      lines: [
        oss('FR', 10_005, 2000), // 100,05 € at 20 %
        oss('FR', 3_333, 2000), // 33,33 €: the FR 20 % group is 133,38 → 26,676 → 26,68 €
        oss('FR', 1_000, 550), // 10,00 € at 5,5 % → 0,55 €
        oss('DE', 5_000, 1900), // 50,00 € at 19 % → 9,50 €
      ],
    });
    expect(t.breakdown).toEqual([
      {
        operation: 'N2',
        vatRateBp: 1900,
        recargoRateBp: 0,
        ossCountry: 'DE',
        baseCents: 5000,
        vatCents: 950,
        recargoCents: 0,
      },
      {
        operation: 'N2',
        vatRateBp: 2000,
        recargoRateBp: 0,
        ossCountry: 'FR',
        baseCents: 13_338,
        vatCents: 2668,
        recargoCents: 0,
      },
      {
        operation: 'N2',
        vatRateBp: 550,
        recargoRateBp: 0,
        ossCountry: 'FR',
        baseCents: 1000,
        vatCents: 55,
        recargoCents: 0,
      },
    ]);
    expect(t).toMatchObject({ baseCents: 19_338, vatCents: 3673, totalCents: 23_011 });
    expect(t.legalMentions).toEqual([OSS_MENTION]);
  });

  it('keeps an ordinary N2 line apart, with its own mention and no VAT', () => {
    const t = computeInvoiceTotals({
      lines: [oss('FR', 10_000, 2000), { ...oss('FR', 5_000, 0), ossCountry: undefined }],
    });
    expect(t.breakdown.map((g) => [g.ossCountry ?? '-', g.vatRateBp, g.vatCents])).toEqual([
      ['-', 0, 0],
      ['FR', 2000, 2000],
    ]);
    expect(t.legalMentions).toEqual(['Operación no sujeta a IVA por reglas de localización', OSS_MENTION]);
  });

  it.each([
    ['a Spanish rate in France', oss('FR', 100, 2100), 'UNKNOWN_OSS_RATE', 'lines.0.vatRateBp'],
    ['a rate Finland no longer has', oss('FI', 100, 1400), 'UNKNOWN_OSS_RATE', 'lines.0.vatRateBp'],
    ['Spain as member state of consumption', oss('ES', 100, 2100), 'OSS_COUNTRY', 'lines.0.ossCountry'],
    ['a country outside the EU', oss('US', 100, 2000), 'OSS_COUNTRY', 'lines.0.ossCountry'],
    ['an S1 line', oss('FR', 100, 2000, { operation: 'S1' }), 'OSS_COUNTRY', 'lines.0.ossCountry'],
    ['recargo', oss('FR', 100, 2000, { recargo: true }), 'RECARGO_WITHOUT_REGIME', 'lines.0.recargo'],
  ])('refuses %s', (_, l, reason, field) => {
    expect(() => computeInvoiceTotals({ lines: [l], operationDate: '2026-02-10' })).toThrow(
      expect.objectContaining({ reason, field }),
    );
  });

  it('takes the rates in force on the operation date (Finland 14 % in 2025, 13,5 % in 2026)', () => {
    expect(
      computeInvoiceTotals({ lines: [oss('FI', 10_000, 1400)], operationDate: '2025-12-31' }).vatCents,
    ).toBe(1400);
    expect(
      computeInvoiceTotals({ lines: [oss('FI', 10_000, 1350)], operationDate: '2026-01-01' }).vatCents,
    ).toBe(1350);
  });
});

describe('aggregates (grammar v6): OSS sales by member state of consumption and rate', () => {
  it('writes the state in the key, never in the 349 nor the 347', () => {
    expect(AGGREGATE_GRAMMAR_VERSION).toBeGreaterThanOrEqual(6);
    const inv = invoiceOf([oss('FR', 10_000, 2000), oss('DE', 5_000, 1900)]);
    const c = issuedContribution(inv, 1);
    expect(c.byKey.map((l) => [l.taxKey, l.baseCents, l.vatCents, l.count])).toEqual([
      ['N2|1900|0|EU|0|G|DE', 5000, 950, 1],
      ['N2|2000|0|EU|0|G|FR', 10_000, 2000, 1],
    ]);
    expect(c.byCounterparty.map((l) => [l.opKey, l.baseCents, l.totalCents])).toEqual([
      ['X_FOREIGN', 15_000, 17_950],
    ]);
  });

  it('an OSS sale of a criterio-de-caja issuer stays under the general regime', () => {
    const inv = invoiceOf([oss('FR', 10_000, 2000)]);
    const c = issuedContribution({ ...inv, issuer: { ...inv.issuer!, vatRegime: 'CRITERIO_CAJA' } }, 1);
    expect(c.byKey.map((l) => l.taxKey)).toEqual(['N2|2000|0|EU|0|G|FR']);
  });

  it('a rectificativa of an earlier quarter names the quarter its 369 corrects', () => {
    const original = invoiceOf([oss('FR', 10_000, 2000)]);
    const rect = invoiceOf([oss('FR', -10_000, 2000)], {
      invoiceId: 'r1',
      invoiceType: 'R1',
      invoiceDate: '2026-04-15',
      rectification: {
        method: 'DIFFERENCES',
        reason: 'Devolución',
        rectified: [
          {
            invoiceId: original.invoiceId,
            invoiceNumber: 'A-2026-0001',
            invoiceDate: '2026-02-10',
            invoiceType: 'F1',
            totals: original.totals,
            breakdown: original.breakdown,
          },
        ],
      },
    });
    const c = issuedContribution(rect, 1);
    expect(c.byKey.map((l) => [l.taxKey, l.baseCents, l.vatCents])).toEqual([
      ['N2|2000|0|EU|Q|G|FR@2026-Q1', -10_000, -2000],
    ]);
    expect(parseIssuedKey('N2|2000|0|EU|Q|G|FR@2026-Q1')).toEqual({
      operation: 'N2',
      vatRateBp: 2000,
      recargoRateBp: 0,
      region: 'EU',
      mod: 'Q',
      regime: 'G',
      oss: 'FR',
      ossCorrects: '2026-Q1',
    });
  });

  it('parses the keys it writes and refuses malformed states', () => {
    const parts = {
      operation: 'N2',
      vatRateBp: 550,
      recargoRateBp: 0,
      region: 'EU',
      mod: '0',
      regime: 'G',
      oss: 'FR',
    } as const;
    expect(parseIssuedKey(formatIssuedKey(parts))).toEqual(parts);
    expect(parseIssuedKey('N2|550|0|EU|0|G|fr')).toBeUndefined();
    expect(parseIssuedKey('N2|550|0|EU|0|G|FR@2026-5')).toBeUndefined();
    // v5 keys read as before.
    expect(parseIssuedKey('S1|2100|0|ES|0|G')).toEqual({
      operation: 'S1',
      vatRateBp: 2100,
      recargoRateBp: 0,
      region: 'ES',
      mod: '0',
      regime: 'G',
    });
  });
});

const system: SistemaInformatico = {
  NombreRazon: 'Cuadra Software SL',
  NIF: 'B00000034',
  NombreSistemaInformatico: 'Cuadra',
  IdSistemaInformatico: 'CU',
  Version: '1.0.0',
  NumeroInstalacion: 'CUADRA-co1',
  TipoUsoPosibleSoloVerifactu: 'N',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'S',
};

describe('VeriFacTu and SII records of an OSS invoice: ClaveRegimen 17, not subject here', () => {
  it('VeriFacTu: N2 with key 17 and the base only; the foreign VAT is outside CuotaTotal and ImporteTotal', () => {
    const inv = invoiceOf([oss('FR', 10_000, 2000)]);
    const f = buildAltaFields({ invoice: inv, link: null, timestamp: '2026-02-10T10:30:00+01:00', system });
    expect(f.Desglose).toEqual([
      {
        Impuesto: '01',
        ClaveRegimen: '17',
        CalificacionOperacion: 'N2',
        BaseImponibleOimporteNoSujeto: '100.00',
      },
    ]);
    expect(f.CuotaTotal).toBe('0.00');
    expect(f.ImporteTotal).toBe('100.00');
  });

  it('VeriFacTu: a mixed invoice keys each group on its own', () => {
    const inv = invoiceOf([
      oss('FR', 10_000, 2000),
      { ...oss('FR', 5_000, 2100), operation: 'S1', ossCountry: undefined },
    ]);
    const f = buildAltaFields({ invoice: inv, link: null, timestamp: '2026-02-10T10:30:00+01:00', system });
    expect(
      f.Desglose.map((d) => [d.ClaveRegimen, d.CalificacionOperacion, d.CuotaRepercutida ?? null]),
    ).toEqual([
      ['01', 'S1', '10.50'],
      ['17', 'N2', null],
    ]);
    expect(f.CuotaTotal).toBe('10.50');
    expect(f.ImporteTotal).toBe('160.50');
  });

  it('SII FE: 17 as the main key, the base not subject by the place-of-supply rules', () => {
    const inv = invoiceOf([oss('FR', 10_000, 2000)]);
    const company = { companyNif: '12345678Z', companyName: 'Marta Sánchez Ruiz', cashCriterion: false };
    const r = issuedRecord(inv, company);
    expect(r.regimeKeys).toEqual(['17']);
    const mixed = invoiceOf([
      oss('FR', 10_000, 2000),
      { ...oss('FR', 5_000, 2100), operation: 'S1', ossCountry: undefined },
    ]);
    expect(issuedRecord(mixed, company).regimeKeys).toEqual(['01', '17']);
    const b = r.breakdown;
    const notSubject =
      b.kind === 'INVOICE' ? b.invoice.notSubjectLocationCents : (b.services?.notSubjectLocationCents ?? 0);
    expect(notSubject).toBe(10_000);
  });
});
