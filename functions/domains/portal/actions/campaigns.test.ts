/**
 * The campaign routes through the real pipeline over the in-memory table: the role gate, the
 * validation messages, membership of every target company, owner-only access (an ADMIN passes),
 * the client's checklist limited to the selected company it belongs to.
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import type { RouteId } from '@shared/api/routes';
import { membershipItem } from '@shared/db/records';
import type {
  Campaign,
  CampaignDetail,
  CampaignSuggestion,
  CampaignTarget,
  ClientDocumentRequest,
} from '@shared/schemas/campaigns';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { portalActions } from '../handler';
import {
  CLIENT,
  CO,
  CO2,
  GESTOR,
  OUTSIDER,
  OWNER,
  portalDeps,
  seedCompanies,
  T0,
  TABLE,
} from '../testing/fixtures';

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient);
const clock = { now: new Date(T0) };
const handler = createApiHandler('portal', portalActions, () => portalDeps(clock));

const GESTOR2 = 'u-gestor2';
const ADMIN = 'u-admin';
const GROUPS: Record<string, string> = { [GESTOR]: 'GESTOR', [GESTOR2]: 'GESTOR', [ADMIN]: 'ADMIN' };

async function call<T>(
  user: string,
  routeId: RouteId,
  opts: {
    company?: string;
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  } = {},
) {
  const res = (await handler(
    apiEvent({
      routeId,
      params: opts.params,
      query: opts.query,
      body: opts.body,
      claims: { sub: user, groups: [GROUPS[user] ?? 'CLIENTE'] },
      headers: opts.company ? { 'x-company-id': opts.company } : {},
    }),
    lambdaContext(),
  )) as APIGatewayProxyResult;
  return readResponse<T>(res);
}

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Documentación 1T 2026',
  period: '2026-Q1',
  dueDate: '2026-03-31',
  companyIds: [CO],
  items: [{ kind: 'BANK_STATEMENTS', minDocuments: 3 }, { kind: 'PURCHASE_INVOICES' }],
  ...over,
});

async function created(user = GESTOR, over: Record<string, unknown> = {}) {
  const res = await call<CampaignDetail>(user, 'campaigns.create', { body: body(over) });
  expect(res.status).toBe(201);
  return res.envelope.data!;
}

beforeEach(() => {
  table.reset();
  clock.now = new Date(T0);
  seedCompanies(table);
  // A second gestor who manages only the bakery.
  table.put(
    membershipItem({
      companyId: CO,
      userId: GESTOR2,
      companyRole: 'GESTOR',
      permissions: [],
      isActive: true,
      email: 'g2@cuadra.test',
      firstName: 'G2',
      lastName: 'Test',
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    }),
  );
});

describe('campaigns.*', () => {
  it('are for gestores: a CLIENTE (even an OWNER member) gets 403', async () => {
    expect((await call(CLIENT, 'campaigns.list')).envelope.error?.code).toBe('CORE_002');
    expect((await call(OWNER, 'campaigns.create', { body: body() })).envelope.error?.code).toBe('CORE_002');
  });

  it("validates with the schema's messages", async () => {
    const res = await call(GESTOR, 'campaigns.create', {
      body: body({ name: '', companyIds: [], period: '2026-Q5' }),
    });
    expect(res.status).toBe(400);
    const details = res.envelope.error?.details as
      | { issues: { field: string; message: string }[] }
      | undefined;
    const issues = details?.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'El nombre es obligatorio' },
        { field: 'companyIds', message: 'Elige al menos un cliente' },
        { field: 'period', message: 'Periodo no válido (AAAA, AAAA-MM o AAAA-Qn)' },
      ]),
    );
    const past = await call(GESTOR, 'campaigns.create', { body: body({ dueDate: '2026-03-01' }) });
    expect(past.envelope.error).toMatchObject({ code: 'CORE_004', field: 'dueDate' });
    const kind = await call(GESTOR, 'campaigns.create', { body: body({ items: [{ kind: 'PHOTOS' }] }) });
    expect(kind.status).toBe(400);
    expect(table.all('DocumentCampaign')).toHaveLength(0);
  });

  it('needs the caller to manage every target company', async () => {
    const res = await call(GESTOR2, 'campaigns.create', { body: body({ companyIds: [CO, CO2] }) });
    expect(res.status).toBe(403);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_003', field: 'companyIds' });
    expect(table.all('DocumentCampaignTarget')).toHaveLength(0);
    expect(
      (await call(GESTOR2, 'campaigns.suggestions', { query: { companyId: CO2, period: '2026-Q1' } })).status,
    ).toBe(403);
  });

  it('suggests items for a company', async () => {
    const res = await call<CampaignSuggestion[]>(GESTOR, 'campaigns.suggestions', {
      query: { companyId: CO, period: '2026-Q1' },
    });
    expect(res.envelope.data!.map((s) => [s.kind, s.minDocuments])).toEqual([
      ['PURCHASE_INVOICES', 1],
      ['BANK_STATEMENTS', 3],
    ]);
  });

  it('only the owner reads or changes a campaign; an ADMIN passes', async () => {
    const c = await created();
    const params = { campaignId: c.campaignId };
    for (const routeId of ['campaigns.get', 'campaigns.send', 'campaigns.close', 'campaigns.remind'] as const)
      expect((await call(GESTOR2, routeId, { params })).envelope.error?.code).toBe('CORE_002');
    const setItem = await call(GESTOR2, 'campaigns.setItem', {
      params: { ...params, targetCompanyId: CO, itemId: 'i1' },
      body: { status: 'CLOSED_MANUALLY' },
    });
    expect(setItem.envelope.error?.code).toBe('CORE_002');
    expect((await call<Campaign[]>(GESTOR2, 'campaigns.list')).envelope.data).toEqual([]);
    expect((await call<CampaignDetail>(ADMIN, 'campaigns.get', { params })).envelope.data!.campaignId).toBe(
      c.campaignId,
    );
    expect((await call(GESTOR, 'campaigns.get', { params: { campaignId: 'nope' } })).status).toBe(404);
  });

  it('lists, sends, closes an item by hand and the campaign, with filters', async () => {
    const c = await created();
    await created(GESTOR, { period: '2026-Q2', dueDate: '2026-06-30' });
    const q1 = await call<Campaign[]>(GESTOR, 'campaigns.list', { query: { period: '2026-Q1' } });
    expect(q1.envelope.data!.map((x) => x.campaignId)).toEqual([c.campaignId]);
    const params = { campaignId: c.campaignId };
    expect((await call<CampaignDetail>(GESTOR, 'campaigns.send', { params })).envelope.data!.status).toBe(
      'ACTIVE',
    );
    expect(
      (await call<Campaign[]>(GESTOR, 'campaigns.list', { query: { status: 'ACTIVE' } })).envelope.data,
    ).toHaveLength(1);
    const item = await call<CampaignTarget>(GESTOR, 'campaigns.setItem', {
      params: { ...params, targetCompanyId: CO, itemId: 'i2' },
      body: { status: 'CLOSED_MANUALLY', note: 'No ha tenido gastos' },
    });
    expect(item.envelope.data).toMatchObject({ done: 1, total: 2, complete: false });
    const bad = await call(GESTOR, 'campaigns.setItem', {
      params: { ...params, targetCompanyId: CO, itemId: 'i2' },
      body: { status: 'RECEIVED' },
    });
    expect(bad.status).toBe(400);
    const remind = await call<{ reminded: number }>(GESTOR, 'campaigns.remind', { params });
    expect(remind.envelope.data).toMatchObject({ reminded: 1 });
    const closed = await call<CampaignDetail>(GESTOR, 'campaigns.close', { params });
    expect(closed.envelope.data).toMatchObject({ status: 'CLOSED', itemsDone: 1, itemsTotal: 2 });
  });
});

describe('clientRequests.list', () => {
  it("shows a client its selected company's open checklists only", async () => {
    const c = await created(GESTOR, { companyIds: [CO, CO2] });
    expect(
      (await call<ClientDocumentRequest[]>(CLIENT, 'clientRequests.list', { company: CO })).envelope.data,
    ).toEqual([]);
    await call(GESTOR, 'campaigns.send', { params: { campaignId: c.campaignId } });
    const mine = await call<ClientDocumentRequest[]>(CLIENT, 'clientRequests.list', { company: CO });
    expect(mine.envelope.data).toHaveLength(1);
    expect(mine.envelope.data![0]).toMatchObject({
      campaignId: c.campaignId,
      daysLeft: 21,
      done: 0,
      total: 2,
    });
    expect((await call(CLIENT, 'clientRequests.list', { company: CO2 })).envelope.error?.code).toBe(
      'CORE_003',
    );
    expect((await call(OUTSIDER, 'clientRequests.list', { company: CO })).envelope.error?.code).toBe(
      'CORE_003',
    );
    const theirs = await call<ClientDocumentRequest[]>(OUTSIDER, 'clientRequests.list', { company: CO2 });
    expect(theirs.envelope.data!.map((r) => r.campaignId)).toEqual([c.campaignId]);
    await call(GESTOR, 'campaigns.close', { params: { campaignId: c.campaignId } });
    expect(
      (await call<ClientDocumentRequest[]>(CLIENT, 'clientRequests.list', { company: CO })).envelope.data,
    ).toEqual([]);
  });
});
