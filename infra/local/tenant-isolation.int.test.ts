/**
 * Tenant isolation, generated from the route table: for every company-scoped route, a gestor of
 * another firm calling with a company of `gestor` gets 403 CORE_003; every non-public route without
 * a token gets 401. A new route is covered the moment it is added to the table.
 */

import { type RouteId, routeIds, routes } from '@shared/api/routes';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const FOREIGN_COMPANY = 'demo-panaderia-espiga'; // a client company of gestor@cuadra.test

const fill = (id: RouteId, companyId: string) =>
  routes[id].path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'companyId' ? companyId : 'x1'));

const bodyFor = (id: RouteId) => (['POST', 'PUT', 'PATCH'].includes(routes[id].method) ? {} : undefined);

describe('tenant isolation (generated from the route table)', () => {
  let gestor2: string;
  beforeAll(async () => {
    gestor2 = await api.login('gestor2@cuadra.test');
  });

  const scoped = routeIds.filter((id) => routes[id].company);
  it.each(scoped)('%s refuses a company of another gestoría with 403 CORE_003', async (id) => {
    const res = await api.request(routes[id].method, fill(id, FOREIGN_COMPANY), {
      token: gestor2,
      companyId: FOREIGN_COMPANY,
      body: bodyFor(id),
    });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(res.body.success === false && res.body.error.code).toBe('CORE_003');
  });

  const protectedRoutes = routeIds.filter((id) => routes[id].auth !== 'public');
  it.each(protectedRoutes)('%s without a token is 401', async (id) => {
    const res = await api.request(routes[id].method, fill(id, FOREIGN_COMPANY), { body: bodyFor(id) });
    expect(res.status).toBe(401);
    expect(res.body.success === false && res.body.error.code).toBe('CORE_001');
  });

  it('a forged token is 401 as well', async () => {
    const res = await api.request('GET', '/api/v1/companies', { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' });
    expect(res.status).toBe(401);
  });
});
