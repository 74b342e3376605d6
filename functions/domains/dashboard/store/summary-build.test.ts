/**
 * The company dashboard's summary over the in-memory table, seeded with the items the other areas
 * write (invoices with their tax aggregates and counters, the treasury's open items, obligations,
 * ledger sums, VeriFacTu counters, documents to review): every section against sums known by hand,
 * the snapshots (written at most once a minute, reused, served when a read throws), the policies.
 */

import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import type { AccessSubject } from '@shared/api/access';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { beforeEach, describe, expect, it } from 'vitest';
import { addMonths } from '../model/summary-dates';
import { SNAPSHOT_ENTITY } from './snapshots';
import { buildSummary, type SummaryDeps } from './summary-build';
import {
  applySeed,
  invoiceBookWrites,
  seedCollectionSummary,
  seedCompany,
  seedDocumentToReview,
  seedIssuedInvoice,
  seedLedgerSum,
  seedObligation,
  seedOpenItem,
  seedReceivedInvoice,
} from './summary-seed';

const TABLE = 'cuadra-dashboard-summary-test';
const C = 'co-ebro';
const USER = 'u-owner';
const NOW = new Date('2026-11-27T12:00:00.000Z');
useEnv({ AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
let now = NOW;
const deps: SummaryDeps = { db: testDocumentClient(), table: TABLE, now: () => new Date(now) };

const OWNER: AccessSubject = { isAdmin: false, membership: { companyRole: 'OWNER', permissions: [] } };
const summary = (over: { who?: AccessSubject; refresh?: boolean } = {}) =>
  buildSummary(deps, { companyId: C, userId: USER, who: over.who ?? OWNER, refresh: over.refresh ?? false });

async function seed(): Promise<void> {
  table.put(seedCompany(C));
  // Issued: two a month from December 2025 to November 2026 (1.000 € + 500 €), one a year before the
  // series (outside it), and a rectificativa of −200 € in November (netted).
  const issued = [];
  for (let m = 0; m < 12; m++) {
    const month = addMonths('2025-12', m);
    issued.push(seedIssuedInvoice(C, `i${m}a`, `${month}-05`, 100_000));
    issued.push(seedIssuedInvoice(C, `i${m}b`, `${month}-15`, 50_000));
  }
  issued.push(seedIssuedInvoice(C, 'old', '2025-11-20', 999_900));
  issued.push(seedIssuedInvoice(C, 'rect', '2026-11-20', -20_000, { invoiceType: 'R1' }));
  issued.push(seedIssuedInvoice(C, 'draft', '2026-11-26', 7_000, { status: 'DRAFT', confirmedAt: null }));
  // Received: 400 € a month in 2026, 700 € in December 2025.
  const received = [seedReceivedInvoice(C, 'r-dec', '2025-12-10', 70_000)];
  for (let m = 1; m <= 11; m++)
    received.push(seedReceivedInvoice(C, `r${m}`, `2026-${String(m).padStart(2, '0')}-10`, 40_000));
  // The draft is in the date index and the counters, never in the aggregates (confirming adds it).
  const book = invoiceBookWrites(
    TABLE,
    C,
    issued.filter((i) => i.status !== 'DRAFT'),
    received,
  );
  await applySeed(deps.db, TABLE, book);
  table.put({ ...invoiceBookWrites(TABLE, C, issued.slice(-1), []).puts[0]! });

  table.put(seedOpenItem(C, 'INV', 'i-a', 121_000, '2026-11-01'));
  table.put(seedOpenItem(C, 'INV', 'i-b', 60_500, '2026-12-15'));
  table.put(seedOpenItem(C, 'REC', 'r-a', 48_400, '2026-12-01'));
  // Collected: 500 € 20 days after issue in March, 710 € 65 days after issue in November (this
  // month), and 9.999 € 200 days after issue in November 2025, before the twelve months.
  table.put(
    seedCollectionSummary(C, [
      { month: '2025-11', collectedCents: 999_900, collectedCentsDays: 999_900 * 200 },
      { month: '2026-03', collectedCents: 50_000, collectedCentsDays: 50_000 * 20 },
      { month: '2026-11', collectedCents: 71_000, collectedCentsDays: 71_000 * 65 },
    ]),
  );

  table.put(seedObligation(C, { modelType: '303', period: '3T', year: 2026, dueDate: '2026-10-20' }));
  table.put(seedObligation(C, { modelType: '111', period: '10', year: 2026, dueDate: '2026-11-30' }));
  table.put(seedObligation(C, { modelType: '349', period: '11', year: 2026, dueDate: '2026-12-02' }));
  table.put(seedObligation(C, { modelType: '303', period: '4T', year: 2026, dueDate: '2027-01-30' }));
  table.put(seedObligation(C, { modelType: '130', period: '4T', year: 2026, dueDate: '2027-01-30' }));
  // Settled: not open, not counted.
  table.put(
    seedObligation(C, {
      modelType: '303',
      period: '2T',
      year: 2026,
      dueDate: '2026-07-20',
      status: 'SUBMITTED',
    }),
  );

  table.put({ ...keys.verifactuStats(C), entity: 'VerifactuStats', status_ERROR: 3, corrected_ERROR: 1 });
  table.put(seedDocumentToReview(C, '1764000000000-d1', '2026-11-24T09:00:00.000Z'));
  table.put(seedDocumentToReview(C, '1764100000000-d2', '2026-11-25T09:00:00.000Z'));

  table.put({ ...keys.accountingSettings(C), entity: 'AccountingSettings', closedThrough: '2026-09' });
  table.put({
    ...keys.entryNumberCounter(C, 2026),
    entity: 'EntryCounter',
    companyId: C,
    year: 2026,
    last: 42,
  });
  table.put(seedLedgerSum(C, 2026, 3, '700', 0, 500_000));
  table.put(seedLedgerSum(C, 2026, 4, '600', 200_000, 0));
  table.put(seedLedgerSum(C, 2026, 4, '572', 300_000, 100_000));
  table.put(seedLedgerSum(C, 2026, 1, '572', 50_000, 0, 'O'));
  table.put(seedLedgerSum(C, 2025, 12, '700', 0, 9_999_900));

  table.put({ ...keys.notificationCounter(USER, C), entity: 'NotificationCounter', unread: 4 });
}

beforeEach(async () => {
  table.reset();
  now = NOW;
  await seed();
});

describe('buildSummary', () => {
  it('computes every section from the aggregates, open items, obligations and ledger sums', async () => {
    const s = await summary();
    expect(s.company).toEqual({
      companyId: C,
      name: 'Talleres Ebro SL',
      nif: 'B50123456',
      companyType: 'SL',
      siiEnabled: false,
    });
    expect(s.monthSummary).toEqual({
      month: '2026-11',
      income: 130_000,
      expenses: 40_000,
      pendingInvoices: { count: 2, amount: 181_500 },
      pendingObligations: 5,
    });
    const f = s.financialData!;
    expect(f.totalRevenue).toBe(10 * 150_000 + 130_000);
    expect(f.totalExpenses).toBe(11 * 40_000);
    expect(f.invoicesIssued).toBe(11 * 2 + 1);
    expect(f.invoicesReceived).toBe(11);
    expect(f.pendingPayments).toBe(48_400);
    expect(f.overdueInvoices).toBe(1);
    // (50.000 × 20 + 71.000 × 65) / 121.000 = 46,40 days; November 2025 is out of the window.
    expect(f.avgCollectionDays).toBe(46);
    expect(f.revenueByMonth).toHaveLength(12);
    expect(f.revenueByMonth[0]).toEqual({ month: '2025-12', value: 150_000 });
    expect(f.revenueByMonth[11]).toEqual({ month: '2026-11', value: 130_000 });
    expect(f.expensesByMonth[0]).toEqual({ month: '2025-12', value: 70_000 });

    const t = s.taxData!;
    expect(t.obligations).toEqual({ pending: 4, overdue: 1, totalEstimatedAmount: 0 });
    expect(t.obligationsByMonth).toEqual([
      { month: '2026-11', pending: 1, overdue: 0 },
      { month: '2026-12', pending: 1, overdue: 0 },
      { month: '2027-01', pending: 2, overdue: 0 },
      { month: '2027-02', pending: 0, overdue: 0 },
      { month: '2027-03', pending: 0, overdue: 0 },
      { month: '2027-04', pending: 0, overdue: 0 },
    ]);
    expect(
      t.nextObligations.map((o) => [o.model, o.period, o.dueDate, o.daysLeft, o.estimatedAmount]),
    ).toEqual([
      ['303', '3T', '2026-10-20', -38, null],
      ['111', '10', '2026-11-30', 3, null],
      ['349', '11', '2026-12-02', 5, null],
    ]);
    expect(t.siiStatus).toBeNull();

    expect(s.accountingData).toEqual({
      year: 2026,
      result: 300_000,
      income: 500_000,
      expenses: 200_000,
      cash: 250_000,
      entries: 42,
      closedThrough: '2026-09',
    });

    expect(s.alerts.map((a) => [a.severity, a.id])).toEqual([
      ['CRITICAL', 'obligation-2026-303-3T'],
      ['CRITICAL', 'obligation-2026-111-10'],
      ['HIGH', 'obligation-2026-349-11'],
      ['HIGH', 'invoices-overdue'],
      ['HIGH', 'tax-profile'],
      ['HIGH', 'verifactu-errors'],
      ['MEDIUM', 'documents-review'],
      ['MEDIUM', 'verifactu-config'],
    ]);
    const byId = Object.fromEntries(s.alerts.map((a) => [a.id, a]));
    expect(byId['tax-profile']!.message).toBe('Configuración fiscal incompleta');
    expect(byId['verifactu-config']!.message).toBe('VeriFacTu no configurado');
    expect(byId['verifactu-errors']!.message).toBe('2 envíos VeriFacTu con errores');
    expect(byId['invoices-overdue']!.message).toBe('1 factura vencida sin cobrar');
    expect(byId['documents-review']!.message).toBe('2 documentos pendientes de revisión');
    for (const a of s.alerts) expect(a.action?.url).toMatch(/^\/app\//);

    expect(s.recentActivity).toHaveLength(10);
    expect(s.recentActivity[0]).toMatchObject({
      type: 'DOCUMENT_UPLOADED',
      timestamp: '2026-11-25T09:00:00.000Z',
    });
    expect(s.recentActivity.map((a) => a.id)).not.toContain('invoice-draft');
    expect(s.recentActivity.find((a) => a.type === 'INVOICE_ISSUED')?.id).toBe('invoice-rect');

    expect(s.additionalData).toEqual({ documentsToReview: 2, unreadNotifications: 4 });
    expect(s.meta.fallbackMode).toBe(false);
    for (const sec of Object.values(s.meta.sections))
      expect(sec).toEqual({ source: 'LIVE', asOf: NOW.toISOString() });
    expect(s.meta.itemsRead).toBeGreaterThan(0);
  });

  it('average collection days: one GetItem of the collection summary, null before there is one', async () => {
    const gets: unknown[] = [];
    table.failWhen((command, input) => {
      const g = input as { Key?: { pk?: unknown; sk?: unknown } };
      if (command === 'Get' && String(g.Key?.pk).startsWith('TREASURY#')) gets.push(g.Key);
      return undefined;
    });
    expect((await summary({ refresh: true })).financialData?.avgCollectionDays).toBe(46);
    expect(gets).toEqual([keys.collectionSummary(C)]);

    // Nothing collected in the window any more (a payment taken back): the recompute left no months.
    table.put(
      seedCollectionSummary(C, [{ month: '2025-11', collectedCents: 999_900, collectedCentsDays: 1 }]),
    );
    expect((await summary({ refresh: true })).financialData?.avgCollectionDays).toBeNull();
    // Asked for, never computed yet (only the pending flag is stored).
    table.put({
      ...keys.collectionSummary(C),
      entity: 'CollectionSummary',
      pendingAt: '2026-11-26T10:00:00.000Z',
    });
    expect((await summary({ refresh: true })).financialData?.avgCollectionDays).toBeNull();
  });

  it('never queries the invoices: only a bounded latest page of each date index', async () => {
    const queries: { pk: unknown; limit: unknown }[] = [];
    table.failWhen((command, input) => {
      const q = input as { ExpressionAttributeValues?: Record<string, unknown>; Limit?: number };
      if (command === 'Query') queries.push({ pk: q.ExpressionAttributeValues?.[':pk'], limit: q.Limit });
      return undefined;
    });
    await summary();
    const invoiceIndexes = queries.filter(
      (q) => String(q.pk).endsWith('#INVOICES') || String(q.pk).endsWith('#RECINVS'),
    );
    expect(invoiceIndexes).toHaveLength(2);
    for (const q of invoiceIndexes) expect(q.limit).toBe(20);
  });

  it('stores each section as its last good snapshot, at most once a minute, and reuses it for a minute', async () => {
    const first = await summary();
    const snaps = table.all(SNAPSHOT_ENTITY);
    expect(snaps.map((i) => i.section).sort()).toEqual(
      ['accounting', 'activity', 'alerts', 'company', 'financial', 'month', 'tax'].sort(),
    );
    expect(snaps.every((i) => i.asOf === NOW.toISOString())).toBe(true);

    now = new Date(NOW.getTime() + 30_000);
    const writesBefore = table.writes.length;
    const reused = await summary();
    expect(reused.meta.sections.tax).toEqual({ source: 'LIVE', asOf: NOW.toISOString() });
    expect(reused.taxData).toEqual(first.taxData);
    expect(reused.meta.itemsRead).toBeLessThan(first.meta.itemsRead);
    expect(table.writes.length).toBe(writesBefore);

    // refresh recomputes now, but does not write again within the minute.
    const refreshed = await summary({ refresh: true });
    expect(refreshed.meta.sections.tax).toEqual({ source: 'LIVE', asOf: now.toISOString() });
    expect(table.writes.length).toBe(writesBefore);

    now = new Date(NOW.getTime() + 61_000);
    await summary();
    expect(table.get(keys.dashboardSection(C, 'tax'))?.asOf).toBe(now.toISOString());
  });

  it("serves a section's last good snapshot when its read throws, and flags fallback mode", async () => {
    await summary();
    // The ledger's sums now fail to read; a posting changed the books meanwhile.
    table.put(seedLedgerSum(C, 2026, 5, '700', 0, 1_000));
    now = new Date(NOW.getTime() + 5 * 60_000);
    table.failWhen((command, input) =>
      command === 'Query' &&
      String(
        (input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':pk'],
      ).startsWith('LEDGERAGG#')
        ? new Error('ProvisionedThroughputExceededException')
        : undefined,
    );
    const s = await summary();
    expect(s.meta.fallbackMode).toBe(true);
    expect(s.meta.sections.accounting).toEqual({ source: 'SNAPSHOT', asOf: NOW.toISOString() });
    expect(s.accountingData?.income).toBe(500_000);
    expect(s.meta.sections.month).toEqual({ source: 'LIVE', asOf: now.toISOString() });
    expect(s.monthSummary?.income).toBe(130_000);
  });

  it('without a snapshot, a failing section is null and UNAVAILABLE', async () => {
    table.failWhen((command, input) =>
      command === 'Query' &&
      String(
        (input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':pk'],
      ).endsWith('#TAXOPEN')
        ? new Error('InternalServerError')
        : undefined,
    );
    const s = await summary();
    expect(s.meta.fallbackMode).toBe(true);
    // The open obligations feed month, tax and alerts: all three are unavailable, the rest is live.
    expect(s.meta.sections.tax).toEqual({ source: 'UNAVAILABLE', asOf: null });
    expect(s.meta.sections.month).toEqual({ source: 'UNAVAILABLE', asOf: null });
    expect(s.meta.sections.alerts).toEqual({ source: 'UNAVAILABLE', asOf: null });
    expect(s.taxData).toBeNull();
    expect(s.alerts).toEqual([]);
    expect(s.additionalData.documentsToReview).toBeNull();
    expect(s.meta.sections.financial.source).toBe('LIVE');
    expect(s.financialData?.totalRevenue).toBe(1_630_000);
  });

  it('a CLIENTE without VIEW_TAX_DOCUMENTS gets taxData null and no tax alerts; without VIEW_INVOICES no figures', async () => {
    const client: AccessSubject = {
      isAdmin: false,
      membership: { companyRole: 'CLIENTE', permissions: ['VIEW_INVOICES'] },
    };
    const s = await summary({ who: client });
    expect(s.taxData).toBeNull();
    expect(s.meta.sections.tax).toEqual({ source: 'LIVE', asOf: null });
    expect(s.accountingData).toBeNull();
    expect(s.meta.sections.accounting).toEqual({ source: 'LIVE', asOf: null });
    expect(s.meta.fallbackMode).toBe(false);
    expect(s.monthSummary?.income).toBe(130_000);
    expect(s.alerts.map((a) => a.type)).toEqual(['INVOICES']);
    expect(s.recentActivity.every((a) => a.type === 'INVOICE_ISSUED' || a.type === 'INVOICE_RECEIVED')).toBe(
      true,
    );
    expect(s.additionalData.documentsToReview).toBeNull();
    // Nothing the client may not see was snapshotted from its request.
    expect(table.get(keys.dashboardSection(C, 'tax'))).toBeUndefined();

    const bare = await summary({
      who: { isAdmin: false, membership: { companyRole: 'CLIENTE', permissions: [] } },
    });
    expect([bare.monthSummary, bare.financialData, bare.taxData, bare.accountingData]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(bare.alerts).toEqual([]);
    expect(bare.recentActivity).toEqual([]);
  });

  it('a company in the SII gets its SII status from the pending index and the recent submissions, and no VeriFacTu prompt', async () => {
    table.put(seedCompany(C, { siiEnabled: true }));
    for (const [i, book] of (['FE', 'FE', 'FR'] as const).entries())
      table.put({
        ...keys.siiEntry(C, book, `doc-${i}`),
        ...keys.siiPending(C, book, `2026-11-2${i}T08:00:00.000Z`, `doc-${i}`),
        entity: 'SiiEntry',
        status: 'QUEUED',
      });
    const sub = (id: string, accepted: number, rejected: number, operation = 'A0') =>
      deps.db.send(
        new PutCommand({
          TableName: TABLE,
          Item: {
            ...keys.siiSubmission(C, id),
            entity: 'SiiSubmission',
            v: SCHEMA_VERSION,
            operation,
            recordCount: accepted + rejected,
            acceptedCount: accepted,
            acceptedWithErrorsCount: 0,
            rejectedCount: rejected,
          },
        }),
      );
    await sub('2026-11-20T10:00:00.000Z-a', 18, 2);
    await sub('2026-11-25T10:00:00.000Z-b', 10, 0);
    await sub('2026-11-26T10:00:00.000Z-c', 0, 0, 'CONSULTA');
    await sub('2026-09-01T10:00:00.000Z-old', 0, 50);
    const s = await summary();
    expect(s.taxData?.siiStatus).toEqual({ successRate: 93.3, pendingSubmissions: 3, failedSubmissions: 2 });
    expect(s.alerts.find((a) => a.type === 'SII')?.message).toBe('2 registros SII rechazados');
    expect(s.alerts.find((a) => a.id === 'verifactu-config')).toBeUndefined();
  });
});
