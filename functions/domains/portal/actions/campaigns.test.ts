/**
 * The campaign routes through the real pipeline over the in-memory table: the role gate, the
 * validation messages, membership of every target company, owner-only access (an ADMIN passes),
 * the client's checklist limited to the selected company it belongs to.
 */

import type {
  Campaign,
  CampaignDetail,
  CampaignSuggestion,
  CampaignTarget,
  ClientDocumentRequest,
} from '@shared/schemas/campaigns';
import { describe, expect, it } from 'vitest';
import { portalActions } from '../handler';
import { CLIENT, CO, CO2, GESTOR, OUTSIDER, OWNER } from '../testing/fixtures';
import {
  ADMIN,
  portalCaller,
  portalFixture,
  putMembership,
  validationIssues,
} from '../testing/portal-fixture';

const GESTOR2 = 'u-gestor2';
const { table, clock } = portalFixture({
  // A second gestor who manages only the bakery.
  seed: (f) =>
    putMembership(f.table, {
      companyId: CO,
      userId: GESTOR2,
      companyRole: 'GESTOR',
      email: 'g2@cuadra.test',
      firstName: 'G2',
    }),
});
// Campaign routes name no company: x-company-id only where a call gives one.
const call = portalCaller(clock, portalActions, { groups: { [GESTOR2]: 'GESTOR' }, company: null });

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
    expect(validationIssues(res)).toEqual(
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
