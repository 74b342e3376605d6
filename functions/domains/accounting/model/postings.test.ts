import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import { computeReceivedInvoiceTotals } from '@shared/fiscal/received-invoice-totals';
import { WITHHOLDING_KINDS, type WithholdingKind } from '@shared/fiscal/withholdings';
import { invoiceEventPayload } from '@shared/schemas/invoice-events';
import type { Invoice } from '@shared/schemas/invoices';
import type { ReceivedInvoiceEventBody } from '@shared/schemas/received-invoice-events';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POSTING_SETTINGS,
  type DraftLine,
  type IssuedInvoiceInput,
  issuedInvoicePosting,
  issuedPaymentPosting,
  netLines,
  type PostingSettings,
  postingOfEvent,
  postingsOfEvent,
  ratePercent,
  receivedInvoicePosting,
  receivedPaymentPosting,
  sameNetLines,
  UnbalancedPostingError,
} from './postings';

const S: PostingSettings = DEFAULT_POSTING_SETTINGS;

/** A line as the tests write it: [account, debit, credit, description?, partyKey?]. */
type L = [string, number, number, string?, string?];
const short = (lines: DraftLine[]): L[] =>
  lines.map((l) => {
    const row: L = [l.accountCode, l.debitCents, l.creditCents];
    if (l.party) row.push(l.description, l.party.partyKey);
    return row;
  });
const withoutParty = (lines: DraftLine[]) => lines.map((l) => [l.accountCode, l.debitCents, l.creditCents]);
const descriptions = (lines: DraftLine[]) => lines.map((l) => `${l.accountCode} ${l.description}`);

// --- issued ---------------------------------------------------------------------------------------

type Group = IssuedInvoiceInput['breakdown'][number];
const s1 = (
  vatRateBp: number,
  baseCents: number,
  vatCents: number,
  recargoRateBp = 0,
  recargoCents = 0,
): Group => ({
  operation: 'S1',
  vatRateBp,
  recargoRateBp,
  baseCents,
  vatCents,
  recargoCents,
});
const exempt = (operation: string, baseCents: number): Group => ({
  operation,
  vatRateBp: 0,
  recargoRateBp: 0,
  baseCents,
  vatCents: 0,
  recargoCents: 0,
});

const CUSTOMER = { customerId: 'cus-1', name: 'Cliente SL', taxId: 'B12345678' };

function issued(
  breakdown: Group[],
  totals: {
    baseCents: number;
    vatCents: number;
    recargoCents: number;
    irpfCents: number;
    totalCents: number;
  },
  extra: Partial<IssuedInvoiceInput> = {},
): IssuedInvoiceInput {
  return {
    kind: 'INVOICE_CONFIRMED',
    invoiceId: 'inv-1',
    invoiceType: 'F1',
    invoiceDate: '2026-03-10',
    invoiceNumber: 'F-2026-0001',
    customer: CUSTOMER,
    breakdown,
    totals,
    irpfRateBp: 0,
    rectification: null,
    ...extra,
  };
}

/** 1.000 € + IVA 21 %. */
const basic = issued([s1(2100, 100_000, 21_000)], {
  baseCents: 100_000,
  vatCents: 21_000,
  recargoCents: 0,
  irpfCents: 0,
  totalCents: 121_000,
});

describe('issuedInvoicePosting', () => {
  it('posts 1.000 + 21 %: D 430 1.210 / H 700 1.000 / H 477 210', () => {
    const p = issuedInvoicePosting(basic, S);
    expect(p).toMatchObject({
      sourceKey: 'INV#inv-1',
      version: 1,
      source: 'ISSUED_INVOICE',
      date: '2026-03-10',
      description: 'Factura emitida F-2026-0001 — Cliente SL',
      document: {
        documentType: 'INVOICE',
        documentId: 'inv-1',
        invoiceId: null,
        documentNumber: 'F-2026-0001',
      },
    });
    expect(short(p.lines)).toEqual([
      ['4300', 121_000, 0, 'Factura emitida F-2026-0001 — Cliente SL', 'cus-1'],
      ['7000', 0, 100_000],
      ['477', 0, 21_000],
    ]);
    expect(p.lines[0]!.party).toEqual({
      kind: 'CUSTOMER',
      partyKey: 'cus-1',
      nif: 'B12345678',
      name: 'Cliente SL',
    });
    expect(p.lines[2]!.description).toBe('IVA repercutido 21 %');
  });

  it('with IRPF 15 %: D 430 1.060 / D 473 150 / H 705 1.000 / H 477 210 (services account set)', () => {
    const p = issuedInvoicePosting(
      issued(
        [s1(2100, 100_000, 21_000)],
        { baseCents: 100_000, vatCents: 21_000, recargoCents: 0, irpfCents: 15_000, totalCents: 106_000 },
        { irpfRateBp: 1500 },
      ),
      { ...S, revenueGoodsAccount: '7050' },
    );
    expect(withoutParty(p.lines)).toEqual([
      ['4300', 106_000, 0],
      ['473', 15_000, 0],
      ['7050', 0, 100_000],
      ['477', 0, 21_000],
    ]);
    expect(p.lines[1]!.description).toBe('Retención IRPF 15 %');
  });

  it('with recargo de equivalencia 5,2 %: D 430 1.262 / H 700 1.000 / H 477 210 / H 477 52', () => {
    const p = issuedInvoicePosting(
      issued([s1(2100, 100_000, 21_000, 520, 5_200)], {
        baseCents: 100_000,
        vatCents: 21_000,
        recargoCents: 5_200,
        irpfCents: 0,
        totalCents: 126_200,
      }),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['4300', 126_200, 0],
      ['7000', 0, 100_000],
      ['477', 0, 21_000],
      ['477', 0, 5_200],
    ]);
    expect(descriptions(p.lines).slice(2)).toEqual([
      '477 IVA repercutido 21 %',
      '477 Recargo de equivalencia 5,2 %',
    ]);
  });

  it('with two VAT rates: one 477 line per rate, one revenue line', () => {
    // 1.000 at 21 % (210) and 500 at 10 % (50): total 1.760.
    const p = issuedInvoicePosting(
      issued([s1(2100, 100_000, 21_000), s1(1000, 50_000, 5_000)], {
        baseCents: 150_000,
        vatCents: 26_000,
        recargoCents: 0,
        irpfCents: 0,
        totalCents: 176_000,
      }),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['4300', 176_000, 0],
      ['7000', 0, 150_000],
      ['477', 0, 21_000],
      ['477', 0, 5_000],
    ]);
    expect(descriptions(p.lines).slice(2)).toEqual(['477 IVA repercutido 21 %', '477 IVA repercutido 10 %']);
  });

  it('exempt intra-EU delivery (E5) and a service located abroad (N2): no 477; the service to 705', () => {
    const p = issuedInvoicePosting(
      issued([exempt('N2', 30_000), exempt('E5', 100_000)], {
        baseCents: 130_000,
        vatCents: 0,
        recargoCents: 0,
        irpfCents: 0,
        totalCents: 130_000,
      }),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['4300', 130_000, 0],
      ['7050', 0, 30_000],
      ['7000', 0, 100_000],
    ]);
  });

  it('a rectificativa by differences of −200 + 21 %: the other sides', () => {
    const p = issuedInvoicePosting(
      issued(
        [s1(2100, -20_000, -4_200)],
        { baseCents: -20_000, vatCents: -4_200, recargoCents: 0, irpfCents: 0, totalCents: -24_200 },
        {
          invoiceId: 'inv-r',
          invoiceType: 'R1',
          invoiceNumber: 'R-2026-0001',
          rectification: { method: 'DIFFERENCES', rectified: [] },
        },
      ),
      S,
    );
    expect(p.description).toBe('Factura rectificativa emitida R-2026-0001 — Cliente SL');
    expect(withoutParty(p.lines)).toEqual([
      ['7000', 20_000, 0],
      ['477', 4_200, 0],
      ['4300', 0, 24_200],
    ]);
  });

  it('a rectificativa by substitution posts the new amounts minus the rectified ones', () => {
    // The rectified invoice: 1.000 + 210 = 1.210; the substitute: 1.200 + 252 = 1.452 (IRPF 15 %: 180 vs 150).
    const p = issuedInvoicePosting(
      issued(
        [s1(2100, 120_000, 25_200)],
        { baseCents: 120_000, vatCents: 25_200, recargoCents: 0, irpfCents: 18_000, totalCents: 127_200 },
        {
          invoiceId: 'inv-s',
          invoiceType: 'R4',
          invoiceNumber: 'R-2026-0002',
          irpfRateBp: 1500,
          rectification: {
            method: 'SUBSTITUTION',
            rectified: [
              {
                invoiceId: 'inv-1',
                invoiceNumber: 'F-2026-0001',
                breakdown: [s1(2100, 100_000, 21_000)],
                totals: {
                  baseCents: 100_000,
                  vatCents: 21_000,
                  recargoCents: 0,
                  irpfCents: 15_000,
                  totalCents: 106_000,
                },
              },
            ],
          },
        },
      ),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['4300', 21_200, 0],
      ['473', 3_000, 0],
      ['7000', 0, 20_000],
      ['477', 0, 4_200],
    ]);
  });

  it('a cancelled invoice: version 2, nothing posted', () => {
    const p = issuedInvoicePosting({ ...basic, kind: 'INVOICE_CANCELLED' }, S);
    expect(p).toMatchObject({ sourceKey: 'INV#inv-1', version: 2, lines: [], date: '2026-03-10' });
    expect(p.description).toBe('Anulación de la factura emitida F-2026-0001 — Cliente SL');
    // It carries the entry the confirmation posts, for when it arrives first.
    const confirmed = issuedInvoicePosting(basic, S);
    expect(p.restore).toEqual({
      date: confirmed.date,
      description: confirmed.description,
      lines: confirmed.lines,
    });
  });

  it('a simplified invoice without customer goes to "Clientes varios"; a customer without id by NIF', () => {
    const none = issuedInvoicePosting({ ...basic, customer: null }, S);
    expect(none.lines[0]!.party).toEqual({
      kind: 'CUSTOMER',
      partyKey: 'NAME:clientes varios',
      nif: null,
      name: 'Clientes varios',
    });
    const byNif = issuedInvoicePosting(
      { ...basic, customer: { customerId: null, name: 'X', taxId: 'B1' } },
      S,
    );
    expect(byNif.lines[0]!.party?.partyKey).toBe('NIF:B1');
  });

  it('refuses totals that contradict the breakdown', () => {
    const wrong = { ...basic, totals: { ...basic.totals, totalCents: 121_001 } };
    expect(() => issuedInvoicePosting(wrong, S)).toThrow(UnbalancedPostingError);
  });

  it('takes the payload the invoices domain publishes (invoiceEventPayload)', () => {
    const inv = {
      invoiceId: 'inv-9',
      companyId: 'co-1',
      invoiceType: 'F1',
      invoiceDate: '2026-01-31',
      operationDate: null,
      series: 'F',
      number: 9,
      invoiceNumber: 'F-2026-0009',
      customer: {
        customerId: 'cus-9',
        name: 'Nueve SA',
        taxId: 'A00000009',
        address: '',
        postalCode: '',
        city: '',
        country: 'ES',
        vatTreatment: 'DOMESTIC',
      },
      issuer: null,
      breakdown: [
        { operation: 'S1', vatRateBp: 2100, recargoRateBp: 0, baseCents: 100, vatCents: 21, recargoCents: 0 },
      ],
      totals: { baseCents: 100, vatCents: 21, recargoCents: 0, irpfCents: 0, totalCents: 121 },
      irpfRateBp: 0,
      rectification: null,
      invoiceLines: [],
      intraEuOperation: null,
      siiStatus: null,
    } as unknown as Invoice;
    const body = { eventId: 'e1', kind: 'INVOICE_CONFIRMED' as const, ...invoiceEventPayload(inv) };
    // Typed: the backfill may call the rule with a stored invoice's payload.
    const direct = issuedInvoicePosting(body, S);
    expect(postingOfEvent(JSON.parse(JSON.stringify(body)), S)).toEqual(direct);
    expect(withoutParty(direct.lines)).toEqual([
      ['4300', 121, 0],
      ['7000', 0, 100],
      ['477', 0, 21],
    ]);
  });
});

describe('issuedPaymentPosting', () => {
  const payment = {
    paymentId: 'pay-1',
    date: '2026-04-02',
    amountCents: 121_000,
    method: 'TRANSFER',
    revision: 0,
  };
  const event = { ...basic, kind: 'PAYMENT_RECORDED', payment };

  it('a collection by transfer: D 572 / H 430-customer', () => {
    const p = issuedPaymentPosting(event, S);
    expect(p).toMatchObject({
      sourceKey: 'PAY#pay-1',
      version: 0,
      source: 'ISSUED_PAYMENT',
      date: '2026-04-02',
      description: 'Cobro de la factura F-2026-0001 — Cliente SL',
      document: {
        documentType: 'INVOICE_PAYMENT',
        documentId: 'pay-1',
        invoiceId: 'inv-1',
        documentNumber: 'F-2026-0001',
      },
    });
    expect(short(p.lines)).toEqual([
      ['572', 121_000, 0],
      ['4300', 0, 121_000, 'Cobro de la factura F-2026-0001 — Cliente SL', 'cus-1'],
    ]);
  });

  it('in cash: D 570; versions: revision × 4, +2 once moved to a substitute, +1 when deleted', () => {
    const cash = issuedPaymentPosting({ ...event, payment: { ...payment, method: 'CASH', revision: 3 } }, S);
    expect(withoutParty(cash.lines)).toEqual([
      ['570', 121_000, 0],
      ['4300', 0, 121_000],
    ]);
    expect(cash.version).toBe(12);
    const deleted = issuedPaymentPosting(
      { ...event, kind: 'PAYMENT_DELETED', payment: { ...payment, revision: 3 } },
      S,
    );
    expect(deleted).toMatchObject({ version: 13, lines: [] });
    const movedFrom = { invoiceId: 'inv-0', invoiceNumber: 'F-2026-0000' };
    const moved = { ...payment, revision: 3, movedFrom };
    expect(issuedPaymentPosting({ ...event, payment: moved }, S).version).toBe(14);
    expect(issuedPaymentPosting({ ...event, kind: 'PAYMENT_DELETED', payment: moved }, S).version).toBe(15);
    // The next revision's events come after any of this revision's.
    expect(issuedPaymentPosting({ ...event, payment: { ...payment, revision: 4 } }, S).version).toBe(16);
  });

  it('a deletion says what the payment posted before (restore): the recorded entry, same date and lines', () => {
    const recorded = issuedPaymentPosting(event, S);
    const deleted = issuedPaymentPosting({ ...event, kind: 'PAYMENT_DELETED' }, S);
    expect(deleted.restore).toEqual({
      date: recorded.date,
      description: recorded.description,
      lines: recorded.lines,
    });
    expect(recorded.restore).toBeUndefined();
  });
});

describe('a substitute takes over the payments of the invoices it replaces', () => {
  it('its INVOICE_CONFIRMED reposts each moved payment on its customer, over the original events', () => {
    const movedFrom = { invoiceId: 'inv-0', invoiceNumber: 'F-2026-0000' };
    const pay = {
      paymentId: 'pay-9',
      date: '2026-03-02',
      amountCents: 50_000,
      method: 'TRANSFER',
      revision: 1,
    };
    const other = { customerId: 'cus-2', name: 'Otro Cliente SL', taxId: 'B87654321' };
    const body = {
      eventId: 'e',
      companyId: 'c',
      ...basic,
      customer: other,
      payments: [{ ...pay, reference: null, movedFrom }],
    };

    const postings = postingsOfEvent(JSON.parse(JSON.stringify(body)), S)!;

    expect(postings.map((p) => [p.sourceKey, p.version])).toEqual([
      ['INV#inv-1', 1],
      ['PAY#pay-9', 6],
    ]);
    expect(postings[1]!.document).toMatchObject({ documentId: 'pay-9', invoiceId: 'inv-1' });
    expect(short(postings[1]!.lines)).toEqual([
      ['572', 50_000, 0],
      ['4300', 0, 50_000, 'Cobro de la factura F-2026-0001 — Otro Cliente SL', 'cus-2'],
    ]);
    // The original's event of the same revision (not moved) is older; a cancellation moves nothing.
    expect(issuedPaymentPosting({ ...basic, kind: 'PAYMENT_RECORDED', payment: pay }, S).version).toBe(4);
    expect(postingsOfEvent({ ...body, kind: 'INVOICE_CANCELLED' }, S)).toHaveLength(1);
    expect(postingOfEvent(body, S)?.sourceKey).toBe('INV#inv-1');
  });
});

// --- received ---------------------------------------------------------------------------------------

type RGroup = ReceivedInvoice['totals']['breakdown'][number];
const rgroup = (g: Partial<RGroup> & Pick<RGroup, 'baseCents'>): RGroup => ({
  kind: 'DOMESTIC',
  vatRateBp: 2100,
  recargoRateBp: 0,
  deductibleBp: 10_000,
  investmentGoods: false,
  vatCents: 0,
  recargoCents: 0,
  deductibleVatCents: 0,
  ...g,
});

const SUPPLIER = { supplierId: 'sup-1', name: 'Proveedor SL', taxId: 'B87654321', country: 'ES' };

/** A received invoice whose totals are the sums of its groups (as computeReceivedInvoiceTotals adds them). */
function received(
  groups: RGroup[],
  { irpfCents = 0, irpfRateBp = 0, ...extra }: Partial<ReceivedInvoice> & { irpfCents?: number } = {},
): ReceivedInvoiceEventBody {
  const sum = (pick: (g: RGroup) => number, where: (g: RGroup) => boolean = () => true) =>
    groups.filter(where).reduce((a, g) => a + pick(g), 0);
  const supplierVatCents = sum(
    (g) => g.vatCents,
    (g) => g.kind === 'DOMESTIC',
  );
  const rec = {
    receivedInvoiceId: 'rec-1',
    companyId: 'co-1',
    supplier: SUPPLIER,
    supplierInvoiceNumber: 'A-77',
    invoiceType: 'F1',
    rectification: null,
    issueDate: '2026-02-05',
    accountingDate: '2026-02-06',
    lines: [],
    irpfRateBp,
    expenseCategoryId: null,
    attachments: [],
    approvalStatus: 'APPROVED',
    approval: null,
    totals: {
      baseCents: sum((g) => g.baseCents),
      vatCents: sum((g) => g.vatCents),
      supplierVatCents,
      selfAssessedVatCents: sum(
        (g) => g.vatCents,
        (g) => ['REVERSE_CHARGE', 'INTRA_EU_GOODS', 'INTRA_EU_SERVICES'].includes(g.kind),
      ),
      importVatCents: sum(
        (g) => g.vatCents,
        (g) => g.kind === 'IMPORT',
      ),
      deductibleVatCents: sum((g) => g.deductibleVatCents),
      recargoCents: sum((g) => g.recargoCents),
      irpfCents,
      totalCents: sum((g) => g.baseCents) + supplierVatCents + sum((g) => g.recargoCents) - irpfCents,
      lineBasesCents: [],
      breakdown: groups,
    },
    version: 3,
    createdBy: 'u',
    createdAt: '2026-02-06T10:00:00Z',
    updatedAt: '2026-02-06T10:00:00Z',
    ...extra,
  } satisfies ReceivedInvoice;
  return {
    kind: 'RECEIVED_REGISTERED',
    companyId: 'co-1',
    receivedInvoiceId: 'rec-1',
    receivedInvoice: rec,
    siiStatus: null,
    reportsSii: false,
    vatRegime: null,
    at: '2026-02-06T10:00:00Z',
  };
}

const dom1000 = rgroup({ baseCents: 100_000, vatCents: 21_000, deductibleVatCents: 21_000 });

describe('receivedInvoicePosting', () => {
  it('a service at 21 %: D 629 1.000 / D 472 210 / H 410-creditor 1.210', () => {
    const p = receivedInvoicePosting(received([dom1000]), S);
    expect(p).toMatchObject({
      sourceKey: 'REC#rec-1',
      version: 6,
      source: 'RECEIVED_INVOICE',
      date: '2026-02-05',
      description: 'Factura recibida A-77 — Proveedor SL',
      document: {
        documentType: 'RECEIVED_INVOICE',
        documentId: 'rec-1',
        invoiceId: null,
        documentNumber: 'A-77',
      },
    });
    expect(short(p.lines)).toEqual([
      ['629', 100_000, 0],
      ['472', 21_000, 0],
      ['4100', 0, 121_000, 'Factura recibida A-77 — Proveedor SL', 'sup-1'],
    ]);
    expect(p.lines[2]!.party).toEqual({
      kind: 'CREDITOR',
      partyKey: 'sup-1',
      nif: 'B87654321',
      name: 'Proveedor SL',
    });
    expect(p.lines[1]!.description).toBe('IVA soportado 21 %');
  });

  it('rent mapped by category to 621 with IRPF 19 %: H 47510115 (modelo 115) 190, H 410 1.020', () => {
    const event = received([dom1000], {
      irpfCents: 19_000,
      irpfRateBp: 1900,
      withholdingKind: 'RENT',
      expenseCategoryId: 'cat-rent',
    });
    const p = receivedInvoicePosting(event, { ...S, categoryAccounts: { 'cat-rent': '621' } });
    expect(withoutParty(p.lines)).toEqual([
      ['621', 100_000, 0],
      ['472', 21_000, 0],
      ['47510115', 0, 19_000],
      ['4100', 0, 102_000],
    ]);
    expect(p.lines[2]!.description).toBe('Retención IRPF 19 % (modelo 115)');
  });

  it("a professional's 15 % IRPF: H 47510111 (modelo 111); without a kind too (a professional's)", () => {
    const fields = { irpfCents: 15_000, irpfRateBp: 1500 };
    const professional = receivedInvoicePosting(
      received([dom1000], { ...fields, withholdingKind: 'PROFESSIONAL' }),
      S,
    );
    expect(withoutParty(professional.lines)).toEqual([
      ['629', 100_000, 0],
      ['472', 21_000, 0],
      ['47510111', 0, 15_000],
      ['4100', 0, 106_000],
    ]);
    expect(professional.lines[2]!.description).toBe('Retención IRPF 15 % (modelo 111)');
    const withoutKind = receivedInvoicePosting(received([dom1000], fields), S);
    expect(withoutKind.lines).toEqual(professional.lines);
    const nullKind = receivedInvoicePosting(received([dom1000], { ...fields, withholdingKind: null }), S);
    expect(nullKind.lines).toEqual(professional.lines);
  });

  it('each withholding kind goes to the 4751 sub-account of the return that declares it', () => {
    const accountOf = (withholdingKind: WithholdingKind) =>
      receivedInvoicePosting(received([dom1000], { irpfCents: 1_000, irpfRateBp: 100, withholdingKind }), S)
        .lines.filter((l) => l.accountCode.startsWith('4751'))
        .map((l) => [l.accountCode, l.creditCents]);
    expect(Object.fromEntries(WITHHOLDING_KINDS.map((k) => [k, accountOf(k)]))).toEqual({
      PROFESSIONAL: [['47510111', 1_000]],
      MODULES: [['47510111', 1_000]],
      AGRICULTURAL: [['47510111', 1_000]],
      COURSES: [['47510111', 1_000]],
      PRIZES: [['47510111', 1_000]],
      RENT: [['47510115', 1_000]],
      CAPITAL: [['47510123', 1_000]],
      NON_RESIDENT: [['47510216', 1_000]],
    });
  });

  it("an event with a withholding kind it does not know still posts (as a professional's, modelo 111)", () => {
    const event = received([dom1000], { irpfCents: 19_000, irpfRateBp: 1900, withholdingKind: 'RENT' });
    const body = { ...event, receivedInvoice: { ...event.receivedInvoice, withholdingKind: 'LOTTERY' } };
    const rent = postingOfEvent(event, S);
    const unknown = postingOfEvent(body, S);
    expect(rent?.lines.map((l) => l.accountCode)).toContain('47510115');
    expect(unknown?.lines.map((l) => l.accountCode)).toContain('47510111');
    expect(unknown?.lines.map((l) => l.accountCode)).not.toContain('47510115');
  });

  it('a rectificativa that returns withheld rent: the 47510115 line goes to the debit side', () => {
    const minus = rgroup({ baseCents: -100_000, vatCents: -21_000, deductibleVatCents: -21_000 });
    const p = receivedInvoicePosting(
      received([minus], { irpfCents: -19_000, irpfRateBp: 1900, withholdingKind: 'RENT' }),
      S,
    );
    expect(withoutParty(p.lines).find(([a]) => a === '47510115')).toEqual(['47510115', 19_000, 0]);
  });

  it('goods mapped by supplier to 600: the supplier is a supplier of goods (400); the category wins over it', () => {
    const bySupplier = receivedInvoicePosting(received([dom1000]), {
      ...S,
      supplierAccounts: { 'sup-1': '600' },
    });
    expect(withoutParty(bySupplier.lines)).toEqual([
      ['600', 100_000, 0],
      ['472', 21_000, 0],
      ['4000', 0, 121_000],
    ]);
    expect(bySupplier.lines[2]!.party?.kind).toBe('SUPPLIER');
    const both = receivedInvoicePosting(received([dom1000], { expenseCategoryId: 'c' }), {
      ...S,
      supplierAccounts: { 'sup-1': '600' },
      categoryAccounts: { c: '628' },
    });
    expect(both.lines[0]!.accountCode).toBe('628');
    expect(both.lines[2]!.accountCode).toBe('4100');
  });

  it('a 50 % deductible share: the other half of the VAT is part of the cost', () => {
    const p = receivedInvoicePosting(
      received([
        rgroup({ baseCents: 100_000, vatCents: 21_000, deductibleBp: 5000, deductibleVatCents: 10_500 }),
      ]),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['629', 110_500, 0],
      ['472', 10_500, 0],
      ['4100', 0, 121_000],
    ]);
  });

  it('a retailer in recargo de equivalencia: VAT and recargo borne are cost, D 600 1.262 / H 400 1.262', () => {
    const p = receivedInvoicePosting(
      received([rgroup({ baseCents: 100_000, vatCents: 21_000, recargoRateBp: 520, recargoCents: 5_200 })]),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['600', 126_200, 0],
      ['4000', 0, 126_200],
    ]);
  });

  it('an intra-EU acquisition of goods: D 600 / D 472 210 / H 477 210 / H 400 1.000', () => {
    const p = receivedInvoicePosting(
      received([
        rgroup({ kind: 'INTRA_EU_GOODS', baseCents: 100_000, vatCents: 21_000, deductibleVatCents: 21_000 }),
      ]),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['600', 100_000, 0],
      ['472', 21_000, 0],
      ['477', 0, 21_000],
      ['4000', 0, 100_000],
    ]);
    expect(descriptions(p.lines).slice(1, 3)).toEqual([
      '472 IVA soportado intracomunitario 21 %',
      '477 IVA repercutido intracomunitario 21 % (autorrepercusión)',
    ]);
  });

  it('a domestic reverse charge (ISP) 50 % deductible: 472 the share, 477 the whole, the rest to the cost', () => {
    const p = receivedInvoicePosting(
      received([
        rgroup({
          kind: 'REVERSE_CHARGE',
          baseCents: 100_000,
          vatCents: 21_000,
          deductibleBp: 5000,
          deductibleVatCents: 10_500,
        }),
      ]),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['629', 110_500, 0],
      ['472', 10_500, 0],
      ['477', 0, 21_000],
      ['4100', 0, 100_000],
    ]);
  });

  it('import VAT paid on the DUA: D 472, H 4759 until paid; the supplier gets the base', () => {
    const p = receivedInvoicePosting(
      received([
        rgroup({ kind: 'IMPORT', baseCents: 100_000, vatCents: 21_000, deductibleVatCents: 21_000 }),
      ]),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['600', 100_000, 0],
      ['472', 21_000, 0],
      ['4759', 0, 21_000],
      ['4000', 0, 100_000],
    ]);
  });

  it('investment goods go to 219 whatever the mappings; their supplier is a creditor (410)', () => {
    const p = receivedInvoicePosting(
      received(
        [
          rgroup({ baseCents: 200_000, vatCents: 42_000, deductibleVatCents: 42_000, investmentGoods: true }),
          dom1000,
        ],
        { expenseCategoryId: 'c' },
      ),
      { ...S, categoryAccounts: { c: '622' } },
    );
    expect(withoutParty(p.lines)).toEqual([
      ['219', 200_000, 0],
      ['472', 63_000, 0],
      ['622', 100_000, 0],
      ['4100', 0, 363_000],
    ]);
  });

  it('a rectificativa lowering an invoice: the other sides', () => {
    const p = receivedInvoicePosting(
      received([rgroup({ baseCents: -10_000, vatCents: -2_100, deductibleVatCents: -2_100 })]),
      S,
    );
    expect(withoutParty(p.lines)).toEqual([
      ['4100', 10_000 + 2_100, 0],
      ['629', 0, 10_000],
      ['472', 0, 2_100],
    ]);
  });

  it('deleted: version × 2 + 1, nothing posted', () => {
    const p = receivedInvoicePosting({ ...received([dom1000]), kind: 'RECEIVED_DELETED' }, S);
    expect(p).toMatchObject({ sourceKey: 'REC#rec-1', version: 7, lines: [] });
    expect(p.description).toBe('Factura recibida eliminada A-77 — Proveedor SL');
    const registered = receivedInvoicePosting(received([dom1000]), S);
    expect(p.restore).toEqual({
      date: registered.date,
      description: registered.description,
      lines: registered.lines,
    });
    // A document whose figures never balanced posted nothing: nothing to restore.
    const ok = received([dom1000]);
    const wrong = {
      ...ok,
      receivedInvoice: { ...ok.receivedInvoice, totals: { ...ok.receivedInvoice.totals, totalCents: 1 } },
    };
    expect(receivedInvoicePosting({ ...wrong, kind: 'RECEIVED_DELETED' }, S).restore).toBeUndefined();
  });
});

describe('the expense account of a received invoice', () => {
  const own = { 'cat-rent': '621', 'cat-goods': '600' };

  it("takes the category's own account when no mapping of the company says otherwise", () => {
    const rent = received([dom1000], { expenseCategoryId: 'cat-rent' });
    expect(withoutParty(receivedInvoicePosting(rent, { ...S, categoryDefaultAccounts: own }).lines)).toEqual([
      ['621', 100_000, 0],
      ['472', 21_000, 0],
      ['4100', 0, 121_000],
    ]);
    // A category of goods purchases makes the supplier a supplier of goods (400), and its payments too.
    const goods = received([dom1000], { expenseCategoryId: 'cat-goods' });
    const p = receivedInvoicePosting(goods, { ...S, categoryDefaultAccounts: own });
    expect(withoutParty(p.lines)).toEqual([
      ['600', 100_000, 0],
      ['472', 21_000, 0],
      ['4000', 0, 121_000],
    ]);
    const payment = { paymentId: 'rp-1', date: '2026-02-20', amountCents: 121_000, method: 'TRANSFER' };
    const paid = receivedPaymentPosting(
      { ...goods, kind: 'RECEIVED_PAYMENT_RECORDED', payment },
      { ...S, categoryDefaultAccounts: own },
    );
    expect(paid.lines[0]).toMatchObject({ accountCode: '4000', party: { kind: 'SUPPLIER' } });
    // Without the category's account (not read, or a category without one): 629.
    expect(receivedInvoicePosting(rent, S).lines[0]!.accountCode).toBe('629');
  });

  it('an explicit mapping of the company, category or supplier, beats the category default', () => {
    const rent = received([dom1000], { expenseCategoryId: 'cat-rent' });
    const byCategory = { ...S, categoryDefaultAccounts: own, categoryAccounts: { 'cat-rent': '6210001' } };
    expect(receivedInvoicePosting(rent, byCategory).lines[0]!.accountCode).toBe('6210001');
    const bySupplier = { ...S, categoryDefaultAccounts: own, supplierAccounts: { 'sup-1': '628' } };
    expect(receivedInvoicePosting(rent, bySupplier).lines[0]!.accountCode).toBe('628');
    // Investment goods still go to 219.
    const asset = received([{ ...dom1000, investmentGoods: true }], { expenseCategoryId: 'cat-rent' });
    expect(receivedInvoicePosting(asset, { ...S, categoryDefaultAccounts: own }).lines[0]!.accountCode).toBe(
      '219',
    );
  });
});

describe('receivedPaymentPosting', () => {
  const payment = { paymentId: 'rp-1', date: '2026-02-20', amountCents: 121_000, method: 'TRANSFER' };

  it('D 410-creditor / H 572; in cash H 570; deleted: nothing', () => {
    const event = { ...received([dom1000]), kind: 'RECEIVED_PAYMENT_RECORDED', payment };
    const p = receivedPaymentPosting(event, S);
    expect(p).toMatchObject({
      sourceKey: 'RPAY#rp-1',
      version: 6,
      source: 'RECEIVED_PAYMENT',
      date: '2026-02-20',
      description: 'Pago de la factura recibida A-77 — Proveedor SL',
      document: {
        documentType: 'RECEIVED_PAYMENT',
        documentId: 'rp-1',
        invoiceId: 'rec-1',
        documentNumber: 'A-77',
      },
    });
    expect(short(p.lines)).toEqual([
      ['4100', 121_000, 0, 'Pago de la factura recibida A-77 — Proveedor SL', 'sup-1'],
      ['572', 0, 121_000],
    ]);
    const cash = receivedPaymentPosting({ ...event, payment: { ...payment, method: 'CASH' } }, S);
    expect(cash.lines[1]!.accountCode).toBe('570');
    const deleted = receivedPaymentPosting({ ...event, kind: 'RECEIVED_PAYMENT_DELETED' }, S);
    expect(deleted).toMatchObject({ version: 7, lines: [] });
    // The party line follows the invoice's posting; a deletion says what the payment posted.
    expect(p.partyFollows).toBe('REC#rec-1');
    expect(deleted.restore).toEqual({ date: p.date, description: p.description, lines: p.lines });
  });

  it('a supplier of goods is paid on 400', () => {
    const event = {
      ...received([
        rgroup({ kind: 'INTRA_EU_GOODS', baseCents: 100_000, vatCents: 21_000, deductibleVatCents: 21_000 }),
      ]),
      kind: 'RECEIVED_PAYMENT_RECORDED',
      payment: { ...payment, amountCents: 100_000 },
    };
    expect(receivedPaymentPosting(event, S).lines[0]).toMatchObject({
      accountCode: '4000',
      debitCents: 100_000,
    });
  });
});

describe('postingOfEvent', () => {
  it('dispatches by kind (the body carries no entity) and ignores the fields it does not read', () => {
    const body = { eventId: 'e', ...received([dom1000]) };
    const p = postingOfEvent(JSON.parse(JSON.stringify(body)), S);
    expect(p?.sourceKey).toBe('REC#rec-1');
    const payment = { paymentId: 'rp-1', date: '2026-02-20', amountCents: 5, method: 'CARD', account: null };
    expect(postingOfEvent({ ...body, kind: 'RECEIVED_PAYMENT_RECORDED', payment }, S)?.sourceKey).toBe(
      'RPAY#rp-1',
    );
    expect(postingOfEvent({ eventId: 'e', companyId: 'c', ...basic }, S)?.sourceKey).toBe('INV#inv-1');
    const pay = {
      paymentId: 'p',
      date: '2026-04-01',
      amountCents: 1,
      method: 'CARD',
      revision: 0,
      reference: null,
    };
    expect(
      postingOfEvent({ ...basic, companyId: 'c', kind: 'PAYMENT_RECORDED', payment: pay }, S)?.sourceKey,
    ).toBe('PAY#p');
  });

  it('returns null for what it does not post from, or a malformed message', () => {
    expect(
      postingOfEvent({ kind: 'ACCOUNTING_BACKFILL', companyId: 'c', stage: 'x', cursor: null }, S),
    ).toBeNull();
    expect(postingOfEvent(null, S)).toBeNull();
    expect(postingOfEvent('INVOICE_CONFIRMED', S)).toBeNull();
    expect(postingOfEvent({ ...basic, companyId: 'c', totals: { baseCents: '1' } }, S)).toBeNull();
    expect(postingOfEvent({ ...basic, companyId: 'c', kind: 'PAYMENT_RECORDED' }, S)).toBeNull();
    expect(postingOfEvent({ ...basic, companyId: 'c', entity: 'ReceivedInvoiceEvent' }, S)).toBeNull();
    expect(postingOfEvent({ ...basic, companyId: 'c', entity: 'InvoiceEvent' }, S)?.version).toBe(1);
  });
});

describe('netLines', () => {
  it('nets each account, drops zeros and sorts by code', () => {
    const lines = [
      { accountCode: '477', debitCents: 0, creditCents: 210 },
      { accountCode: '43000001', debitCents: 1_210, creditCents: 0 },
      { accountCode: '7000', debitCents: 0, creditCents: 1_000 },
      { accountCode: '477', debitCents: 50, creditCents: 0 },
      { accountCode: '572', debitCents: 100, creditCents: 0 },
      { accountCode: '572', debitCents: 0, creditCents: 100 },
    ];
    expect(netLines(lines)).toEqual([
      { accountCode: '43000001', debitCents: 1_210, creditCents: 0 },
      { accountCode: '477', debitCents: 0, creditCents: 160 },
      { accountCode: '7000', debitCents: 0, creditCents: 1_000 },
    ]);
    expect(sameNetLines(netLines(lines), netLines([...lines].reverse()))).toBe(true);
    expect(sameNetLines(netLines(lines), netLines(lines.slice(1)))).toBe(false);
  });

  it('formats rates the Spanish way', () => {
    expect([2100, 520, 175, 1000, 50, 0].map(ratePercent)).toEqual([
      '21 %',
      '5,2 %',
      '1,75 %',
      '10 %',
      '0,5 %',
      '0 %',
    ]);
  });
});

// --- properties: every posting balances, with the real totals functions ------------------------------

const sums = (lines: DraftLine[]) => ({
  debit: lines.reduce((a, l) => a + l.debitCents, 0),
  credit: lines.reduce((a, l) => a + l.creditCents, 0),
});

const issuedLine = fc.record({
  quantityMilli: fc.integer({ min: 0, max: 50_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 5_000_000 }),
  discountBp: fc.integer({ min: 0, max: 10_000 }),
  rate: fc.constantFrom(
    { vatRateBp: 2100, recargo: 520 },
    { vatRateBp: 1000, recargo: 140 },
    { vatRateBp: 400, recargo: 50 },
    { vatRateBp: 0, recargo: 0 },
  ),
  operation: fc.constantFrom('S1', 'S1', 'S1', 'S2', 'N1', 'N2', 'E1', 'E2', 'E5'),
  recargo: fc.boolean(),
  irpf: fc.boolean(),
});

describe('properties', () => {
  it('issued invoices balance; debits = total + IRPF withheld', () => {
    fc.assert(
      fc.property(
        fc.array(issuedLine, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 700, 1500, 1900),
        fc.boolean(),
        (lines, irpfRateBp, recargoEquivalencia) => {
          const totals = computeInvoiceTotals({
            irpfRateBp,
            recargoEquivalencia,
            lines: lines.map((l) => ({
              quantityMilli: l.quantityMilli,
              unitPriceCents: l.unitPriceCents,
              discountBp: l.discountBp,
              vatRateBp: l.operation === 'S1' ? l.rate.vatRateBp : 0,
              operation: l.operation as 'S1',
              recargo: recargoEquivalencia && l.recargo && l.operation === 'S1' && l.rate.vatRateBp > 0,
              irpf: l.irpf,
            })),
          });
          const p = issuedInvoicePosting(issued(totals.breakdown, totals, { irpfRateBp }), S);
          const { debit, credit } = sums(p.lines);
          expect(debit).toBe(credit);
          expect(debit).toBe(totals.totalCents + totals.irpfCents);
          expect(p.lines.every((l) => l.debitCents > 0 !== l.creditCents > 0)).toBe(true);
        },
      ),
    );
  });

  it('issued rectificativas by differences balance', () => {
    fc.assert(
      fc.property(fc.array(issuedLine, { minLength: 1, maxLength: 4 }), (lines) => {
        const totals = computeInvoiceTotals({
          irpfRateBp: 1500,
          rectificationByDifferences: true,
          lines: lines.map((l) => ({
            quantityMilli: -l.quantityMilli,
            unitPriceCents: l.unitPriceCents,
            vatRateBp: l.rate.vatRateBp,
          })),
        });
        const p = issuedInvoicePosting(
          issued(totals.breakdown, totals, { rectification: { method: 'DIFFERENCES', rectified: [] } }),
          S,
        );
        const { debit, credit } = sums(p.lines);
        expect(debit).toBe(credit);
        expect(debit).toBe(Math.abs(totals.totalCents + totals.irpfCents));
      }),
    );
  });

  it('received invoices balance; debits = total + IRPF + self-assessed and import VAT', () => {
    const receivedLine = fc.record({
      quantityMilli: fc.integer({ min: 0, max: 50_000 }),
      unitPriceCents: fc.integer({ min: 0, max: 5_000_000 }),
      discountBp: fc.integer({ min: 0, max: 10_000 }),
      vatRateBp: fc.constantFrom(2100, 1000, 400, 0),
      kind: fc.constantFrom(
        'DOMESTIC',
        'DOMESTIC',
        'REVERSE_CHARGE',
        'INTRA_EU_GOODS',
        'INTRA_EU_SERVICES',
        'IMPORT',
        'EXEMPT',
        'NOT_SUBJECT',
      ),
      deductibleBp: fc.constantFrom(10_000, 5_000, 0, 3_333),
      recargoRateBp: fc.constantFrom(0, 0, 520, 140, 50),
      investmentGoods: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(receivedLine, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 700, 1500, 1900),
        fc.option(fc.constantFrom('c1', 'c2')),
        (lines, irpfRateBp, categoryId) => {
          const totals = computeReceivedInvoiceTotals({ lines, irpfRateBp });
          const event = received(totals.breakdown, {
            irpfCents: totals.irpfCents,
            expenseCategoryId: categoryId,
          });
          // The rules read the real totals, not the test's sums.
          event.receivedInvoice = { ...event.receivedInvoice, totals };
          const p = receivedInvoicePosting(event, { ...S, categoryAccounts: { c1: '621' } });
          const { debit, credit } = sums(p.lines);
          expect(debit).toBe(credit);
          expect(debit).toBe(
            totals.totalCents + totals.irpfCents + totals.selfAssessedVatCents + totals.importVatCents,
          );
        },
      ),
    );
  });
});
