/**
 * The administrator's dashboard through the real pipeline (auth, role gate, zod) over the in-memory
 * table: stat cards with changes from stored history, recent activity, and the ADMIN-only gate.
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, profileItem, SCHEMA_VERSION, type UserProfile } from '@shared/db/records';
import { type PlanCode, type SubscriptionStatus, subscriptionToPlan } from '@shared/schemas/billing';
import type { AdminActivity, AdminStats } from '@shared/schemas/dashboard';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminActivitiesRoute } from './actions/admin-activities';
import { adminStatsRoute } from './actions/admin-stats';
import type { DashboardDeps } from './store/deps';

const TABLE = 'cuadra-dashboard-admin-test';
const NOW = new Date('2026-11-27T12:00:00.000Z');
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
const deps: DashboardDeps = { db: testDocumentClient(), table: TABLE, now: () => new Date(NOW) };
const handler = createApiHandler(
  'dashboard',
  { 'admin.stats': adminStatsRoute, 'admin.recentActivities': adminActivitiesRoute } as unknown as ActionsOf<
    'dashboard',
    DashboardDeps
  >,
  () => deps,
);

async function call<T>(routeId: RouteId, groups: string[], query?: Record<string, string>) {
  const event = apiEvent({
    routeId,
    claims: { sub: `caller-${groups[0]}`, groups },
    ...(query ? { query } : {}),
  });
  return readResponse<T>((await handler(event, lambdaContext())) as APIGatewayProxyResult);
}

function seedUser(userId: string, createdAt: string, over: Partial<UserProfile> = {}) {
  table.put(
    profileItem({
      userId,
      email: `${userId}@cuadra.test`,
      firstName: userId,
      lastName: 'Pérez',
      role: 'GESTOR',
      isAutonomous: false,
      emailVerified: true,
      isActive: true,
      createdAt,
      updatedAt: createdAt,
      ...over,
    }),
  );
}

function seedCompany(companyId: string, createdAt: string, createdBy: string) {
  const c: Company = {
    companyId,
    name: `Empresa ${companyId}`,
    nif: 'B12345674',
    companyType: 'SL',
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: true,
    address: {
      street: 'Calle Mayor 1',
      postalCode: '46001',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt,
    updatedAt: createdAt,
    createdBy,
  };
  table.put(companyItem(c));
}

function seedSubscription(
  userId: string,
  planCode: PlanCode,
  status: SubscriptionStatus,
  startedAt: string,
  over: { updatedAt?: string; trialEndsAt?: string | null } = {},
) {
  table.put({
    ...keys.subscription(userId),
    entity: 'Subscription',
    v: SCHEMA_VERSION,
    userId,
    ...subscriptionToPlan(planCode, {
      subscriptionId: `sub-${userId}`,
      status,
      startedAt,
      currentPeriodEnd: '2026-12-31T00:00:00.000Z',
      trialEndsAt: over.trialEndsAt ?? null,
    }),
    createdAt: startedAt,
    updatedAt: over.updatedAt ?? startedAt,
  });
}

beforeEach(() => {
  table.reset();
  seedUser('ana', '2026-01-10T09:00:00.000Z');
  seedUser('ben', '2026-06-01T09:00:00.000Z', { isActive: false, role: 'CLIENTE' });
  seedUser('carla', '2026-11-20T09:00:00.000Z');
  seedSubscription('ana', 'GESTORIA_PROFESSIONAL', 'ACTIVE', '2026-01-10T09:00:00.000Z');
  seedSubscription('ben', 'STANDARD_STARTER', 'SUSPENDED', '2026-06-01T09:00:00.000Z', {
    updatedAt: '2026-11-15T00:00:00.000Z',
  });
  seedSubscription('carla', 'GESTORIA_STARTER', 'TRIAL', '2026-11-20T09:00:00.000Z', {
    trialEndsAt: '2026-12-20T09:00:00.000Z',
  });
  seedCompany('co-old', '2026-02-01T10:00:00.000Z', 'ana');
  seedCompany('co-new', '2026-11-21T10:00:00.000Z', 'carla');
});

describe('admin.stats', () => {
  it('ADMIN: totals now and changes against 30 days before, from the stored dates', async () => {
    const res = await call<AdminStats>('admin.stats', ['ADMIN']);
    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      totalUsers: 3,
      activeUsers: 2,
      // ana ACTIVE + carla TRIAL; ben is suspended.
      activeSubscriptions: 2,
      // Only ACTIVE pays: ana's Gestoría Professional.
      monthlyRevenue: 19_900,
      supportTickets: null,
      changes: {
        // 30 days before: ana and ben existed.
        users: { percent: 50, type: 'positive' },
        // 30 days before: ana and ben (suspended on 2026-11-15) were active: 2 → 2.
        subscriptions: { percent: 0, type: 'positive' },
        // 19 900 + 1 500 → 19 900.
        revenue: { percent: -7, type: 'negative' },
        tickets: null,
      },
      asOf: NOW.toISOString(),
    });
  });

  it('a GESTOR is refused (403)', async () => {
    const res = await call('admin.stats', ['GESTOR']);
    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_002');
  });

  it('without history the changes are null, not invented', async () => {
    table.reset();
    seedUser('solo', '2026-11-26T09:00:00.000Z');
    const res = await call<AdminStats>('admin.stats', ['ADMIN']);
    expect(res.envelope.data?.changes.users).toEqual({ percent: null, type: 'positive' });
    expect(res.envelope.data?.changes.revenue.percent).toBeNull();
  });
});

describe('admin.recentActivities', () => {
  it('registrations, companies and subscriptions merged newest first', async () => {
    const res = await call<AdminActivity[]>('admin.recentActivities', ['ADMIN'], { limit: '4' });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual([
      {
        id: 'company-co-new',
        action: 'Empresa creada',
        user: 'carla Pérez',
        details: 'Empresa co-new (B12345674) · SL',
        time: '2026-11-21T10:00:00.000Z',
      },
      {
        id: 'subscription-sub-carla',
        action: 'Periodo de prueba iniciado',
        user: 'carla Pérez',
        details: 'Gestoría Starter · Periodo de prueba',
        time: '2026-11-20T09:00:00.000Z',
      },
      {
        id: 'user-carla',
        action: 'Nuevo usuario registrado',
        user: 'carla Pérez',
        details: 'carla@cuadra.test · Gestor',
        time: '2026-11-20T09:00:00.000Z',
      },
      {
        id: 'subscription-sub-ben',
        action: 'Suscripción iniciada',
        user: 'ben Pérez',
        details: 'Autónomo Starter · Suspendida',
        time: '2026-06-01T09:00:00.000Z',
      },
    ]);
  });

  it('defaults to 10 and refuses more than 50', async () => {
    const all = await call<AdminActivity[]>('admin.recentActivities', ['ADMIN']);
    // 3 users + 2 companies + 3 subscriptions.
    expect(all.envelope.data).toHaveLength(8);
    const tooMany = await call('admin.recentActivities', ['ADMIN'], { limit: '51' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.envelope.error?.code).toBe('CORE_004');
  });

  it('a GESTOR is refused (403)', async () => {
    expect((await call('admin.recentActivities', ['GESTOR'])).status).toBe(403);
  });
});
