/**
 * GET dashboard/summary through the real pipeline (auth, company scope with the membership read
 * from the table, the `member` policy, zod) over the in-memory table: an owner's whole summary, a
 * client's narrowed one, a bad `refresh`, a company the caller does not belong to.
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { type ClientPermission, type CompanyRole, membershipItem } from '@shared/db/records';
import type { DashboardSummary } from '@shared/schemas/dashboard';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSummaryRoute } from './actions/get-summary';
import type { DashboardDeps } from './store/deps';
import {
  applySeed,
  invoiceBookWrites,
  seedCompany,
  seedIssuedInvoice,
  seedObligation,
  seedReceivedInvoice,
} from './store/summary-seed';

const TABLE = 'cuadra-dashboard-summary-handler-test';
const C = 'co-ebro';
const NOW = new Date('2026-11-27T12:00:00.000Z');
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
const deps: DashboardDeps = { db: testDocumentClient(), table: TABLE, now: () => new Date(NOW) };
const handler = createApiHandler(
  'dashboard',
  { 'dashboard.summary': getSummaryRoute } as unknown as ActionsOf<'dashboard', DashboardDeps>,
  () => deps,
);

function member(userId: string, companyRole: CompanyRole, permissions: ClientPermission[] = []) {
  table.put(
    membershipItem({
      companyId: C,
      userId,
      companyRole,
      permissions,
      isActive: true,
      email: `${userId}@cuadra.test`,
      firstName: userId,
      lastName: 'Pérez',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }),
  );
}

async function call(userId: string, query?: Record<string, string>, groups = ['GESTOR']) {
  const event = apiEvent({
    routeId: 'dashboard.summary',
    claims: { sub: userId, groups },
    headers: { 'x-company-id': C },
    ...(query ? { query } : {}),
  });
  return readResponse<DashboardSummary>((await handler(event, lambdaContext())) as APIGatewayProxyResult);
}

beforeEach(async () => {
  table.reset();
  table.put(seedCompany(C));
  member('u-gestor', 'GESTOR');
  member('u-client', 'CLIENTE', ['VIEW_INVOICES']);
  await applySeed(
    deps.db,
    TABLE,
    invoiceBookWrites(
      TABLE,
      C,
      [seedIssuedInvoice(C, 'i1', '2026-11-03', 100_000), seedIssuedInvoice(C, 'i2', '2026-10-03', 80_000)],
      [seedReceivedInvoice(C, 'r1', '2026-11-04', 30_000)],
    ),
  );
  table.put(seedObligation(C, { modelType: '303', period: '3T', year: 2026, dueDate: '2026-10-20' }));
});

describe('GET dashboard/summary', () => {
  it("answers the staff's whole summary in the envelope", async () => {
    const res = await call('u-gestor', { refresh: 'true' });
    expect(res.status).toBe(200);
    const s = res.envelope.data!;
    expect(s.company.name).toBe('Talleres Ebro SL');
    expect(s.monthSummary).toMatchObject({
      month: '2026-11',
      income: 100_000,
      expenses: 30_000,
      pendingObligations: 1,
    });
    expect(s.financialData).toMatchObject({
      totalRevenue: 180_000,
      totalExpenses: 30_000,
      invoicesIssued: 2,
    });
    expect(s.taxData?.obligations).toEqual({ pending: 0, overdue: 1, totalEstimatedAmount: 0 });
    expect(s.alerts[0]).toMatchObject({ severity: 'CRITICAL', type: 'TAX', dueDate: '2026-10-20' });
    expect(s.accountingData).toBeNull();
    expect(s.meta.fallbackMode).toBe(false);
    expect(s.meta.itemsRead).toBeGreaterThan(0);
    expect(s.additionalData).toEqual({ documentsToReview: 0, unreadNotifications: 0 });
  });

  it('narrows a CLIENTE without VIEW_TAX_DOCUMENTS: taxData null, only invoice alerts', async () => {
    const res = await call('u-client', undefined, ['CLIENTE']);
    expect(res.status).toBe(200);
    const s = res.envelope.data!;
    expect(s.taxData).toBeNull();
    expect(s.meta.sections.tax).toEqual({ source: 'LIVE', asOf: null });
    expect(s.monthSummary?.income).toBe(100_000);
    expect(s.alerts.filter((a) => a.type !== 'INVOICES')).toEqual([]);
    expect(s.additionalData.documentsToReview).toBeNull();
  });

  it('refuses a refresh that is not true or false (CORE_004)', async () => {
    const res = await call('u-gestor', { refresh: 'yes' });
    expect(res.status).toBe(400);
    expect(res.envelope.error?.code).toBe('CORE_004');
    expect(JSON.stringify(res.envelope.error)).toContain('refresh debe ser true o false.');
  });

  it('refuses a company the caller does not belong to (CORE_003)', async () => {
    const res = await call('u-stranger');
    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_003');
  });
});
