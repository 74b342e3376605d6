/**
 * Received invoices against the local cloud (DynamoDB Local through the real gateway): exact totals
 * of known lines, the running tax aggregates moved in the same transaction as every registration,
 * correction and deletion (read back from the aggregate items), a duplicate supplier number refused
 * with nothing written, concurrent corrections that never double-count, approval, totals, by-category
 * and counts. Works on demo-romero-fontaneria as the demo gestor, in book periods of 2025 no other
 * test writes received invoices into; every aggregate check is a difference against a first read.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readPeriodAggregates } from '@functions/lib/tax-aggregates';
import { localClientConfig } from '@infra/local/aws';
import { type ApiResponse, apiClient } from '@infra/local/testing/api';
import type { Page } from '@shared/api/envelope';
import { formatReceivedKey, type ModMarker } from '@shared/fiscal/aggregate-keys';
import { dniLetter } from '@shared/fiscal/nif';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import { mergeLines, receivedContribution, type TaxKeyTotals } from '@shared/fiscal/tax-aggregates';
import type { ExpenseCategory, Supplier } from '@shared/schemas/expenses';
import type {
  ExpenseCategoryCount,
  ExpenseCategoryTotals,
  ExpenseTotals,
  ReceivedInvoice,
} from '@shared/schemas/received-invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listReceivedInvoices } from './store/received-invoices';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  { marshallOptions: { removeUndefinedValues: true } },
);
const deps = { db, table: cloud.env.TABLE_NAME! };

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-5);
const dniNumber = String((Date.now() + 73_456_789) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;

type Totals = Omit<TaxKeyTotals, 'count'> & { count: number };
/**
 * The received book of a period as taxKey -> figures (plus counterparties by key, and the recipients
 * of withholdings — `W|…` lines, issue 15 — by `<counterparty>|<opKey>`).
 */
async function receivedBook(period: string) {
  const agg = await readPeriodAggregates(deps, COMPANY, period);
  const byKey = Object.fromEntries(agg.byKey.RECEIVED.map(({ taxKey, ...t }) => [taxKey, t as Totals]));
  const isRecipient = (c: { opKey: string }) => c.opKey.startsWith('W|');
  const byCounterparty = Object.fromEntries(
    agg.byCounterparty.RECEIVED.filter((c) => !isRecipient(c)).map((c) => [
      c.counterpartyKey,
      { base: c.baseCents, total: c.totalCents, count: c.count },
    ]),
  );
  const recipients = Object.fromEntries(
    agg.byCounterparty.RECEIVED.filter(isRecipient).map((c) => [
      `${c.counterpartyKey}|${c.opKey}`,
      { base: c.baseCents, irpf: c.irpfCents ?? 0, count: c.count },
    ]),
  );
  return { byKey, byCounterparty, recipients };
}
type Book = Awaited<ReturnType<typeof receivedBook>>;

const FIELDS = [
  'baseCents',
  'vatCents',
  'recargoCents',
  'irpfCents',
  'deductibleVatCents',
  'deductibleBaseCents',
  'totalCents',
  'count',
] as const;
/** after − before, per tax key, dropping keys that did not move. */
function diff(after: Book, before: Book): Record<string, Totals> {
  const out: Record<string, Totals> = {};
  for (const key of new Set([...Object.keys(after.byKey), ...Object.keys(before.byKey)])) {
    const d = Object.fromEntries(
      FIELDS.map((f) => [f, (after.byKey[key]?.[f] ?? 0) - (before.byKey[key]?.[f] ?? 0)]),
    ) as Totals;
    if (FIELDS.some((f) => d[f] !== 0)) out[key] = d;
  }
  return out;
}
/** The key of a group of current goods at 21 % without recargo (aggregate-keys.ts). */
const receivedKey = (kind: string, mod: ModMarker = '0') =>
  formatReceivedKey({ kind, vatRateBp: 2100, recargoRateBp: 0, investmentGoods: false, mod });
const DOMESTIC_21 = receivedKey('DOMESTIC');

/** The per-key figures a received invoice contributes (H1's pure function), for comparison. */
const contributionOf = (rec: ReceivedInvoice, sign: 1 | -1 = 1): Record<string, Totals> =>
  Object.fromEntries(
    receivedContribution(toReceivedForAggregates(rec), sign).byKey.map(({ taxKey, ...t }) => [taxKey, t]),
  );

describe('received invoices (local cloud)', () => {
  let gestor: string;
  let supplier: Supplier;
  let suministros: ExpenseCategory;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });
  const ok = async <T>(p: Promise<ApiResponse<T>>): Promise<T> => {
    const res = await p;
    if (!res.body.success) throw new Error(`${res.status}: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const invoiceBody = (over: Record<string, unknown> = {}) => ({
    supplierId: supplier.supplierId,
    supplierInvoiceNumber: `R-${run}-1`,
    issueDate: '2025-05-09',
    accountingDate: '2025-05-12',
    lines: [
      // 3 × 333.33 € + 1.5 × 0.33 € (0.495 -> 0.50) at 21 %: 1,000.49 € -> quota 210.1029 -> 210.10 €
      { description: 'Tubería multicapa', quantity: '3', unitPriceCents: 33_333, vatRateBp: 2100 },
      { description: 'Juntas', quantity: '1.5', unitPriceCents: 33, vatRateBp: 2100 },
      // van renting 400.01 € at 21 %, 50 % deductible: quota 84.0021 -> 84.00 €, deductible 42.00 €
      {
        description: 'Renting furgoneta',
        quantity: 1,
        unitPriceCents: 40_001,
        vatRateBp: 2100,
        deductibleBp: 5000,
      },
      // an intra-EU purchase, self-assessed: 123.40 € -> 25.914 -> 25.91 €
      {
        description: 'Válvulas (UE)',
        quantity: 10,
        unitPriceCents: 1234,
        vatRateBp: 2100,
        kind: 'INTRA_EU_GOODS',
      },
    ],
    irpfRateBp: 1500,
    expenseCategoryId: suministros.categoryId,
    attachments: [{ uploadId: `up-${run}`, fileName: 'factura.pdf' }],
    ...over,
  });

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    const categories = await ok<ExpenseCategory[]>(req('GET', '/api/v1/expense-categories'));
    suministros = categories.find((c) => c.name === 'Suministros')!;
    supplier = await ok<Supplier>(
      req('POST', '/api/v1/suppliers', {
        body: { name: `Saneamientos Ebro ${run}`, taxId: NIF, defaultVatRateBp: 2100 },
      }),
    );
  });

  it('registers with exact totals, moves the aggregates in the same write, and refuses a duplicate number writing nothing', async () => {
    const before = await receivedBook('2025-Q2');
    const countsBefore = await ok<ExpenseCategoryCount[]>(req('GET', '/api/v1/expense-categories/counts'));

    const created = await req<ReceivedInvoice>('POST', '/api/v1/received-invoices', { body: invoiceBody() });
    expect(created.status).toBe(201);
    const rec = (created.body as { data: ReceivedInvoice }).data;
    expect(rec.totals).toMatchObject({
      baseCents: 152_390,
      supplierVatCents: 29_410,
      selfAssessedVatCents: 2591,
      vatCents: 32_001,
      deductibleVatCents: 21_010 + 4200 + 2591,
      irpfCents: 22_859, // 15 % of 1,523.90 € = 228.585 -> 228.59 €
      totalCents: 152_390 + 29_410 - 22_859,
    });

    const after = await receivedBook('2025-Q2');
    expect(diff(after, before)).toEqual(contributionOf(rec));
    expect(diff(after, before)[DOMESTIC_21]).toMatchObject({
      baseCents: 100_049 + 40_001,
      vatCents: 21_010 + 8400,
      recargoCents: 0,
      irpfCents: 0,
      deductibleVatCents: 21_010 + 4200,
      totalCents: 140_050 + 29_410,
      count: 1,
    });
    expect(diff(after, before)[receivedKey('INTRA_EU_GOODS')]).toMatchObject({
      vatCents: 2591,
      deductibleVatCents: 2591,
    });
    expect(after.byCounterparty[NIF]).toEqual({ base: 152_390, total: 152_390 + 29_410, count: 1 });
    // No kind said, none remembered by the supplier: a professional's fees (111, 190 key G.01).
    expect(rec).toMatchObject({ withholdingKind: 'PROFESSIONAL', withholdingKey: 'G01' });
    expect(diff(after, before)['IRPF|PROFESSIONAL|G01']).toMatchObject({
      baseCents: 152_390,
      irpfCents: 22_859,
      totalCents: -22_859,
      count: 1,
    });
    expect(after.recipients[`${NIF}|W|PROFESSIONAL|G01`]).toEqual({ base: 152_390, irpf: 22_859, count: 1 });

    // The same number of the same supplier in the same year, under a different book date: refused.
    const duplicate = await req('POST', '/api/v1/received-invoices', {
      body: invoiceBody({ supplierInvoiceNumber: ` r-${run}-1 `, accountingDate: '2025-06-30' }),
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.success === false && duplicate.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'supplierInvoiceNumber',
      details: { reason: 'DUPLICATE_SUPPLIER_NUMBER', receivedInvoiceId: rec.receivedInvoiceId },
    });
    // Nothing of the refused invoice was written: aggregates, list and counters as after the first.
    expect(await receivedBook('2025-Q2')).toEqual(after);
    const listed = await ok<Page<ReceivedInvoice>>(
      req('GET', '/api/v1/received-invoices', {
        query: { from: '2025-04-01', to: '2025-06-30', search: run },
      }),
    );
    expect(listed.content.map((r) => r.receivedInvoiceId)).toEqual([rec.receivedInvoiceId]);
    const countsAfter = await ok<ExpenseCategoryCount[]>(req('GET', '/api/v1/expense-categories/counts'));
    const countOf = (cs: ExpenseCategoryCount[]) =>
      cs.find((c) => c.categoryId === suministros.categoryId)!.count;
    expect(countOf(countsAfter)).toBe(countOf(countsBefore) + 1);

    // Refused for a category that does not exist, or for a bad NIF: nothing written either.
    const noCategory = await req('POST', '/api/v1/received-invoices', {
      body: invoiceBody({ supplierInvoiceNumber: `R-${run}-X`, expenseCategoryId: 'no-such-category' }),
    });
    expect(noCategory.body.success === false && noCategory.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'expenseCategoryId',
    });
    const badNif = await req('POST', '/api/v1/received-invoices', {
      body: invoiceBody({
        supplierId: undefined,
        supplier: { name: 'Mal NIF', taxId: '12345678A' },
        supplierInvoiceNumber: `R-${run}-X`,
      }),
    });
    expect(badNif.body.success === false && badNif.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'supplier.taxId',
    });
    expect(await receivedBook('2025-Q2')).toEqual(after);
    // ...and its number was not claimed: the same number registers now.
    const retried = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: invoiceBody({ supplierInvoiceNumber: `R-${run}-X` }),
      }),
    );
    await ok(req('DELETE', `/api/v1/received-invoices/${retried.receivedInvoiceId}`));
    expect(await receivedBook('2025-Q2')).toEqual(after);

    // The same number in another year is another invoice.
    const nextYear = await req<ReceivedInvoice>('POST', '/api/v1/received-invoices', {
      body: invoiceBody({
        issueDate: '2026-01-09',
        accountingDate: '2026-01-09',
        lines: [invoiceBody().lines[0]],
      }),
    });
    expect(nextYear.status).toBe(201);
    await ok(
      req(
        'DELETE',
        `/api/v1/received-invoices/${(nextYear.body as { data: ReceivedInvoice }).data.receivedInvoiceId}`,
      ),
    );
  });

  it('a correction moves the aggregates exactly (to another quarter too); delete takes them out', async () => {
    const q2 = await receivedBook('2025-Q2');
    const q3 = await receivedBook('2025-Q3');
    const rec = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: invoiceBody({ supplierInvoiceNumber: `R-${run}-2` }),
      }),
    );

    // Same quarter, other amounts and a recargo: the quarter holds exactly the new contribution.
    const corrected = await ok<ReceivedInvoice>(
      req('PUT', `/api/v1/received-invoices/${rec.receivedInvoiceId}`, {
        body: invoiceBody({
          supplierInvoiceNumber: `R-${run}-2`,
          lines: [
            {
              description: 'Grifería',
              quantity: 2,
              unitPriceCents: 10_000,
              vatRateBp: 2100,
              recargoRateBp: 520,
            },
            { description: 'Material', quantity: 1, unitPriceCents: 5_005, vatRateBp: 1000 },
          ],
          irpfRateBp: 0,
        }),
      }),
    );
    expect(corrected.version).toBe(2);
    expect(corrected.totals).toMatchObject({
      baseCents: 25_005,
      vatCents: 4200 + 501, // 500.5 -> 501 (half-up)
      recargoCents: 1040,
      // Art. 154.Dos LIVA: the VAT borne with recargo de equivalencia is not deductible.
      deductibleVatCents: 501,
      totalCents: 25_005 + 4701 + 1040,
    });
    expect(diff(await receivedBook('2025-Q2'), q2)).toEqual(contributionOf(corrected));

    // Moved to the third quarter: the second is back to where it was, the third holds it.
    const moved = await ok<ReceivedInvoice>(
      req('PUT', `/api/v1/received-invoices/${rec.receivedInvoiceId}`, {
        body: invoiceBody({ supplierInvoiceNumber: `R-${run}-2`, accountingDate: '2025-07-03' }),
      }),
    );
    expect(diff(await receivedBook('2025-Q2'), q2)).toEqual({});
    expect(diff(await receivedBook('2025-Q3'), q3)).toEqual(contributionOf(moved));

    // A correction of the notes only leaves the aggregates as they were.
    const noted = await req('PUT', `/api/v1/received-invoices/${rec.receivedInvoiceId}`, {
      body: invoiceBody({
        supplierInvoiceNumber: `R-${run}-2`,
        accountingDate: '2025-07-03',
        notes: 'Revisada',
      }),
    });
    expect(noted.status).toBe(200);
    expect(diff(await receivedBook('2025-Q3'), q3)).toEqual(contributionOf(moved));

    const deleted = await req('DELETE', `/api/v1/received-invoices/${rec.receivedInvoiceId}`);
    expect(deleted.status).toBe(200);
    expect(diff(await receivedBook('2025-Q3'), q3)).toEqual({});
    const gone = await req('GET', `/api/v1/received-invoices/${rec.receivedInvoiceId}`);
    expect(gone.status).toBe(404);
    // Its number is free again.
    const again = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: invoiceBody({ supplierInvoiceNumber: `R-${run}-2` }),
      }),
    );
    await ok(req('DELETE', `/api/v1/received-invoices/${again.receivedInvoiceId}`));
    expect(diff(await receivedBook('2025-Q2'), q2)).toEqual({});
  });

  it('concurrent corrections never double-count: the aggregates equal the stored invoice', async () => {
    const q4 = await receivedBook('2025-Q4');
    const rec = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: invoiceBody({
          supplierInvoiceNumber: `R-${run}-3`,
          issueDate: '2025-10-01',
          accountingDate: '2025-10-02',
        }),
      }),
    );
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        req('PUT', `/api/v1/received-invoices/${rec.receivedInvoiceId}`, {
          body: invoiceBody({
            supplierInvoiceNumber: `R-${run}-3`,
            issueDate: '2025-10-01',
            accountingDate: '2025-10-02',
            lines: [{ description: `Corrección ${n}`, quantity: n, unitPriceCents: 1001, vatRateBp: 2100 }],
          }),
        }),
      ),
    );
    for (const r of results) {
      if (r.status !== 200) {
        expect(r.body.success === false && r.body.error).toMatchObject({
          code: 'CORE_004',
          details: { reason: 'CONCURRENT_UPDATE' },
        });
      }
    }
    expect(results.some((r) => r.status === 200)).toBe(true);
    const final = await ok<ReceivedInvoice>(req('GET', `/api/v1/received-invoices/${rec.receivedInvoiceId}`));
    expect(final.version).toBe(1 + results.filter((r) => r.status === 200).length);
    expect(diff(await receivedBook('2025-Q4'), q4)).toEqual(contributionOf(final));
    await ok(req('DELETE', `/api/v1/received-invoices/${rec.receivedInvoiceId}`));
    expect(diff(await receivedBook('2025-Q4'), q4)).toEqual({});
  });

  it('concurrent registrations in one month all land in the aggregates (no lost update)', async () => {
    const before = await receivedBook('2025-12');
    const created = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
        ok<ReceivedInvoice>(
          req('POST', '/api/v1/received-invoices', {
            body: invoiceBody({
              supplierInvoiceNumber: `C-${run}-${n}`,
              issueDate: '2025-12-01',
              accountingDate: '2025-12-02',
              lines: [{ description: `Pedido ${n}`, quantity: n, unitPriceCents: 1005, vatRateBp: 2100 }],
              irpfRateBp: 0,
            }),
          }),
        ),
      ),
    );
    const delta = diff(await receivedBook('2025-12'), before)[DOMESTIC_21]!;
    expect(delta.count).toBe(8);
    expect(delta.baseCents).toBe(created.reduce((s, r) => s + r.totals.baseCents, 0));
    expect(delta.vatCents).toBe(created.reduce((s, r) => s + r.totals.vatCents, 0));
    await Promise.all(
      created.map((r) => ok(req('DELETE', `/api/v1/received-invoices/${r.receivedInvoiceId}`))),
    );
    expect(diff(await receivedBook('2025-12'), before)).toEqual({});
  });

  it('a credit note linked to an invoice of an earlier quarter moves the aggregates by its negative figures', async () => {
    const original = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: invoiceBody({
          supplierInvoiceNumber: `O-${run}`,
          issueDate: '2025-02-10',
          accountingDate: '2025-02-10',
          lines: [{ description: 'Radiadores', quantity: 2, unitPriceCents: 10_000, vatRateBp: 2100 }],
          irpfRateBp: 0,
          attachments: [],
        }),
      }),
    );
    const q2 = await receivedBook('2025-Q2');
    const creditBody = (rectified: unknown[]) =>
      invoiceBody({
        supplierInvoiceNumber: `AB-${run}`,
        invoiceType: 'R1',
        issueDate: '2025-04-07',
        accountingDate: '2025-04-07',
        rectification: { reason: 'Devolución de un radiador', rectified },
        lines: [
          { description: 'Devolución radiador', quantity: '-1', unitPriceCents: 10_000, vatRateBp: 2100 },
        ],
        irpfRateBp: 0,
        attachments: [],
      });

    // A rectified id that is not a received invoice of the company: refused, nothing written.
    const unknown = await req('POST', '/api/v1/received-invoices', {
      body: creditBody([{ receivedInvoiceId: 'nope' }]),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.success === false && unknown.body.error).toMatchObject({
      field: 'rectification.rectified.0.receivedInvoiceId',
      details: { reason: 'UNKNOWN_RECTIFIED_INVOICE' },
    });
    expect(diff(await receivedBook('2025-Q2'), q2)).toEqual({});

    const credit = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: creditBody([{ receivedInvoiceId: original.receivedInvoiceId }]),
      }),
    );
    expect(credit).toMatchObject({
      invoiceType: 'R1',
      rectification: {
        method: 'DIFFERENCES',
        rectified: [
          {
            receivedInvoiceId: original.receivedInvoiceId,
            supplierInvoiceNumber: `O-${run}`,
            issueDate: '2025-02-10',
          },
        ],
      },
      totals: { baseCents: -10_000, vatCents: -2100, deductibleVatCents: -2100, totalCents: -12_100 },
    });
    const moved = diff(await receivedBook('2025-Q2'), q2);
    expect(moved).toEqual(contributionOf(credit));
    // The rectified invoice is of an earlier quarter: the modification key (303 [40]/[41]).
    expect(moved[receivedKey('DOMESTIC', 'Q')]).toMatchObject({
      baseCents: -10_000,
      vatCents: -2100,
      deductibleVatCents: -2100,
    });
    const read = await ok<ReceivedInvoice>(
      req('GET', `/api/v1/received-invoices/${credit.receivedInvoiceId}`),
    );
    expect(read.rectification).toEqual(credit.rectification);

    await ok(req('DELETE', `/api/v1/received-invoices/${credit.receivedInvoiceId}`));
    await ok(req('DELETE', `/api/v1/received-invoices/${original.receivedInvoiceId}`));
    expect(diff(await receivedBook('2025-Q2'), q2)).toEqual({});
  });

  it('approval, category, totals and by-category over a period', async () => {
    const period = { from: '2025-11-01', to: '2025-11-30' };
    const totalsBefore = await ok<ExpenseTotals>(req('GET', '/api/v1/expenses/totals', { query: period }));
    const a = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: invoiceBody({
          supplierInvoiceNumber: `R-${run}-4`,
          issueDate: '2025-11-03',
          accountingDate: '2025-11-04',
          lines: [{ description: 'Luz', quantity: 1, unitPriceCents: 8_000, vatRateBp: 2100 }],
          irpfRateBp: 0,
        }),
      }),
    );
    const b = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: invoiceBody({
          supplierId: undefined,
          supplier: { name: `Gestoría externa ${run}`, taxId: 'B12345674' },
          supplierInvoiceNumber: `R-${run}-5`,
          issueDate: '2025-11-20',
          accountingDate: undefined,
          lines: [{ description: 'Asesoría', quantity: 1, unitPriceCents: 20_000, vatRateBp: 2100 }],
          irpfRateBp: 1500,
          expenseCategoryId: undefined,
        }),
      }),
    );
    expect(b.accountingDate).toBe('2025-11-20');
    expect(b.totals).toMatchObject({
      baseCents: 20_000,
      vatCents: 4200,
      irpfCents: 3000,
      totalCents: 21_200,
    });

    const approved = await ok<ReceivedInvoice>(
      req('PUT', `/api/v1/received-invoices/${a.receivedInvoiceId}/approval-status`, {
        body: { status: 'APPROVED', comment: 'Conforme' },
      }),
    );
    expect(approved).toMatchObject({
      approvalStatus: 'APPROVED',
      approval: { status: 'APPROVED', comment: 'Conforme' },
    });
    expect(approved.approval!.decidedBy).toBeTruthy();
    expect(approved.approval!.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const twice = await req('PUT', `/api/v1/received-invoices/${a.receivedInvoiceId}/approval-status`, {
      body: { status: 'REJECTED', comment: 'No' },
    });
    expect(twice.status).toBe(400);

    const totals = await ok<ExpenseTotals>(req('GET', '/api/v1/expenses/totals', { query: period }));
    expect(totals.count - totalsBefore.count).toBe(2);
    expect(totals.baseCents - totalsBefore.baseCents).toBe(28_000);
    expect(totals.vatCents - totalsBefore.vatCents).toBe(1680 + 4200);
    expect(totals.irpfCents - totalsBefore.irpfCents).toBe(3000);
    expect(totals.totalCents - totalsBefore.totalCents).toBe(9680 + 21_200);
    const onlyApproved = await ok<ExpenseTotals>(
      req('GET', '/api/v1/expenses/totals', { query: { ...period, type: 'APPROVED' } }),
    );
    expect(onlyApproved.count).toBeGreaterThanOrEqual(1);

    // Moving b into Suministros moves it in by-category and in the counts.
    const countsBefore = await ok<ExpenseCategoryCount[]>(req('GET', '/api/v1/expense-categories/counts'));
    await ok(
      req('PUT', `/api/v1/received-invoices/${b.receivedInvoiceId}/expense-category`, {
        body: { categoryId: suministros.categoryId },
      }),
    );
    const countsAfter = await ok<ExpenseCategoryCount[]>(req('GET', '/api/v1/expense-categories/counts'));
    const count = (cs: ExpenseCategoryCount[], id: string | null) =>
      cs.find((c) => c.categoryId === id)!.count;
    expect(count(countsAfter, suministros.categoryId)).toBe(count(countsBefore, suministros.categoryId) + 1);
    expect(count(countsAfter, null)).toBe(count(countsBefore, null) - 1);
    const byCategory = await ok<ExpenseCategoryTotals[]>(
      req('GET', '/api/v1/expenses/by-category', { query: period }),
    );
    const row = byCategory.find((c) => c.categoryId === suministros.categoryId)!;
    expect(row).toMatchObject({ name: 'Suministros' });
    expect(row.count).toBeGreaterThanOrEqual(2);

    const byCompany = await ok<Page<ReceivedInvoice>>(
      api.request('GET', `/api/v1/companies/${COMPANY}/received-invoices`, {
        token: gestor,
        query: { ...period, expenseCategoryId: suministros.categoryId, search: run },
      }),
    );
    expect(byCompany.content.map((r) => r.receivedInvoiceId).sort()).toEqual(
      [a.receivedInvoiceId, b.receivedInvoiceId].sort(),
    );

    // Another gestor's session cannot see them.
    const gestor2 = await api.login('gestor2@cuadra.test');
    const foreign = await api.request('GET', `/api/v1/received-invoices/${a.receivedInvoiceId}`, {
      token: gestor2,
      companyId: COMPANY,
    });
    expect(foreign.status).toBe(403);
  });

  it('the received book of every 2025 quarter and month equals a recompute from the stored invoices', async () => {
    // A last invoice left in place, so the check is never trivially empty.
    await ok(
      req('POST', '/api/v1/received-invoices', {
        body: invoiceBody({ supplierInvoiceNumber: `R-${run}-Z` }),
      }),
    );
    const periods = [
      ['2025-Q2', '2025-04-01', '2025-06-30'],
      ['2025-Q3', '2025-07-01', '2025-09-30'],
      ['2025-Q4', '2025-10-01', '2025-12-31'],
      ['2025-05', '2025-05-01', '2025-05-31'],
      ['2025-11', '2025-11-01', '2025-11-30'],
    ] as const;
    for (const [period, from, to] of periods) {
      const invoices = await listReceivedInvoices(deps, COMPANY, from, to);
      const recomputed = mergeLines(
        ...invoices.map((r) => receivedContribution(toReceivedForAggregates(r), 1).byKey),
      );
      const stored = await readPeriodAggregates(deps, COMPANY, period);
      expect(stored.byKey.RECEIVED, period).toEqual(recomputed);
    }
  });
});
