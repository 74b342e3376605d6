import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { storedInvoiceItem } from '@functions/platform/testing/stored-invoices';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, type MembershipRecord, membershipItem } from '@shared/db/records';
import type { AdvisorPeriod } from '@shared/schemas/dashboard';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { summarize } from '../model/advisor-stats';
import { loadAdvisorStats } from './advisor-companies';
import {
  confirmedAggregateUpdates,
  documentItem,
  issuedInvoice,
  obligation,
  obligationItem,
  siiEntryItem,
  taxProfileItem,
  verifactuStatsItem,
} from './advisor-fixtures';
import type { DashboardDeps } from './deps';

const TABLE = 'cuadra-advisor-test';
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);

/** Wednesday 18 November 2026, 11:00 in Madrid. */
let now = new Date('2026-11-18T10:00:00.000Z');
const deps: DashboardDeps = { db: testDocumentClient(), table: TABLE, now: () => now };
const GESTOR = 'u-gestor';
const ms = (iso: string) => Date.parse(iso);

function company(companyId: string, name: string, over: Partial<Company> = {}): Company {
  return {
    companyId,
    name,
    nif: `B${companyId.length}0000000`,
    companyType: 'SL',
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: false,
    address: {
      street: 'Calle Mayor 1',
      postalCode: '28013',
      city: 'Madrid',
      province: 'Madrid',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt: '2026-01-01T08:00:00.000Z',
    updatedAt: '2026-01-01T08:00:00.000Z',
    createdBy: GESTOR,
    ...over,
  };
}

function member(companyId: string, userId: string, role: MembershipRecord['companyRole'], isActive = true) {
  return membershipItem({
    companyId,
    userId,
    companyRole: role,
    permissions: [],
    isActive,
    email: `${userId}@example.com`,
    firstName: userId,
    lastName: 'Prueba',
    createdAt: '2026-01-01T08:00:00.000Z',
    updatedAt: '2026-01-01T08:00:00.000Z',
  });
}

async function confirm(inv: Invoice) {
  table.put(storedInvoiceItem(inv));
  await deps.db.send(new TransactWriteCommand({ TransactItems: confirmedAggregateUpdates(TABLE, inv) }));
}

/**
 * Alfa: overdue 111 3T, a 349 due in 2 days, the 303 3T filed on time (compliance 1 of 2 due = 50),
 * invoices of February, October and November (a draft too), two November documents (one to review)
 * and one of October, 1 active client, VeriFacTu 3 errors of which 1 corrected.
 * Beta: everything filed on time, no documents: HEALTHY.
 * Gamma (SII, no tax profile): 1 rejected SII record (another is queued; another company's rejected).
 * Delta: one document to review: WARNING.
 */
async function seed() {
  table.reset();
  const companies = [
    company('co-a', 'Alfa SL'),
    company('co-b', 'Beta SL'),
    company('co-c', 'Gamma SA', { companyType: 'SA', siiEnabled: true }),
    company('co-d', 'Delta SL'),
    company('co-x', 'Ajena SL', { siiEnabled: true }),
  ];
  for (const c of companies) table.put(companyItem(c));
  for (const id of ['co-a', 'co-b', 'co-c', 'co-d']) table.put(member(id, GESTOR, 'GESTOR'));
  table.put(member('co-x', 'u-other', 'GESTOR'));
  table.put(member('co-a', 'u-client-1', 'CLIENTE'));
  table.put(member('co-a', 'u-client-2', 'CLIENTE', false));
  table.put(member('co-a', 'u-owner', 'OWNER'));
  table.put(member('co-b', 'u-client-3', 'CLIENTE'));

  table.put(taxProfileItem('co-a'));
  for (const o of [
    obligation('co-a', {
      modelType: '303',
      period: '3T',
      year: 2026,
      dueDate: '2026-10-20',
      status: 'SUBMITTED',
      submittedAt: '2026-10-15T09:00:00.000Z',
    }),
    obligation('co-a', {
      modelType: '111',
      period: '3T',
      year: 2026,
      dueDate: '2026-10-20',
      status: 'PENDING',
    }),
    obligation('co-a', {
      modelType: '349',
      period: '10',
      year: 2026,
      dueDate: '2026-11-20',
      status: 'PENDING',
    }),
    obligation('co-a', {
      modelType: '303',
      period: '4T',
      year: 2026,
      dueDate: '2027-01-30',
      status: 'PENDING',
    }),
  ])
    table.put(obligationItem(o));
  await confirm(issuedInvoice('co-a', 'a-feb', '2026-02-01', 30_000));
  await confirm(issuedInvoice('co-a', 'a-oct', '2026-10-10', 50_000));
  await confirm(issuedInvoice('co-a', 'a-nov', '2026-11-05', 100_000));
  await confirm(issuedInvoice('co-a', 'a-today', '2026-11-18', 20_000));
  table.put(storedInvoiceItem(issuedInvoice('co-a', 'a-draft', '2026-11-17', 99_999, { status: 'DRAFT' })));
  table.put(
    documentItem({
      companyId: 'co-a',
      createdMs: ms('2026-10-30T10:00:00Z'),
      suffix: 'a1',
      fileName: 'oct.pdf',
    }),
  );
  table.put(
    documentItem({
      companyId: 'co-a',
      createdMs: ms('2026-11-02T10:00:00Z'),
      suffix: 'a2',
      fileName: 'nov.pdf',
    }),
  );
  table.put(
    documentItem({
      companyId: 'co-a',
      createdMs: ms('2026-11-17T16:00:00Z'),
      suffix: 'a3',
      fileName: 'ticket.jpg',
      reviewPending: true,
    }),
  );
  table.put(verifactuStatsItem('co-a', { status_ERROR: 3, corrected_ERROR: 1, status_VERIFIED: 10 }));

  table.put(taxProfileItem('co-b'));
  table.put(
    obligationItem(
      obligation('co-b', {
        modelType: '303',
        period: '3T',
        year: 2026,
        dueDate: '2026-10-20',
        status: 'SUBMITTED',
        submittedAt: '2026-10-19',
      }),
    ),
  );
  table.put(
    obligationItem(
      obligation('co-b', {
        modelType: '303',
        period: '4T',
        year: 2025,
        dueDate: '2026-01-30',
        status: 'SUBMITTED',
        submittedAt: '2026-01-29T08:00:00.000Z',
      }),
    ),
  );

  table.put(
    siiEntryItem({ companyId: 'co-c', documentId: 'inv-1', status: 'REJECTED', deadline: '2026-11-19' }),
  );
  table.put(
    siiEntryItem({ companyId: 'co-c', documentId: 'inv-2', status: 'QUEUED', deadline: '2026-11-20' }),
  );
  table.put(
    siiEntryItem({ companyId: 'co-c', documentId: 'inv-3', status: 'ACCEPTED', deadline: '2026-11-01' }),
  );
  table.put(
    siiEntryItem({ companyId: 'co-x', documentId: 'inv-9', status: 'REJECTED', deadline: '2026-11-19' }),
  );

  table.put(
    documentItem({
      companyId: 'co-d',
      createdMs: ms('2026-09-01T10:00:00Z'),
      suffix: 'd1',
      fileName: 'antiguo.pdf',
      reviewPending: true,
    }),
  );
}

const load = (period: AdvisorPeriod = 'MONTH', refresh = false) =>
  loadAdvisorStats(deps, { userId: GESTOR, period, refresh });
const statsOf = async (period: AdvisorPeriod = 'MONTH', refresh = true) =>
  new Map((await load(period, refresh)).companies.map((c) => [c.stats.company.id, c]));

beforeEach(async () => {
  now = new Date('2026-11-18T10:00:00.000Z');
  await seed();
});

describe('loadAdvisorStats', () => {
  it('computes each company of the caller from its items, and only those', async () => {
    const result = await load();
    expect(result.companies.map((c) => c.stats.company.id).sort()).toEqual(['co-a', 'co-b', 'co-c', 'co-d']);
    const a = result.companies.find((c) => c.stats.company.id === 'co-a')!;
    expect(a.stats).toEqual({
      company: { id: 'co-a', name: 'Alfa SL', nif: 'B40000000', companyType: 'SL' },
      status: 'CRITICAL',
      reasons: [
        '1 obligación vencida',
        '2 envíos VeriFacTu con errores',
        'Cumplimiento fiscal del 50 % (menos del 70 %)',
        '1 obligación vence en 7 días o menos',
        '1 documento por revisar',
      ],
      clientCount: 1,
      documentCount: 2,
      revenue: 120_000,
      pendingTasks: 5,
      lastActivity: '2026-11-18T10:00:00.000Z',
      complianceScore: 50,
      overdueObligations: 1,
      dueSoonObligations: 1,
      rejectedSii: 0,
      rejectedVerifactu: 2,
      unreviewedDocuments: 1,
      failed: false,
      computedAt: '2026-11-18T10:00:00.000Z',
    });
    expect(a.tasks.map((t) => [t.kind, t.title, t.dueDate])).toEqual([
      ['OVERDUE_OBLIGATION', 'Modelo 111 · 3T 2026: vencida el 20/10/2026', '2026-10-20'],
      ['VERIFACTU_REJECTED', '2 envíos VeriFacTu con errores', null],
      ['DUE_SOON_OBLIGATION', 'Modelo 349 · Octubre 2026: vence el 20/11/2026', '2026-11-20'],
      ['DOCUMENT_REVIEW', '1 documento por revisar', null],
    ]);
    expect(a.tasks[0]!.url).toBe('/app/tax/calendar?filter=overdue&company=co-a');
    expect(result.computed).toBe(4);
    expect(result.fromCache).toBe(0);
    expect(result.itemsRead).toBeGreaterThan(0);
  });

  it('gives each company its status by the documented rules', async () => {
    const s = await statsOf();
    expect(s.get('co-b')!.stats).toMatchObject({
      status: 'HEALTHY',
      reasons: [],
      complianceScore: 100,
      clientCount: 1,
      documentCount: 0,
      revenue: 0,
      // Filed on 19 October (a Madrid date): its midnight, summer time.
      lastActivity: '2026-10-18T22:00:00.000Z',
    });
    // Gamma: in the SII, no tax profile (no score), one rejected record (the queued one and another
    // company's rejected one do not count).
    expect(s.get('co-c')!.stats).toMatchObject({
      status: 'CRITICAL',
      reasons: ['1 registro SII rechazado'],
      complianceScore: null,
      rejectedSii: 1,
      pendingTasks: 1,
    });
    expect(s.get('co-c')!.tasks[0]).toMatchObject({ kind: 'SII_REJECTED', dueDate: '2026-11-19' });
    expect(s.get('co-d')!.stats).toMatchObject({
      status: 'WARNING',
      reasons: ['1 documento por revisar'],
      documentCount: 0,
      lastActivity: '2026-09-01T10:00:00.000Z',
    });
  });

  it.each<[AdvisorPeriod, number, number]>([
    ['DAY', 20_000, 0],
    ['WEEK', 20_000, 1],
    ['MONTH', 120_000, 2],
    ['QUARTER', 170_000, 3],
    ['YEAR', 200_000, 3],
  ])(
    '%s: revenue of the issued invoices and documents created in the period',
    async (period, revenue, docs) => {
      const a = (await statsOf(period)).get('co-a')!.stats;
      expect(a.revenue).toBe(revenue);
      expect(a.documentCount).toBe(docs);
    },
  );

  it('nets a substitution rectificativa of the week against the invoice it replaces, as the aggregates do', async () => {
    const original = issuedInvoice('co-a', 'a-today', '2026-11-18', 20_000);
    await confirm(
      issuedInvoice('co-a', 'a-r1', '2026-11-18', 15_000, {
        invoiceType: 'R1',
        rectification: {
          method: 'SUBSTITUTION',
          reason: 'Precio',
          rectified: [
            {
              invoiceId: 'a-today',
              invoiceNumber: 'F-a-today',
              invoiceDate: '2026-11-18',
              invoiceType: 'F1',
              totals: original.totals,
              breakdown: original.breakdown,
            },
          ],
        },
      }),
    );
    const week = (await statsOf('WEEK')).get('co-a')!.stats.revenue;
    const month = (await statsOf('MONTH')).get('co-a')!.stats.revenue;
    expect(week).toBe(15_000);
    expect(month).toBe(115_000);
  });

  it('sees an obligation of an older year still open (the open index) next to the two years it scores', async () => {
    table.put(
      obligationItem(
        obligation('co-b', {
          modelType: '303',
          period: '4T',
          year: 2024,
          dueDate: '2025-01-30',
          status: 'PENDING',
        }),
      ),
    );
    const b = (await statsOf()).get('co-b')!;
    expect(b.stats).toMatchObject({
      status: 'CRITICAL',
      overdueObligations: 1,
      // 2024 is outside the scored years (2025 and 2026): both filed on time.
      complianceScore: 100,
    });
    expect(b.tasks.map((t) => t.title)).toEqual(['Modelo 303 · 4T 2024: vencida el 30/01/2025']);
  });

  it('marks a company whose reads fail CRITICAL with zeros, computes the others and caches only them', async () => {
    table.failWhen((command, input) => {
      const values = (input as { ExpressionAttributeValues?: Record<string, unknown> })
        .ExpressionAttributeValues;
      return command === 'Query' && String(values?.[':pk'] ?? '').includes('co-b')
        ? new Error('DynamoDB unavailable')
        : undefined;
    });
    const failures: string[] = [];
    const result = await loadAdvisorStats(
      deps,
      { userId: GESTOR, period: 'MONTH', refresh: false },
      { onCompanyFailure: (id) => failures.push(id) },
    );
    const b = result.companies.find((c) => c.stats.company.id === 'co-b')!;
    expect(b.stats).toEqual({
      company: { id: 'co-b', name: 'Beta SL', nif: 'B40000000', companyType: 'SL' },
      status: 'CRITICAL',
      reasons: ['No se pudieron calcular los datos de la empresa'],
      clientCount: 0,
      documentCount: 0,
      revenue: 0,
      pendingTasks: 0,
      lastActivity: null,
      complianceScore: null,
      overdueObligations: 0,
      dueSoonObligations: 0,
      rejectedSii: 0,
      rejectedVerifactu: 0,
      unreviewedDocuments: 0,
      failed: true,
      computedAt: '2026-11-18T10:00:00.000Z',
    });
    expect(failures).toEqual(['co-b']);
    expect(result.companies.find((c) => c.stats.company.id === 'co-a')!.stats.failed).toBe(false);
    expect(table.get(keys.dashboardCompanyStats('co-b', 'MONTH'))).toBeUndefined();
    expect(table.get(keys.dashboardCompanyStats('co-a', 'MONTH'))).toMatchObject({
      entity: 'DashboardCompanyStats',
      day: '2026-11-18',
    });
    const summary = summarize('MONTH', result.companies, {
      generatedAt: now.toISOString(),
      fromCache: result.fromCache,
      computed: result.computed,
      itemsRead: result.itemsRead,
    });
    expect(summary.meta.failed).toBe(1);
    expect(summary.clientStats.criticalCompanies).toBe(3);
  });

  it('reuses the cached stats for 10 minutes of the same day, and recomputes on refresh or when stale', async () => {
    const first = await load();
    expect(first).toMatchObject({ computed: 4, fromCache: 0 });
    // A new overdue obligation is not seen while the cache is fresh.
    table.put(
      obligationItem(
        obligation('co-b', {
          modelType: '111',
          period: '3T',
          year: 2026,
          dueDate: '2026-10-20',
          status: 'PENDING',
        }),
      ),
    );
    now = new Date('2026-11-18T10:09:00.000Z');
    const cached = await load();
    expect(cached).toMatchObject({ computed: 0, fromCache: 4 });
    expect(cached.itemsRead).toBeLessThan(first.itemsRead);
    expect(cached.companies.find((c) => c.stats.company.id === 'co-b')!.stats.status).toBe('HEALTHY');
    // Another period has its own cache entry.
    expect(await load('QUARTER')).toMatchObject({ computed: 4, fromCache: 0 });

    const refreshed = await load('MONTH', true);
    expect(refreshed).toMatchObject({ computed: 4, fromCache: 0 });
    expect(refreshed.companies.find((c) => c.stats.company.id === 'co-b')!.stats.status).toBe('CRITICAL');

    now = new Date('2026-11-18T10:20:00.000Z');
    expect(await load()).toMatchObject({ computed: 4, fromCache: 0 });
    now = new Date('2026-11-18T10:25:00.000Z');
    expect(await load()).toMatchObject({ computed: 0, fromCache: 4 });
    // Past midnight in Madrid (23:00 UTC in November) the day changed: recomputed.
    table.put({
      ...table.get(keys.dashboardCompanyStats('co-a', 'MONTH'))!,
      computedAt: '2026-11-18T22:55:00.000Z',
    });
    now = new Date('2026-11-18T23:01:00.000Z');
    const nextDay = await load();
    expect(nextDay.computed).toBe(4);
  });
});

describe('summarize', () => {
  it('adds the companies up with known sums', async () => {
    const result = await load();
    const s = summarize('MONTH', result.companies, {
      generatedAt: now.toISOString(),
      fromCache: result.fromCache,
      computed: result.computed,
      itemsRead: result.itemsRead,
    });
    expect(s.clientStats).toEqual({
      totalCompanies: 4,
      totalClients: 2,
      healthyCompanies: 1,
      warningCompanies: 1,
      criticalCompanies: 2,
    });
    expect(s.documentStats).toEqual({ totalDocuments: 2, totalRevenue: 120_000 });
    // Alfa 50 and Beta 100 have a tax profile; Gamma and Delta have none.
    expect(s.taxStats.averageComplianceScore).toBe(75);
    expect(s.pendingTasks).toBe(5 + 0 + 1 + 1);
    expect(s.pendingTaskList.map((t) => `${t.companyId}:${t.kind}`)).toEqual([
      'co-a:OVERDUE_OBLIGATION',
      'co-c:SII_REJECTED',
      'co-a:VERIFACTU_REJECTED',
      'co-a:DUE_SOON_OBLIGATION',
      'co-a:DOCUMENT_REVIEW',
      'co-d:DOCUMENT_REVIEW',
    ]);
    expect(s.recentActivity.length).toBeLessThanOrEqual(10);
    expect(s.recentActivity[0]).toMatchObject({ companyId: 'co-a', action: 'Factura F-a-today emitida' });
    const times = s.recentActivity.map((a) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(s.recentActivity.map((a) => a.action)).toContain('Modelo 111 · 3T 2026 vencido sin presentar');
    expect(s.meta).toMatchObject({ companies: 4, fromCache: 0, computed: 4, failed: 0 });
  });
});
