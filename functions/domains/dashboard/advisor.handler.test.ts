import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { type Company, companyItem, membershipItem } from '@shared/db/records';
import type { AdvisorCompaniesResult, AdvisorSummary } from '@shared/schemas/dashboard';
import { beforeEach, describe, expect, it } from 'vitest';
import { advisorCompaniesRoute } from './actions/advisor-companies';
import { advisorSummaryRoute } from './actions/advisor-summary';
import { documentItem } from './store/advisor-fixtures';
import type { DashboardDeps } from './store/deps';

const TABLE = 'cuadra-advisor-handler-test';
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
const deps: DashboardDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date('2026-11-18T10:00:00.000Z'),
};
// The advisor's two routes through the real pipeline (auth, session, role gate, query validation).
const handler = createApiHandler(
  'dashboard',
  {
    'dashboard.advisorSummary': advisorSummaryRoute,
    'dashboard.advisorCompanies': advisorCompaniesRoute,
  } as unknown as ActionsOf<'dashboard', DashboardDeps>,
  () => deps,
  { sessionGate: { assertCurrent: async () => undefined, remember: () => undefined } },
);

const company = (companyId: string, name: string): Company => ({
  companyId,
  name,
  nif: 'B12345674',
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
  createdBy: 'u-gestor',
});

const member = (companyId: string, userId: string, companyRole: 'GESTOR' | 'CLIENTE') =>
  membershipItem({
    companyId,
    userId,
    companyRole,
    permissions: [],
    isActive: true,
    email: `${userId}@example.com`,
    firstName: userId,
    lastName: 'Prueba',
    createdAt: '2026-01-01T08:00:00.000Z',
    updatedAt: '2026-01-01T08:00:00.000Z',
  });

const call = async <T>(
  routeId: 'dashboard.advisorSummary' | 'dashboard.advisorCompanies',
  sub: string,
  groups: string[],
  query?: Record<string, string>,
) => readResponse<T>(await handler(apiEvent({ routeId, query, claims: { sub, groups } }), lambdaContext()));

beforeEach(() => {
  table.reset();
  table.put(companyItem(company('co-1', 'Uno SL')));
  table.put(companyItem(company('co-2', 'Dos SL')));
  table.put(companyItem(company('co-3', 'Tres SL')));
  table.put(member('co-1', 'u-gestor', 'GESTOR'));
  table.put(member('co-2', 'u-gestor', 'GESTOR'));
  table.put(member('co-3', 'u-other', 'GESTOR'));
  table.put(member('co-1', 'u-client', 'CLIENTE'));
  table.put(
    documentItem({
      companyId: 'co-2',
      createdMs: Date.parse('2026-11-10T09:00:00Z'),
      suffix: 'x',
      fileName: 'factura.pdf',
      reviewPending: true,
    }),
  );
});

describe('advisor dashboard routes', () => {
  it.each(['dashboard.advisorSummary', 'dashboard.advisorCompanies'] as const)(
    '%s refuses a CLIENTE with 403',
    async (routeId) => {
      const res = await call(routeId, 'u-client', ['CLIENTE']);
      expect(res.status).toBe(403);
      expect(res.envelope.success).toBe(false);
    },
  );

  it('shows a GESTOR only its own companies', async () => {
    const res = await call<AdvisorCompaniesResult>('dashboard.advisorCompanies', 'u-gestor', ['GESTOR']);
    expect(res.status).toBe(200);
    expect(res.envelope.data!.period).toBe('MONTH');
    expect(res.envelope.data!.items.map((i) => [i.company.name, i.status])).toEqual([
      ['Dos SL', 'WARNING'],
      ['Uno SL', 'HEALTHY'],
    ]);
    const other = await call<AdvisorCompaniesResult>('dashboard.advisorCompanies', 'u-other', ['GESTOR']);
    expect(other.envelope.data!.items.map((i) => i.company.id)).toEqual(['co-3']);
  });

  it('filters by status and period', async () => {
    const res = await call<AdvisorCompaniesResult>('dashboard.advisorCompanies', 'u-gestor', ['GESTOR'], {
      status: 'HEALTHY',
      period: 'DAY',
    });
    expect(res.envelope.data!.period).toBe('DAY');
    expect(res.envelope.data!.items.map((i) => i.company.id)).toEqual(['co-1']);
  });

  it('answers the summary with the counts and its meta', async () => {
    const res = await call<AdvisorSummary>('dashboard.advisorSummary', 'u-gestor', ['GESTOR'], {
      period: 'MONTH',
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data!.clientStats).toEqual({
      totalCompanies: 2,
      totalClients: 1,
      healthyCompanies: 1,
      warningCompanies: 1,
      criticalCompanies: 0,
    });
    expect(res.envelope.data!.documentStats.totalDocuments).toBe(1);
    expect(res.envelope.data!.pendingTaskList[0]).toMatchObject({
      companyId: 'co-2',
      kind: 'DOCUMENT_REVIEW',
      url: '/app/document-reviews?company=co-2',
    });
    expect(res.envelope.data!.meta).toMatchObject({ companies: 2, computed: 2, fromCache: 0, failed: 0 });
    const again = await call<AdvisorSummary>('dashboard.advisorSummary', 'u-gestor', ['GESTOR']);
    expect(again.envelope.data!.meta).toMatchObject({ companies: 2, computed: 0, fromCache: 2 });
  });

  it('refuses an unknown period or status with the validation envelope', async () => {
    const res = await call('dashboard.advisorCompanies', 'u-gestor', ['GESTOR'], { period: 'DECADE' });
    expect(res.status).toBe(400);
    expect(res.envelope.error?.code).toBe('CORE_004');
    expect(JSON.stringify(res.envelope.error)).toContain(
      'El periodo debe ser DAY, WEEK, MONTH, QUARTER o YEAR.',
    );
    const bad = await call('dashboard.advisorSummary', 'u-gestor', ['GESTOR'], { refresh: 'yes' });
    expect(bad.status).toBe(400);
  });
});
