/**
 * Generated from the route table: every domain's handler serves exactly its routes, and every
 * company-scoped route answers 403 exactly when its access policy (shared/api/access.ts) refuses
 * the caller — for each company role, a CLIENTE with and without the policy's permission, a
 * non-member and ADMIN. Each call goes through the domain's real middy pipeline and the real
 * action table (schemas included), with a fake membership lookup and the action's `run` replaced
 * by a probe, so nothing leaves the process. The request bodies are malformed on purpose: a
 * refusal must come before any validation (403 before 400).
 */

import { accountingActions } from '@functions/domains/accounting/handler';
import { bankingActions } from '@functions/domains/banking/handler';
import { billingActions } from '@functions/domains/billing/handler';
import { companiesActions } from '@functions/domains/companies/handler';
import { dashboardActions } from '@functions/domains/dashboard/handler';
import { documentsActions } from '@functions/domains/documents/handler';
import { expensesActions } from '@functions/domains/expenses/handler';
import { identityActions } from '@functions/domains/identity/handler';
import { invoicesActions } from '@functions/domains/invoices/handler';
import { notificationsActions } from '@functions/domains/notifications/handler';
import { onboardingActions } from '@functions/domains/onboarding/handler';
import { pdfActions } from '@functions/domains/pdf/handler';
import { portalActions } from '@functions/domains/portal/handler';
import { siiActions } from '@functions/domains/sii/handler';
import { taxActions } from '@functions/domains/tax/handler';
import { taxModelsActions } from '@functions/domains/taxmodels/handler';
import { verifactuActions } from '@functions/domains/verifactu/handler';
import type { Membership } from '@functions/platform/company-scope';
import { type AnyAction, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext } from '@functions/platform/testing/api-event';
import {
  type AccessName,
  type AccessPolicy,
  type AccessSubject,
  accessPolicies,
  allows,
} from '@shared/api/access';
import { pathParams, type RouteId, routeIds, routes } from '@shared/api/routes';
import type { ClientPermission, CompanyRole } from '@shared/db/records';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DomainName, domains } from './manifest';

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
});

type Table = Record<string, AnyAction<never>>;

/** Every domain with a REST entry point, and its handler's action table. */
const tables: Partial<Record<DomainName, Table>> = {
  identity: identityActions,
  companies: companiesActions,
  notifications: notificationsActions,
  onboarding: onboardingActions,
  billing: billingActions,
  invoices: invoicesActions,
  expenses: expensesActions,
  pdf: pdfActions,
  verifactu: verifactuActions,
  tax: taxActions,
  taxmodels: taxModelsActions,
  sii: siiActions,
  documents: documentsActions,
  accounting: accountingActions,
  banking: bankingActions,
  dashboard: dashboardActions,
  portal: portalActions,
};

const apiDomains = (Object.keys(domains) as DomainName[]).filter((d) => domains[d].api);

describe('every domain handler serves exactly its routes', () => {
  it('lists every domain with an API entry point', () => {
    expect(Object.keys(tables).sort()).toEqual([...apiDomains].sort());
  });

  it.each(apiDomains)('%s: action keys equal its route ids', (domain) => {
    const own = routeIds.filter((id) => routes[id].domain === domain).sort();
    expect(Object.keys(tables[domain] ?? {}).sort()).toEqual(own);
  });
});

const COMPANY = 'c1';

interface Persona {
  name: string;
  userId: string;
  groups: string[];
  membership?: { companyRole: CompanyRole; permissions: ClientPermission[] };
}

/** The callers tried on a route with policy `access`. */
function personas(access: AccessName): Persona[] {
  const needed = (accessPolicies[access] as AccessPolicy).clientPermission;
  const roles: Persona[] = (['OWNER', 'GESTOR', 'MEMBER'] as const).map((companyRole) => ({
    name: companyRole,
    userId: `u-${companyRole.toLowerCase()}`,
    groups: [companyRole === 'GESTOR' ? 'GESTOR' : 'CLIENTE'],
    membership: { companyRole, permissions: [] },
  }));
  return [
    ...roles,
    {
      name: 'CLIENTE without permissions',
      userId: 'u-cliente',
      groups: ['CLIENTE'],
      membership: { companyRole: 'CLIENTE', permissions: [] },
    },
    {
      name: `CLIENTE with ${needed ?? 'every permission'}`,
      userId: 'u-cliente-p',
      groups: ['CLIENTE'],
      membership: {
        companyRole: 'CLIENTE',
        permissions: needed
          ? [needed]
          : ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS', 'VIEW_ACCOUNTING_DATA', 'UPLOAD_DOCUMENTS'],
      },
    },
    { name: 'non-member', userId: 'u-stranger', groups: ['GESTOR'] },
    { name: 'ADMIN (not a member)', userId: 'u-admin', groups: ['ADMIN'] },
  ];
}

/** The domain's real pipeline over its real action table, each action's `run` replaced by a probe. */
function probedHandler(domain: DomainName, memberships: Map<string, Membership>, reached: RouteId[]) {
  const table = tables[domain] ?? {};
  const probed = Object.fromEntries(
    Object.entries(table).map(([id, action]) => [
      id,
      {
        ...action,
        run: async () => {
          reached.push(id as RouteId);
          return { probed: true };
        },
      },
    ]),
  );
  return createApiHandler(domain, probed as never, () => ({}), {
    membershipLookup: async (companyId, userId) => memberships.get(`${companyId}:${userId}`),
    companyExists: async (companyId) => companyId === COMPANY,
  });
}

const scoped = routeIds.filter((id) => routes[id].company);

describe('role and permission checks, generated from the route table', () => {
  it('covers every company-scoped route', () => {
    expect(scoped.length).toBeGreaterThan(100);
  });

  it.each(scoped)('%s', async (id) => {
    const route = routes[id];
    const access = route.access as AccessName;
    const reached: RouteId[] = [];
    const memberships = new Map<string, Membership>();
    const all = personas(access);
    for (const p of all)
      if (p.membership)
        memberships.set(`${COMPANY}:${p.userId}`, {
          companyId: COMPANY,
          userId: p.userId,
          ...p.membership,
          isActive: true,
        });
    const handler = probedHandler(route.domain as DomainName, memberships, reached);
    const params = Object.fromEntries(
      pathParams(route.path).map((name) => [name, name === 'companyId' ? COMPANY : 'x1']),
    );

    const outcomes: string[] = [];
    for (const p of all) {
      const who: AccessSubject = { isAdmin: p.groups.includes('ADMIN'), membership: p.membership };
      const expectedAllowed = allows(access, who);
      const before = reached.length;
      const res = (await handler(
        apiEvent({
          routeId: id,
          params,
          headers: { 'x-company-id': COMPANY },
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{"malformed":',
          claims: { sub: p.userId, groups: p.groups },
        }),
        lambdaContext(),
      )) as APIGatewayProxyResult;
      const code = (JSON.parse(res.body) as { error?: { code?: string } | null }).error?.code;
      const refused = res.statusCode === 403;
      outcomes.push(`${p.name}: ${res.statusCode} ${code ?? ''}`.trim());
      expect(refused, `${id} (${access}) ${p.name} -> ${res.statusCode} ${code}`).toBe(!expectedAllowed);
      if (refused) {
        expect(code).toBe(p.membership || who.isAdmin ? 'CORE_002' : 'CORE_003');
        expect(reached.length, `${id}: the action ran for ${p.name}`).toBe(before);
      } else {
        // Allowed: the request reached validation (400) or the action itself.
        expect([200, 201, 202, 204, 400], `${id} ${p.name}`).toContain(res.statusCode);
        if (res.statusCode !== 400) expect(reached.length).toBe(before + 1);
      }
    }
    expect(outcomes).toHaveLength(all.length);
  });
});
