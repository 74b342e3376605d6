/** Companies against the real engines: transactions, refusals that write nothing, scopes and roles. */

import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const api = apiClient(inject('localCloud').url);

const address = {
  street: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  province: 'Madrid',
  country: 'ES',
};
type Entry = { companyId: string; nif: string; name: string };
type PageOf<T> = { content: T[]; totalElements: number; totalPages: number };

describe('companies', () => {
  let gestor: string;
  let cliente: string;
  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    cliente = await api.login('cliente@cuadra.test');
  });

  const count = async (token: string) => {
    const res = await api.request<PageOf<Entry>>('GET', '/api/v1/companies', {
      token,
      query: { size: '100' },
    });
    if (!res.body.success) throw new Error('list failed');
    return res.body.data.content;
  };

  it('refuses a NIF with a wrong check character, naming the field, and writes nothing', async () => {
    const before = await count(gestor);
    const res = await api.request('POST', '/api/v1/companies', {
      token: gestor,
      body: { name: 'Mal NIF SL', nif: 'B12345675', companyType: 'SL', address },
    });
    expect(res.status).toBe(400);
    expect(res.body.success === false && res.body.error).toMatchObject({ code: 'CORE_004', field: 'nif' });
    expect((await count(gestor)).length).toBe(before.length);
  });

  it('creates a company, lists it, refuses the same NIF twice, and updates it', async () => {
    const created = await api.request<Entry>('POST', '/api/v1/companies', {
      token: gestor,
      body: { name: 'Carpintería Hermanos Gil SL', nif: 'B12345674', companyType: 'SL', address },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (!created.body.success) throw new Error('create failed');
    const id = created.body.data.companyId;
    expect((await count(gestor)).map((c) => c.companyId)).toContain(id);

    const dup = await api.request('POST', '/api/v1/companies', {
      token: gestor,
      body: { name: 'Otra', nif: 'b-12345674', companyType: 'SL', address },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.success === false && dup.body.error.field).toBe('nif');

    const updated = await api.request<{ name: string; fiscal: { activityCode: string } }>(
      'PUT',
      `/api/v1/companies/${id}`,
      { token: gestor, body: { name: 'Carpintería Gil SL', fiscal: { activityCode: '1623' } } },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.success && updated.body.data).toMatchObject({
      name: 'Carpintería Gil SL',
      fiscal: { activityCode: '1623' },
    });

    const search = await api.request<PageOf<Entry>>('GET', '/api/v1/companies', {
      token: gestor,
      query: { search: 'carpinteria gil' },
    });
    expect(search.body.success && search.body.data.content.map((c) => c.companyId)).toEqual([id]);
  });

  it('pages with size and page, and refuses size above 100', async () => {
    const p0 = await api.request<PageOf<Entry>>('GET', '/api/v1/companies', {
      token: gestor,
      query: { size: '2', page: '0', sort: 'name,asc' },
    });
    const p1 = await api.request<PageOf<Entry>>('GET', '/api/v1/companies', {
      token: gestor,
      query: { size: '2', page: '1', sort: 'name,asc' },
    });
    if (!p0.body.success || !p1.body.success) throw new Error('list failed');
    expect(p0.body.data.content).toHaveLength(2);
    expect(p0.body.data.totalPages).toBe(Math.ceil(p0.body.data.totalElements / 2));
    expect(
      p1.body.data.content[0]!.name.localeCompare(p0.body.data.content[1]!.name, 'es'),
    ).toBeGreaterThanOrEqual(0);
    const big = await api.request('GET', '/api/v1/companies', { token: gestor, query: { size: '101' } });
    expect(big.status).toBe(400);
  });

  it('a CLIENTE reads its company but cannot administer it', async () => {
    const read = await api.request('GET', '/api/v1/companies/demo-panaderia-espiga', { token: cliente });
    expect(read.status).toBe(200);
    const write = await api.request('PUT', '/api/v1/companies/demo-panaderia-espiga', {
      token: cliente,
      body: { name: 'Hackeada SL' },
    });
    expect(write.status).toBe(403);
    expect(write.body.success === false && write.body.error.code).toBe('CORE_002');
    // Issue #12 item 7: the company's users (e-mails, roles, invitations) are for who manages it.
    for (const path of ['users', 'users/stats', 'users/departments']) {
      const users = await api.request('GET', `/api/v1/companies/demo-panaderia-espiga/${path}`, {
        token: cliente,
      });
      expect(users.status, path).toBe(403);
      expect(users.body.success === false && users.body.error.code).toBe('CORE_002');
    }
  });

  it('sets the default company and lists the company users with stats', async () => {
    const set = await api.request('PUT', '/api/v1/companies/demo-transportes-levante/set-default', {
      token: gestor,
    });
    expect(set.status).toBe(200);
    const list = await count(gestor);
    expect(list.find((c) => c.companyId === 'demo-transportes-levante')).toMatchObject({ isDefault: true });
    await api.request('PUT', '/api/v1/companies/demo-panaderia-espiga/set-default', { token: gestor });

    const users = await api.request<PageOf<{ email: string; companyRole: string }>>(
      'GET',
      '/api/v1/companies/demo-panaderia-espiga/users',
      { token: gestor },
    );
    expect(users.body.success && users.body.data.content.map((u) => u.email).sort()).toEqual([
      'cliente@cuadra.test',
      'gestor@cuadra.test',
    ]);
    const stats = await api.request<{ total: number; byRole: Record<string, number> }>(
      'GET',
      '/api/v1/companies/demo-panaderia-espiga/users/stats',
      { token: gestor },
    );
    expect(stats.body.success && stats.body.data).toMatchObject({
      total: 2,
      byRole: { GESTOR: 1, CLIENTE: 1 },
    });
  });

  it('validates NIFs through GET /companies/nif/{nif}', async () => {
    const ok = await api.request<{ valid: boolean; kind: string }>('GET', '/api/v1/companies/nif/X1234567L', {
      token: gestor,
    });
    expect(ok.body.success && ok.body.data).toMatchObject({ valid: true, kind: 'NIE' });
    const bad = await api.request<{ valid: boolean; reason: string }>(
      'GET',
      '/api/v1/companies/nif/12345678A',
      {
        token: gestor,
      },
    );
    expect(bad.body.success && bad.body.data).toMatchObject({
      valid: false,
      reason: 'La letra del DNI no es correcta.',
    });
  });
});
