import { describe, expect, it } from 'vitest';
import { AppError } from '../api/errors';
import type { InvoiceCustomerSnapshot, RectifiedInvoiceRef } from '../schemas/invoices';
import type { ReceivedInvoice, ReceivedInvoiceLine } from '../schemas/received-invoices';
import type { IntraEuOperation, SiiIssuedRecord, SiiReceivedRecord } from '../schemas/sii';
import { computeReceivedInvoiceTotals } from './received-invoice-totals';
import {
  applyCorrections,
  collectionRecord,
  entrySummary,
  forcedAccrualDate,
  type IssuedInvoiceSource,
  intraEuRecord,
  investmentRecords,
  issuedRecord,
  paymentRecord,
  receivedRecord,
  SII_FORCED_ACCRUAL_METHOD,
  type SiiCompany,
  siiCounterpartyOf,
  siiPaymentMedium,
  siiPeriodOf,
} from './sii-record';

const company: SiiCompany = {
  companyNif: 'B12345674',
  companyName: 'Transportes Levante SA',
  cashCriterion: false,
};

const spanishCustomer: InvoiceCustomerSnapshot = {
  customerId: 'c1',
  name: 'Cliente Nacional SL',
  taxId: 'B87654321',
  address: 'Calle Mayor 1',
  postalCode: '46001',
  city: 'Valencia',
  country: 'ES',
  vatTreatment: 'DOMESTIC',
};

const frenchCustomer: InvoiceCustomerSnapshot = {
  ...spanishCustomer,
  name: 'Client Français SARL',
  taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' },
  country: 'FR',
  vatTreatment: 'INTRA_EU',
};

type Group = IssuedInvoiceSource['breakdown'][number];
const g = (operation: string, baseCents: number, vatRateBp = 0, recargoRateBp = 0): Group => ({
  operation,
  vatRateBp,
  recargoRateBp,
  baseCents,
  vatCents: Math.round((baseCents * vatRateBp) / 10_000),
  recargoCents: Math.round((baseCents * recargoRateBp) / 10_000),
});

function issued(over: Partial<IssuedInvoiceSource> = {}): IssuedInvoiceSource {
  const breakdown = over.breakdown ?? [g('S1', 10_000, 2100)];
  const sum = (f: (x: Group) => number) => breakdown.reduce((a, x) => a + f(x), 0);
  const baseCents = sum((x) => x.baseCents);
  const vatCents = sum((x) => x.vatCents);
  const recargoCents = sum((x) => x.recargoCents);
  return {
    invoiceId: 'inv1',
    companyId: 'co1',
    invoiceType: 'F1',
    invoiceDate: '2026-03-10',
    operationDate: null,
    series: 'A',
    number: 7,
    invoiceNumber: 'A-2026-0007',
    customer: spanishCustomer,
    issuer: null,
    breakdown,
    totals: {
      baseCents,
      vatCents,
      recargoCents,
      irpfCents: 1500,
      totalCents: baseCents + vatCents + recargoCents - 1500,
    },
    irpfRateBp: 1500,
    rectification: null,
    siiStatus: 'NOT_SENT',
    invoiceLines: [
      { description: 'Transporte Valencia-Madrid' },
      { description: 'Transporte Valencia-Madrid' },
    ],
    ...over,
  };
}

const invoiceBreakdown = (r: SiiIssuedRecord) => {
  if (r.breakdown.kind !== 'INVOICE') throw new Error('expected DesgloseFactura');
  return r.breakdown.invoice;
};
const operationBreakdown = (r: SiiIssuedRecord) => {
  if (r.breakdown.kind !== 'OPERATION') throw new Error('expected DesgloseTipoOperacion');
  return r.breakdown;
};

type LineIn = Partial<ReceivedInvoiceLine> & Pick<ReceivedInvoiceLine, 'unitPriceCents'>;
function received(lines: LineIn[], over: Partial<ReceivedInvoice> = {}): ReceivedInvoice {
  const full: ReceivedInvoiceLine[] = lines.map((l) => ({
    description: 'Material de oficina',
    quantityMilli: 1000,
    discountBp: 0,
    vatRateBp: 2100,
    kind: 'DOMESTIC',
    deductibleBp: 10_000,
    recargoRateBp: 0,
    investmentGoods: false,
    ...l,
  }));
  return {
    receivedInvoiceId: 'rec1',
    companyId: 'co1',
    supplier: { supplierId: 's1', name: 'Proveedor Nacional SA', taxId: 'A11111111', country: 'ES' },
    supplierInvoiceNumber: 'F-900',
    invoiceType: 'F1',
    rectification: null,
    issueDate: '2026-03-02',
    accountingDate: '2026-03-05',
    lines: full,
    irpfRateBp: 0,
    expenseCategoryId: null,
    attachments: [],
    approvalStatus: 'APPROVED',
    approval: null,
    totals: computeReceivedInvoiceTotals({ lines: full, irpfRateBp: 0 }),
    version: 1,
    createdBy: 'u1',
    createdAt: '2026-03-05T10:00:00Z',
    updatedAt: '2026-03-05T10:00:00Z',
    ...over,
  };
}

const euSupplier = {
  supplierId: 's2',
  name: 'Lieferant GmbH',
  taxId: { type: 'NIF_IVA' as const, value: 'DE123456789', country: 'DE' },
  country: 'DE',
};

// --- periods ---------------------------------------------------------------------------------------

describe('siiPeriodOf (PeriodoLiquidacion: Ejercicio and Periodo, TipoPeriodoType)', () => {
  it('is the year and the month 01–12 (SII taxpayers file monthly, art. 71.3 RIVA)', () => {
    expect(siiPeriodOf('2026-03-15')).toEqual({ year: 2026, period: '03' });
    expect(siiPeriodOf('2026-12-31')).toEqual({ year: 2026, period: '12' });
  });

  it('is 0A for the investment-goods book, kept once a year (art. 69.Tres.3.º RIVA)', () => {
    expect(siiPeriodOf('2026-03-15', 'BI')).toEqual({ year: 2026, period: '0A' });
  });

  it('refuses what is not an ISO date', () => {
    expect(() => siiPeriodOf('15-03-2026')).toThrow(RangeError);
  });
});

// --- issued invoices -------------------------------------------------------------------------------

describe('issuedRecord (RegistroLRFacturasEmitidas)', () => {
  it('a domestic F1: DesgloseFactura, S1 per rate with recargo, key 01, ImporteTotal before IRPF', () => {
    const src = issued({ breakdown: [g('S1', 10_000, 2100), g('S1', 5_000, 1000, 140)] });
    const r = issuedRecord(src, company);
    expect(r.book).toBe('FE');
    expect(r.period).toEqual({ year: 2026, period: '03' });
    expect(r.invoiceId).toEqual({ issuerNif: 'B12345674', number: 'A-2026-0007', issueDate: '2026-03-10' });
    expect(r.invoiceType).toBe('F1');
    expect(r.regimeKeys).toEqual(['01']);
    // 10000 + 2100 + 5000 + 500 + 70: the IRPF withheld is not part of ImporteTotal.
    expect(r.totalCents).toBe(17_670);
    expect(r.counterparty).toEqual({ name: 'Cliente Nacional SL', nif: 'B87654321', otherId: null });
    expect(r.description).toBe('Transporte Valencia-Madrid');
    expect(r.operationDate).toBeNull();
    expect(r.rectification).toBeNull();
    expect(invoiceBreakdown(r)).toEqual({
      notExempt: {
        type: 'S1',
        details: [
          { rateBp: 2100, baseCents: 10_000, vatCents: 2100 },
          { rateBp: 1000, baseCents: 5_000, vatCents: 500, recargoRateBp: 140, recargoCents: 70 },
        ],
      },
      exempt: [],
      notSubjectArt7_14Cents: 0,
      notSubjectLocationCents: 0,
    });
  });

  it('the period is the accrual (art. 75 LIVA): an earlier operation date, FechaOperacion kept', () => {
    const r = issuedRecord(issued({ invoiceDate: '2026-04-03', operationDate: '2026-03-28' }), company);
    expect(r.period).toEqual({ year: 2026, period: '03' });
    expect(r.operationDate).toBe('2026-03-28');
  });

  it('a simplified invoice (F2) goes without Contraparte and with DesgloseFactura', () => {
    const r = issuedRecord(issued({ invoiceType: 'F2', customer: frenchCustomer }), company);
    expect(r.counterparty).toBeNull();
    expect(r.breakdown.kind).toBe('INVOICE');
  });

  it('an intra-EU customer: IDOtro 02 NIF-IVA and DesgloseTipoOperacion, E5 goods and N2 services', () => {
    const src = issued({ customer: frenchCustomer, breakdown: [g('E5', 50_000), g('N2', 20_000)] });
    const r = issuedRecord(src, company);
    expect(r.counterparty).toEqual({
      name: 'Client Français SARL',
      nif: null,
      otherId: { countryCode: 'FR', idType: '02', id: 'FR12345678901' },
    });
    expect(r.regimeKeys).toEqual(['01']);
    const b = operationBreakdown(r);
    // Art. 25 LIVA exempts deliveries of goods: Entrega, CausaExencion E5.
    expect(b.goods).toEqual({
      notExempt: null,
      exempt: [{ cause: 'E5', baseCents: 50_000 }],
      notSubjectArt7_14Cents: 0,
      notSubjectLocationCents: 0,
    });
    // Services located in another member state (arts. 69–70 LIVA): ImporteTAIReglasLocalizacion.
    expect(b.services).toEqual({
      notExempt: null,
      exempt: [],
      notSubjectArt7_14Cents: 0,
      notSubjectLocationCents: 20_000,
    });
  });

  it('an export (E2, art. 21 LIVA) to a non-EU customer: key 02, IDOtro with its id type, Entrega', () => {
    const customer: InvoiceCustomerSnapshot = {
      ...spanishCustomer,
      name: 'US Buyer Inc',
      taxId: { type: 'OTHER_ID', value: '98-7654321', country: 'US' },
      country: 'US',
      vatTreatment: 'EXPORT',
    };
    const r = issuedRecord(issued({ customer, breakdown: [g('E2', 80_000)] }), company);
    expect(r.regimeKeys).toEqual(['02']);
    expect(r.counterparty?.otherId).toEqual({ countryCode: 'US', idType: '04', id: '98-7654321' });
    const b = operationBreakdown(r);
    expect(b.services).toBeNull();
    expect(b.goods?.exempt).toEqual([{ cause: 'E2', baseCents: 80_000 }]);
  });

  it('a Spanish NIF starting with N (non-resident entity) also needs DesgloseTipoOperacion', () => {
    const customer = { ...spanishCustomer, taxId: 'N0012345J' };
    const r = issuedRecord(issued({ customer }), company);
    const b = operationBreakdown(r);
    expect(b.goods).toBeNull();
    expect(b.services?.notExempt).toEqual({
      type: 'S1',
      details: [{ rateBp: 2100, baseCents: 10_000, vatCents: 2100 }],
    });
  });

  it('recargo de equivalencia is only on deliveries of goods (art. 154 LIVA): Entrega', () => {
    const customer = { ...spanishCustomer, taxId: 'N0012345J' };
    const r = issuedRecord(issued({ customer, breakdown: [g('S1', 10_000, 2100, 520)] }), company);
    expect(operationBreakdown(r).goods?.notExempt?.details).toEqual([
      { rateBp: 2100, baseCents: 10_000, vatCents: 2100, recargoRateBp: 520, recargoCents: 520 },
    ]);
  });

  it('a domestic reverse charge the issuer does not charge (art. 84.Uno.2º LIVA): S2 at rate 0', () => {
    const r = issuedRecord(issued({ breakdown: [g('S2', 30_000)] }), company);
    expect(invoiceBreakdown(r).notExempt).toEqual({
      type: 'S2',
      details: [{ rateBp: 0, baseCents: 30_000, vatCents: 0 }],
    });
  });

  it('S1 and S2 in one DesgloseFactura are TipoNoExenta S3: charged rows, then the reverse-charged ones at 0', () => {
    const r = issuedRecord(issued({ breakdown: [g('S1', 10_000, 2100), g('S2', 30_000)] }), company);
    expect(invoiceBreakdown(r).notExempt).toEqual({
      type: 'S3',
      details: [{ rateBp: 2100, baseCents: 10_000, vatCents: 2100 }],
      reverseChargeDetails: [{ rateBp: 0, baseCents: 30_000, vatCents: 0 }],
    });
  });

  it('exempt causes (art. 20 E1, other E6) and N1 (arts. 7 and 14 LIVA) each in their field', () => {
    const r = issuedRecord(issued({ breakdown: [g('E6', 700), g('E1', 1_000), g('N1', 300)] }), company);
    const b = invoiceBreakdown(r);
    expect(b.exempt).toEqual([
      { cause: 'E1', baseCents: 1_000 },
      { cause: 'E6', baseCents: 700 },
    ]);
    expect(b.notSubjectArt7_14Cents).toBe(300);
    expect(b.notExempt).toBeNull();
  });

  it('criterio de caja: key 07 from the regime recorded with the invoice, else the company', () => {
    expect(issuedRecord(issued({ vatRegime: 'CRITERIO_CAJA' }), company).regimeKeys).toEqual(['07']);
    expect(issuedRecord(issued(), { ...company, cashCriterion: true }).regimeKeys).toEqual(['07']);
    // The invoice's own regime wins over the company's today.
    expect(
      issuedRecord(issued({ vatRegime: 'GENERAL' }), { ...company, cashCriterion: true }).regimeKeys,
    ).toEqual(['01']);
    // Exports stay out of the regime (art. 163 duodecies.Dos LIVA): 02 as an additional key.
    const mixed = issued({ vatRegime: 'CRITERIO_CAJA', breakdown: [g('S1', 10_000, 2100), g('E2', 5_000)] });
    expect(issuedRecord(mixed, company).regimeKeys).toEqual(['07', '02']);
  });

  it('a rectificativa by substitution: TipoRectificativa S with what the rectified invoice had', () => {
    const rectified: RectifiedInvoiceRef = {
      invoiceId: 'inv0',
      invoiceNumber: 'A-2026-0001',
      invoiceDate: '2026-01-20',
      invoiceType: 'F1',
      totals: { baseCents: 10_000, vatCents: 2_100, recargoCents: 0, irpfCents: 0, totalCents: 12_100 },
      breakdown: [g('S1', 10_000, 2100)],
    };
    const src = issued({
      invoiceType: 'R1',
      operationDate: '2026-01-20',
      breakdown: [g('S1', 8_000, 2100)],
      rectification: { method: 'SUBSTITUTION', reason: 'Precio erróneo', rectified: [rectified] },
    });
    const r = issuedRecord(src, company);
    expect(r.rectification).toEqual({
      method: 'S',
      rectified: [{ issuerNif: 'B12345674', number: 'A-2026-0001', issueDate: '2026-01-20' }],
      rectifiedBaseCents: 10_000,
      rectifiedVatCents: 2_100,
      rectifiedRecargoCents: 0,
    });
    // A rectificativa is declared in the period it is issued (art. 89.Cinco LIVA).
    expect(r.period).toEqual({ year: 2026, period: '03' });
    expect(r.description).toBe('Rectificación: Precio erróneo; Transporte Valencia-Madrid');
    const byDifferences = issuedRecord(
      { ...src, rectification: { ...src.rectification!, method: 'DIFFERENCES' } },
      company,
    );
    expect(byDifferences.rectification).toEqual({ method: 'I', rectified: r.rectification!.rectified });
  });

  it('DescripcionOperacion without lines is the invoice and its number; at most 500 characters', () => {
    expect(issuedRecord(issued({ invoiceLines: undefined }), company).description).toBe(
      'Factura A-2026-0007',
    );
    const long = issuedRecord(issued({ invoiceLines: [{ description: 'x'.repeat(600) }] }), company);
    expect(long.description).toHaveLength(500);
  });

  it('refuses an invoice without number or breakdown', () => {
    expect(() => issuedRecord(issued({ invoiceNumber: null }), company)).toThrow(AppError);
    expect(() => issuedRecord(issued({ breakdown: [] }), company)).toThrow(AppError);
  });
});

// --- received invoices -----------------------------------------------------------------------------

describe('receivedRecord (RegistroLRFacturasRecibidas)', () => {
  it('a domestic F1: DesgloseIVA, the supplier as IDEmisorFactura and Contraparte, FechaRegContable', () => {
    const r = receivedRecord(
      received([{ unitPriceCents: 10_000 }, { unitPriceCents: 20_000, vatRateBp: 1000, recargoRateBp: 140 }]),
      company,
    );
    expect(r.book).toBe('FR');
    expect(r.period).toEqual({ year: 2026, period: '03' });
    expect(r.invoiceId).toEqual({
      issuerNif: 'A11111111',
      issuerOtherId: null,
      number: 'F-900',
      issueDate: '2026-03-02',
    });
    expect(r.counterparty).toEqual({ name: 'Proveedor Nacional SA', nif: 'A11111111', otherId: null });
    expect(r.invoiceType).toBe('F1');
    expect(r.regimeKeys).toEqual(['01']);
    expect(r.accountingDate).toBe('2026-03-05');
    expect(r.reverseCharge).toEqual([]);
    expect(r.vat).toEqual([
      { rateBp: 2100, baseCents: 10_000, vatCents: 2_100 },
      { rateBp: 1000, baseCents: 20_000, vatCents: 2_000, recargoRateBp: 140, recargoCents: 280 },
    ]);
    // The recargo borne is never deductible (art. 154 LIVA): only the 21 % quota.
    expect(r.deductibleVatCents).toBe(2_100);
    expect(r.totalCents).toBe(10_000 + 2_100 + 20_000 + 2_000 + 280);
  });

  it('CuotaDeducible is the deductible share of the totals (art. 95 LIVA)', () => {
    const r = receivedRecord(received([{ unitPriceCents: 10_000, deductibleBp: 5000 }]), company);
    expect(r.deductibleVatCents).toBe(1_050);
  });

  it('an intra-EU acquisition: InversionSujetoPasivo, key 09, IDOtro 02, ImporteTotal without the self-assessed VAT', () => {
    const r = receivedRecord(
      received([{ unitPriceCents: 40_000, kind: 'INTRA_EU_GOODS' }], { supplier: euSupplier }),
      company,
    );
    expect(r.regimeKeys).toEqual(['09']);
    expect(r.invoiceId.issuerNif).toBeNull();
    expect(r.invoiceId.issuerOtherId).toEqual({ countryCode: 'DE', idType: '02', id: 'DE123456789' });
    expect(r.reverseCharge).toEqual([{ rateBp: 2100, baseCents: 40_000, vatCents: 8_400 }]);
    expect(r.vat).toEqual([]);
    expect(r.deductibleVatCents).toBe(8_400);
    expect(r.totalCents).toBe(40_000);
  });

  it('a domestic reverse charge (art. 84.Uno.2º LIVA) goes to InversionSujetoPasivo with key 01', () => {
    const r = receivedRecord(received([{ unitPriceCents: 10_000, kind: 'REVERSE_CHARGE' }]), company);
    expect(r.regimeKeys).toEqual(['01']);
    expect(r.reverseCharge).toEqual([{ rateBp: 2100, baseCents: 10_000, vatCents: 2_100 }]);
  });

  it('an import with its DUA: F5, the importer as issuer and counterparty, the DUA as number', () => {
    const r = receivedRecord(
      received([{ unitPriceCents: 50_000, kind: 'IMPORT' }], {
        customsDocument: '26ES00461110012345',
        operationDate: '2026-02-27',
      }),
      company,
    );
    expect(r.invoiceType).toBe('F5');
    expect(r.customsDocument).toBe('26ES00461110012345');
    expect(r.invoiceId).toEqual({
      issuerNif: 'B12345674',
      issuerOtherId: null,
      number: '26ES00461110012345',
      issueDate: '2026-03-02',
    });
    expect(r.counterparty).toEqual({ name: 'Transportes Levante SA', nif: 'B12345674', otherId: null });
    expect(r.vat).toEqual([{ rateBp: 2100, baseCents: 50_000, vatCents: 10_500 }]);
    expect(r.totalCents).toBe(60_500);
    expect(r.operationDate).toBeNull();
    expect(r.regimeKeys).toEqual(['01']);
  });

  it('import VAT without a DUA: key 13 (factura correspondiente a una importación)', () => {
    const r = receivedRecord(
      received([{ unitPriceCents: 10_000 }, { unitPriceCents: 5_000, kind: 'IMPORT' }]),
      company,
    );
    expect(r.invoiceType).toBe('F1');
    expect(r.customsDocument).toBeUndefined();
    expect(r.regimeKeys).toEqual(['01', '13']);
  });

  it('exempt and not subject lines: their base at rate 0 and quota 0 in DesgloseIVA', () => {
    const r = receivedRecord(
      received([
        { unitPriceCents: 3_000, kind: 'EXEMPT', vatRateBp: 0 },
        { unitPriceCents: 2_000, kind: 'NOT_SUBJECT', vatRateBp: 0 },
      ]),
      company,
    );
    expect(r.vat).toEqual([{ rateBp: 0, baseCents: 5_000, vatCents: 0 }]);
    expect(r.deductibleVatCents).toBe(0);
  });

  it('criterio de caja: key 07 when we are in it and the supplier charges VAT', () => {
    const cash = { ...company, cashCriterion: true };
    expect(receivedRecord(received([{ unitPriceCents: 10_000 }]), cash).regimeKeys).toEqual(['07']);
    const intra = received([{ unitPriceCents: 10_000, kind: 'INTRA_EU_SERVICES' }], { supplier: euSupplier });
    expect(receivedRecord(intra, cash).regimeKeys).toEqual(['09']);
  });

  it('criterio de caja of the supplier (art. 163 quinquiesdecies.Uno LIVA): key 07 when it charges VAT, whatever ours', () => {
    const recc = received([{ unitPriceCents: 10_000 }], { supplierCashCriterion: true });
    expect(receivedRecord(recc, company).regimeKeys).toEqual(['07']);
    expect(receivedRecord({ ...recc, supplierCashCriterion: false }, company).regimeKeys).toEqual(['01']);
    // An exempt purchase carries no VAT to defer.
    const exempt = received([{ unitPriceCents: 10_000, kind: 'EXEMPT', vatRateBp: 0 }], {
      supplierCashCriterion: true,
    });
    expect(receivedRecord(exempt, company).regimeKeys).toEqual(['01']);
  });

  it('a received rectificativa: always by differences (I), naming the supplier’s rectified invoices', () => {
    const r = receivedRecord(
      received([{ unitPriceCents: -1_000 }], {
        invoiceType: 'R1',
        rectification: {
          method: 'DIFFERENCES',
          reason: 'Abono por devolución',
          rectified: [{ receivedInvoiceId: null, supplierInvoiceNumber: 'F-800', issueDate: '2026-02-10' }],
        },
      }),
      company,
    );
    expect(r.invoiceType).toBe('R1');
    expect(r.rectification).toEqual({
      method: 'I',
      rectified: [{ issuerNif: 'A11111111', issuerOtherId: null, number: 'F-800', issueDate: '2026-02-10' }],
    });
    expect(r.description).toBe('Rectificación: Abono por devolución; Material de oficina');
    expect(r.vat).toEqual([{ rateBp: 2100, baseCents: -1_000, vatCents: -210 }]);
  });

  it('the period and FechaRegContable follow the book date', () => {
    const r = receivedRecord(received([{ unitPriceCents: 100 }], { accountingDate: '2026-04-01' }), company);
    expect(r.period).toEqual({ year: 2026, period: '04' });
    expect(r.accountingDate).toBe('2026-04-01');
  });
});

// --- investment goods ------------------------------------------------------------------------------

describe('investmentRecords (RegistroLRBienesInversion)', () => {
  const machine = (over: LineIn) => ({
    description: 'Carretilla elevadora',
    investmentGoods: true,
    ...over,
  });

  it('one record per investment line, numbered from 1, period 0A, start of use the operation date', () => {
    const r = received(
      [{ unitPriceCents: 100 }, machine({ unitPriceCents: 1_000_000 }), machine({ unitPriceCents: 500_000 })],
      { operationDate: '2026-02-20' },
    );
    const out = investmentRecords(r, { companyNif: 'B12345674', definitiveProrrataBp: 8000, year: 2026 });
    expect(out.map((x) => x.sub)).toEqual([2, 3]);
    const first = out[0]!.record;
    expect(first.book).toBe('BI');
    expect(first.period).toEqual({ year: 2026, period: '0A' });
    expect(first.invoiceId).toEqual({
      issuerNif: 'A11111111',
      issuerOtherId: null,
      number: 'F-900',
      issueDate: '2026-03-02',
    });
    expect(first.startOfUseDate).toBe('2026-02-20');
    expect(first.definitiveProrrataBp).toBe(8000);
    // Two goods that would read the same are told apart by their line number (IdentificacionBien).
    expect(out.map((x) => x.record.goodIdentification)).toEqual([
      'Carretilla elevadora #2',
      'Carretilla elevadora #3',
    ]);
    // The year of first use is not regularised by art. 107 LIVA.
    expect(first.annualAdjustmentCents).toBe(0);
  });

  it('start of use falls back to the book date', () => {
    const r = received([machine({ unitPriceCents: 1_000_000 })]);
    expect(
      investmentRecords(r, { companyNif: 'B12345674', definitiveProrrataBp: 10_000, year: 2026 })[0]!.record
        .startOfUseDate,
    ).toBe('2026-03-05');
  });

  it('regularises (quota × definitive prorrata − quota deducted) / 5 in the four following years (arts. 107–109 LIVA)', () => {
    // Quota 2,100.00 € deducted in full; definitive prorrata of 2027: 50 %.
    const r = received([machine({ unitPriceCents: 1_000_000 })]);
    const at = (year: number, definitiveProrrataBp: number) =>
      investmentRecords(r, { companyNif: 'B12345674', definitiveProrrataBp, year })[0]!.record
        .annualAdjustmentCents;
    expect(at(2027, 5000)).toBe(-21_000); // (105,000 − 210,000) / 5: a repayment
    expect(at(2030, 5000)).toBe(-21_000); // the fourth year after 2026
    expect(at(2031, 5000)).toBe(0); // outside the period
    expect(at(2027, 9100)).toBe(0); // a difference of 9 points: no regularisation (art. 107.Uno)
  });

  it('a further deduction when the prorrata rises, and null when the good bore no VAT', () => {
    const partial = received([machine({ unitPriceCents: 1_000_000, deductibleBp: 4000 })]);
    expect(
      investmentRecords(partial, { companyNif: 'B12345674', definitiveProrrataBp: 7000, year: 2027 })[0]!
        .record.annualAdjustmentCents,
    ).toBe(12_600); // (147,000 − 84,000) / 5
    const exempt = received([machine({ unitPriceCents: 1_000_000, kind: 'EXEMPT', vatRateBp: 0 })]);
    expect(
      investmentRecords(exempt, { companyNif: 'B12345674', definitiveProrrataBp: 7000, year: 2027 })[0]!
        .record.annualAdjustmentCents,
    ).toBeNull();
  });
});

// --- intra-EU operations ---------------------------------------------------------------------------

describe('intraEuRecord (RegistroLRDetOperacionIntracomunitaria, art. 66 RIVA)', () => {
  const op: IntraEuOperation = {
    operationType: 'A',
    memberState: 'FR',
    termDays: 30,
    goodsDescription: 'Motor para reparación',
    operatorAddress: '12 Rue de la Paix, 75002 Paris',
  };

  it('issued side: we send the goods, the counterparty is their recipient (ClaveDeclarado D)', () => {
    const r = intraEuRecord('ISSUED', issued({ customer: frenchCustomer }), op, company);
    expect(r).toEqual({
      book: 'OI',
      period: { year: 2026, period: '03' },
      invoiceId: { issuerNif: 'B12345674', number: 'A-2026-0007', issueDate: '2026-03-10' },
      counterparty: {
        name: 'Client Français SARL',
        nif: null,
        otherId: { countryCode: 'FR', idType: '02', id: 'FR12345678901' },
      },
      operationType: 'A',
      declaredKey: 'D',
      memberState: 'FR',
      termDays: 30,
      goodsDescription: 'Motor para reparación',
      operatorAddress: '12 Rue de la Paix, 75002 Paris',
      invoicesOrDocuments: 'A-2026-0007',
    });
  });

  it('received side: the supplier sent them (R) and issued the invoice', () => {
    const rec = received([{ unitPriceCents: 10_000, kind: 'INTRA_EU_GOODS' }], { supplier: euSupplier });
    const r = intraEuRecord(
      'RECEIVED',
      rec,
      { ...op, operationType: 'B', memberState: 'DE', invoicesOrDocuments: 'CMR 4455' },
      company,
    );
    expect(r.declaredKey).toBe('R');
    expect(r.operationType).toBe('B');
    expect(r.invoiceId).toEqual({
      issuerNif: null,
      issuerOtherId: { countryCode: 'DE', idType: '02', id: 'DE123456789' },
      number: 'F-900',
      issueDate: '2026-03-02',
    });
    expect(r.invoicesOrDocuments).toBe('CMR 4455');
    expect(r.termDays).toBe(30);
  });

  it('needs the counterparty (Contraparte is required in the OI book)', () => {
    expect(() => intraEuRecord('ISSUED', issued({ customer: null }), op, company)).toThrow(AppError);
  });
});

// --- RECC ------------------------------------------------------------------------------------------

describe('collections and payments under the criterio de caja (RECC)', () => {
  it('MedioPago: 01 transfer, 02 cheque, 03 forced accrual, 05 direct debit, 04 every other means', () => {
    expect(siiPaymentMedium('TRANSFER')).toBe('01');
    expect(siiPaymentMedium('CHECK')).toBe('02');
    expect(siiPaymentMedium(SII_FORCED_ACCRUAL_METHOD)).toBe('03');
    expect(siiPaymentMedium('DIRECT_DEBIT')).toBe('05');
    for (const m of ['CARD', 'CASH', 'OTHER', undefined]) expect(siiPaymentMedium(m)).toBe('04');
  });

  it('the forced accrual is 31 December of the year after the operation (art. 163 terdecies LIVA)', () => {
    expect(forcedAccrualDate('2026-03-10')).toBe('2027-12-31');
  });

  it('a collection of an issued invoice: our IDFactura, the date, amount, medium and account', () => {
    const r = collectionRecord(issued(), company, {
      paymentId: 'p1',
      date: '2026-04-02',
      amountCents: 5_000,
      method: 'TRANSFER',
      account: 'ES9121000418450200051332',
    });
    expect(r).toEqual({
      book: 'RECC',
      direction: 'COLLECTION',
      invoiceId: { issuerNif: 'B12345674', number: 'A-2026-0007', issueDate: '2026-03-10' },
      payments: [
        { date: '2026-04-02', amountCents: 5_000, method: '01', account: 'ES9121000418450200051332' },
      ],
    });
    // Without an account, Cuenta_O_Medio names the means used.
    const card = collectionRecord(issued(), company, {
      paymentId: 'p2',
      date: '2026-04-02',
      amountCents: 1,
      method: 'CARD',
    });
    expect(card.payments[0]).toEqual({
      date: '2026-04-02',
      amountCents: 1,
      method: '04',
      account: 'Tarjeta',
    });
  });

  it('a payment of a received invoice names the supplier (IDFacturaRecibidaNombreBCType)', () => {
    const r = paymentRecord(received([{ unitPriceCents: 10_000 }]), {
      paymentId: 'p1',
      date: '2026-04-10',
      amountCents: 12_100,
      method: 'CHECK',
    });
    expect(r.direction).toBe('PAYMENT');
    expect(r.issuerName).toBe('Proveedor Nacional SA');
    expect(r.invoiceId).toEqual({
      issuerNif: 'A11111111',
      issuerOtherId: null,
      number: 'F-900',
      issueDate: '2026-03-02',
    });
    expect(r.payments).toEqual([
      { date: '2026-04-10', amountCents: 12_100, method: '02', account: 'Cheque' },
    ]);
  });
});

// --- corrections and summaries ---------------------------------------------------------------------

describe('applyCorrections', () => {
  it('FE: counterparty name and NIF, description and main regime key; the record given is untouched', () => {
    const before = issuedRecord(issued(), company);
    const after = applyCorrections(before, {
      counterpartyName: 'Cliente Corregido SL',
      counterpartyNif: 'b99999999',
      description: 'Servicio de transporte',
      regimeKey: '07',
    }) as SiiIssuedRecord;
    expect(after.counterparty).toEqual({ name: 'Cliente Corregido SL', nif: 'B99999999', otherId: null });
    expect(after.description).toBe('Servicio de transporte');
    expect(after.regimeKeys).toEqual(['07', '01']);
    expect(before.counterparty?.name).toBe('Cliente Nacional SL');
  });

  it('FR: IDOtro 07 "no censado" (error 1117) also becomes the IDEmisorFactura', () => {
    const before = receivedRecord(received([{ unitPriceCents: 100 }]), company);
    const after = applyCorrections(before, {
      counterpartyOtherId: { countryCode: 'ES', idType: '07', id: 'A11111111' },
    }) as SiiReceivedRecord;
    expect(after.counterparty).toEqual({
      name: 'Proveedor Nacional SA',
      nif: null,
      otherId: { countryCode: 'ES', idType: '07', id: 'A11111111' },
    });
    expect(after.invoiceId.issuerNif).toBeNull();
    expect(after.invoiceId.issuerOtherId).toEqual({ countryCode: 'ES', idType: '07', id: 'A11111111' });
  });

  it('refuses a NIF and an IDOtro together, and a new counterparty without its name', () => {
    const fe = issuedRecord(issued(), company);
    expect(() =>
      applyCorrections(fe, {
        counterpartyNif: 'B1',
        counterpartyOtherId: { countryCode: 'FR', idType: '02', id: 'FR1' },
      }),
    ).toThrow(AppError);
    const simplified = issuedRecord(issued({ invoiceType: 'F2' }), company);
    expect(() => applyCorrections(simplified, { counterpartyNif: 'B99999999' })).toThrow(AppError);
    const named = applyCorrections(simplified, { counterpartyName: 'Cliente', counterpartyNif: 'B99999999' });
    expect((named as SiiIssuedRecord).counterparty).toEqual({
      name: 'Cliente',
      nif: 'B99999999',
      otherId: null,
    });
  });

  it('RECC payments correct the supplier; collections carry no counterparty to correct', () => {
    const pay = paymentRecord(received([{ unitPriceCents: 100 }]), {
      paymentId: 'p',
      date: '2026-04-01',
      amountCents: 1,
    });
    const fixed = applyCorrections(pay, {
      counterpartyName: 'Proveedor Bueno SA',
      counterpartyNif: 'A22222222',
    });
    expect(fixed).toMatchObject({ issuerName: 'Proveedor Bueno SA', invoiceId: { issuerNif: 'A22222222' } });
    const col = collectionRecord(issued(), company, { paymentId: 'p', date: '2026-04-01', amountCents: 1 });
    expect(applyCorrections(col, { counterpartyName: 'X', counterpartyNif: 'B1' })).toEqual(col);
  });
});

describe('entrySummary', () => {
  it('summarises every book', () => {
    expect(entrySummary(issuedRecord(issued(), company))).toEqual({
      documentNumber: 'A-2026-0007',
      counterpartyName: 'Cliente Nacional SL',
      counterpartyTaxId: 'B87654321',
      issueDate: '2026-03-10',
      totalCents: 12_100,
    });
    const euRec = received([{ unitPriceCents: 10_000, kind: 'INTRA_EU_GOODS' }], { supplier: euSupplier });
    expect(entrySummary(receivedRecord(euRec, company))).toEqual({
      documentNumber: 'F-900',
      counterpartyName: 'Lieferant GmbH',
      counterpartyTaxId: 'DE123456789',
      issueDate: '2026-03-02',
      totalCents: 10_000,
    });
    const bi = investmentRecords(received([{ unitPriceCents: 1_000_000, investmentGoods: true }]), {
      companyNif: 'B12345674',
      definitiveProrrataBp: 5000,
      year: 2027,
    })[0]!.record;
    expect(entrySummary(bi)).toMatchObject({ counterpartyTaxId: 'A11111111', totalCents: -21_000 });
    const oi = intraEuRecord(
      'ISSUED',
      issued({ customer: frenchCustomer }),
      { operationType: 'B', memberState: 'FR', goodsDescription: 'Stock', operatorAddress: 'Paris' },
      company,
    );
    expect(entrySummary(oi)).toMatchObject({ counterpartyTaxId: 'FR12345678901', totalCents: 0 });
    const pay = paymentRecord(received([{ unitPriceCents: 100 }]), {
      paymentId: 'p',
      date: '2026-04-01',
      amountCents: 55,
    });
    expect(entrySummary(pay)).toMatchObject({ counterpartyName: 'Proveedor Nacional SA', totalCents: 55 });
    const col = collectionRecord(issued(), company, { paymentId: 'p', date: '2026-04-01', amountCents: 77 });
    expect(entrySummary(col)).toEqual({
      documentNumber: 'A-2026-0007',
      counterpartyName: null,
      counterpartyTaxId: null,
      issueDate: '2026-03-10',
      totalCents: 77,
    });
  });
});

describe('siiCounterpartyOf', () => {
  it('is null without a tax id and trims the name to 120 characters', () => {
    expect(siiCounterpartyOf('X', null)).toBeNull();
    expect(siiCounterpartyOf(`  ${'a'.repeat(130)} `, 'B1')?.name).toHaveLength(120);
    expect(
      siiCounterpartyOf('Pasajero', { type: 'PASSPORT', value: 'X123', country: 'GB' })?.otherId,
    ).toEqual({
      countryCode: 'GB',
      idType: '03',
      id: 'X123',
    });
  });
});
