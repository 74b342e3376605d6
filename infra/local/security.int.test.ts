/**
 * The security suite (issue #12 item 12), generated from the route table and run through the local
 * gateway (the realisation of the Cognito authorizer) against the local cloud, as an attacker would:
 *
 * - token variants: every refused token on every non-public route -> 401 in the gateway's envelope
 *   (a revoked session or a disabled account -> 401 CORE_001 from the pipeline);
 * - malformed bodies on every write route that reads one -> 400 CORE_004 (or 403 before it), never
 *   2xx/5xx, nor a 404 that shows the body passed validation (bytes that are not UTF-8 may pass, as
 *   U+FFFD, because the transport decodes them); a route that reads no body never answers 5xx;
 * - cross-tenant: members of one company naming another in the path and/or `x-company-id` -> 403
 *   CORE_003 (400 CORE_004 when path and header disagree), never 2xx/5xx. tenant-isolation.int.test.ts
 *   covers a gestor of another firm with both ids on every route; this adds other callers and forms;
 * - roles: one real user per company role (and ADMIN) on every company-scoped route -> 403 CORE_002
 *   exactly when `allows()` of shared/api/access.ts says no.
 *
 * Malformed bodies run before the role checks, so a body that polluted a prototype in the server
 * would show as a wrong role answer. Every try is counted; each check asserts 0 failures and lists
 * its offenders (route, request, answer) when it has any. The people are new (a company registered
 * for the run), so the demo data other files rely on is left as it was.
 */

import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type AccessName, allows } from '@shared/api/access';
import { gatewayResponses } from '@shared/api/gateway-responses';
import { AUTH_THROTTLED_ROUTES } from '@shared/api/rate-limits';
import { type RouteId, routeIds, routes } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type ClientPermission, type CompanyRole, SCHEMA_VERSION } from '@shared/db/records';
import { subscriptionToPlan } from '@shared/schemas/billing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { fillPath, isWrite, malformedBodies, plausibleParams, readsBody } from './testing/security-cases';
import {
  codeOf,
  inPool,
  invitedMember,
  logIn,
  type RawRequest,
  type RawResponse,
  rawClient,
  registerCompanyOwner,
  type Session,
  suiteAddress,
  Tally,
} from './testing/security-harness';
import { forgedTokenVariants, resignedToken } from './testing/security-tokens';

const cloud = inject('localCloud');
const send = rawClient(cloud.url);
const IN_FLIGHT = 8;
const PHASE_TIMEOUT_MS = 150_000;
const DEMO_BAKERY = 'demo-panaderia-espiga';
const DEMO_NAVARRO = 'demo-navarro-asesores';
const ALL_PERMISSIONS: ClientPermission[] = [
  'VIEW_INVOICES',
  'VIEW_TAX_DOCUMENTS',
  'VIEW_ACCOUNTING_DATA',
  'UPLOAD_DOCUMENTS',
];

/** Writes a Professional subscription for a user straight into the table (billing has no write API). */
async function professionalPlanFor(userId: string): Promise<void> {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  );
  const now = new Date().toISOString();
  await db.send(
    new PutCommand({
      TableName: cloud.env.TABLE_NAME!,
      Item: {
        ...keys.subscription(userId),
        entity: 'Subscription',
        v: SCHEMA_VERSION,
        userId,
        ...subscriptionToPlan('STANDARD_PROFESSIONAL', {
          subscriptionId: `security-${userId}`,
          status: 'ACTIVE',
          startedAt: now,
          currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        }),
        createdAt: now,
        updatedAt: now,
      },
    }),
  );
  db.destroy();
}

const tallies = {
  tokens: new Tally('token variants'),
  crossTenant: new Tally('cross-tenant'),
  roles: new Tally('roles'),
  malformed: new Tally('malformed'),
};

const nonPublic = routeIds.filter((id) => routes[id].auth !== 'public');
const companyScoped = routeIds.filter((id) => routes[id].company);
const throttled = new Set<RouteId>(AUTH_THROTTLED_ROUTES);
/** Ends every session of the caller: it runs once, in the setup, for the revoked-session token. */
const SESSION_ENDING: RouteId[] = ['auth.logoutAll'];
const writes = routeIds.filter((id) => isWrite(id) && !SESSION_ENDING.includes(id));

const bearer = (s: Session) => `Bearer ${s.accessToken}`;
const describeRequest = (id: RouteId, req: RawRequest, who: string) =>
  `${id} ${req.method} ${req.path} as ${who} (x-company-id: ${req.headers?.['x-company-id'] ?? '-'})`;

/** One request for `id`, acting on `companyId`, with the given authorization and body. */
function requestFor(
  id: RouteId,
  companyId: string,
  authorization: string | undefined,
  body?: { body: string | Buffer; contentType: string },
): RawRequest {
  const route = routes[id];
  return {
    method: route.method,
    path: fillPath(id, plausibleParams(id, companyId)),
    headers: {
      authorization,
      'x-company-id': route.company ? companyId : undefined,
      'content-type': body?.contentType,
      // The throttled routes get an address of their own: the suite tests the route, not the limit.
      'x-forwarded-for': throttled.has(id)
        ? suiteAddress(10 + AUTH_THROTTLED_ROUTES.indexOf(id as never))
        : undefined,
    },
    body: body?.body,
  };
}

const isEnvelopeError = (res: RawResponse) => res.json?.success === false;

let owner: Session;
let companyA: string;
let admin: Session;
let demoCliente: Session;
let members: Record<'GESTOR' | 'MEMBER' | 'CLIENTE' | 'CLIENTE_ALL', Session>;
let revoked: Session;
let disabled: Session;

beforeAll(async () => {
  const a = await registerCompanyOwner(send, cloud.url, 'a');
  owner = a.session;
  companyA = a.companyId;
  // The owner pays for the Professional plan, as a customer of accounting would (issue 18): its
  // routes are then refused only by their access policy, never by the plan gate (which the
  // accounting judge checks on its own).
  await professionalPlanFor(owner.userId);
  const invite = (role: 'GESTOR' | 'MEMBER' | 'CLIENTE', permissions: ClientPermission[] = []) =>
    invitedMember(send, cloud.url, owner, companyA, role, permissions);
  const [gestor, member, cliente, clienteAll, toRevoke, toDisable, adminSession, clienteSession] =
    await Promise.all([
      invite('GESTOR'),
      invite('MEMBER'),
      invite('CLIENTE'),
      invite('CLIENTE', ALL_PERMISSIONS),
      invite('MEMBER'),
      invite('MEMBER'),
      logIn(send, 'admin@cuadra.test', 'Cuadra-Demo-2026'),
      logIn(send, 'cliente@cuadra.test', 'Cuadra-Demo-2026'),
    ]);
  members = { GESTOR: gestor, MEMBER: member, CLIENTE: cliente, CLIENTE_ALL: clienteAll };
  admin = adminSession;
  demoCliente = clienteSession;
  revoked = toRevoke;
  disabled = toDisable;

  // JWT times are whole seconds: end the two sessions in a later second than their tokens.
  await new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));
  const [loggedOut, disabling] = await Promise.all([
    send({ method: 'POST', path: '/api/v1/auth/logout-all', headers: { authorization: bearer(revoked) } }),
    send({
      method: 'PUT',
      path: `/api/v1/admin/users/${disabled.userId}/status`,
      headers: { authorization: bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ isActive: false }),
    }),
  ]);
  expect(loggedOut.status, loggedOut.text).toBe(200);
  expect(disabling.status, disabling.text).toBe(200);
});

afterAll(() => {
  const all = Object.values(tallies);
  console.log(`security: ${all.map((t) => t.summary()).join('; ')}`);
  console.log(`security answers: ${all.map((t) => t.answers()).join('; ')}`);
});

const offendersOf = (t: Tally) => `${t.summary()}\n${t.offenders.slice(0, 60).join('\n')}`;

describe('security suite (generated from the route table)', () => {
  it(
    'refuses every token variant on every non-public route with 401',
    async () => {
      // The control: the owner's claims re-signed with the pool's key pass the gateway.
      const control = await send({
        method: 'GET',
        path: '/api/v1/users/profile',
        headers: { authorization: `Bearer ${resignedToken(owner.accessToken)}` },
      });
      expect(control.status, control.text).toBe(200);

      const forged = forgedTokenVariants(owner.accessToken, owner.idToken);
      const cases = nonPublic.flatMap((id) => [
        ...forged.map((v) => ({ id, name: v.name, authorization: v.authorization, byGateway: true })),
        { id, name: 'session revoked by logout-all', authorization: bearer(revoked), byGateway: false },
        { id, name: 'account disabled by the admin', authorization: bearer(disabled), byGateway: false },
      ]);
      await inPool(cases, IN_FLIGHT, async (c) => {
        const req = requestFor(
          c.id,
          companyA,
          c.authorization,
          isWrite(c.id) ? { body: '{}', contentType: 'application/json' } : undefined,
        );
        const res = await send(req);
        let problem: string | undefined;
        if (res.status !== 401) problem = 'not 401';
        else if (c.byGateway) {
          if (res.headers.get('x-amzn-errortype') !== 'UnauthorizedException') problem = 'not the gateway';
          else if (JSON.stringify(res.json) !== JSON.stringify(gatewayResponses.UNAUTHORIZED.body))
            problem = "not the gateway's envelope";
        } else if (codeOf(res) !== 'CORE_001') problem = 'not CORE_001';
        tallies.tokens.record(problem, `${describeRequest(c.id, req, c.name)}`, res);
      });
      expect(tallies.tokens.tries).toBe(nonPublic.length * (forged.length + 2));
      expect(tallies.tokens.failures, offendersOf(tallies.tokens)).toBe(0);
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'refuses malformed bodies on every write route with 400 CORE_004 (or 403 before it), never 2xx or 5xx',
    async () => {
      const callerOf = (id: RouteId): { who: string; authorization: string | undefined } => {
        const route = routes[id];
        if (route.auth === 'public') return { who: 'anonymous', authorization: undefined };
        if (route.roles?.includes('ADMIN')) return { who: 'ADMIN', authorization: bearer(admin) };
        return { who: 'OWNER', authorization: bearer(owner) };
      };
      const cases = writes.flatMap((id) => {
        const bodies = malformedBodies(id);
        // A route without a body schema ignores the body: two variants show it never breaks on one.
        const sent = readsBody(id) ? bodies : bodies.filter((b) => /invalid JSON|prototype/.test(b.name));
        return sent.map((body) => ({ id, body, reads: readsBody(id) }));
      });
      await inPool(cases, IN_FLIGHT, async (c) => {
        const caller = callerOf(c.id);
        const req = requestFor(c.id, companyA, caller.authorization, c.body);
        const res = await send(req);
        const code = codeOf(res);
        let problem: string | undefined;
        if (res.status >= 500) problem = '5xx';
        else if (!c.reads) problem = undefined;
        else if (c.body.repairedByTransport)
          problem = res.status >= 400 || res.text.includes('\ufffd') ? undefined : 'raw bytes accepted';
        else if (!isEnvelopeError(res)) problem = 'accepted';
        else if (res.status === 400 && code !== 'CORE_004') problem = `400 ${code}`;
        else if (res.status === 403 && code !== 'CORE_002' && code !== 'CORE_003') problem = `403 ${code}`;
        // Any other refusal (404, 409, ...) means the body passed validation: it was not refused.
        else if (![400, 403, 413].includes(res.status)) problem = 'passed validation';
        tallies.malformed.record(
          problem,
          `${describeRequest(c.id, req, caller.who)} body: ${c.body.name}`,
          res,
        );
      });
      expect(tallies.malformed.tries).toBe(cases.length);
      expect(tallies.malformed.failures, offendersOf(tallies.malformed)).toBe(0);
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    "refuses every company-scoped route on another company's id with 403 CORE_003",
    async () => {
      const callers = [
        { who: 'OWNER of a new company', session: owner, own: companyA, target: DEMO_BAKERY },
        { who: 'MEMBER of a new company', session: members.MEMBER, own: companyA, target: DEMO_NAVARRO },
        { who: 'demo CLIENTE of the bakery', session: demoCliente, own: DEMO_BAKERY, target: companyA },
      ];
      const unknownCompany = `c${randomBytes(8).toString('hex')}`;
      const cases = companyScoped.flatMap((id) =>
        callers.flatMap((caller) => {
          const inPath = routes[id].path.includes('{companyId}');
          const forms: { name: string; pathId: string; header: string | undefined; mismatch?: true }[] =
            inPath
              ? [
                  { name: 'other company in path and header', pathId: caller.target, header: caller.target },
                  { name: 'other company in the path only', pathId: caller.target, header: undefined },
                  { name: 'unknown company in the path', pathId: unknownCompany, header: undefined },
                  {
                    name: 'other company in path, own in header',
                    pathId: caller.target,
                    header: caller.own,
                    mismatch: true,
                  },
                ]
              : [
                  { name: 'other company in the header', pathId: caller.target, header: caller.target },
                  { name: 'unknown company in the header', pathId: unknownCompany, header: unknownCompany },
                  { name: 'path traversal in the header', pathId: caller.own, header: `../${caller.own}` },
                ];
          return forms.map((form) => ({ id, caller, form }));
        }),
      );
      await inPool(cases, IN_FLIGHT, async ({ id, caller, form }) => {
        const req = requestFor(
          id,
          form.pathId,
          bearer(caller.session),
          isWrite(id) ? { body: '{}', contentType: 'application/json' } : undefined,
        );
        req.headers = { ...req.headers, 'x-company-id': form.header };
        const res = await send(req);
        const code = codeOf(res);
        let problem: string | undefined;
        if (form.mismatch) {
          if (res.status !== 400 || code !== 'CORE_004' || res.json?.error?.field !== 'x-company-id')
            problem = 'not 400 CORE_004 x-company-id';
        } else if (res.status !== 403 || code !== 'CORE_003') problem = 'not 403 CORE_003';
        tallies.crossTenant.record(problem, `${describeRequest(id, req, caller.who)} (${form.name})`, res);
      });
      expect(tallies.crossTenant.tries).toBe(cases.length);
      expect(tallies.crossTenant.failures, offendersOf(tallies.crossTenant)).toBe(0);
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'refuses every company-scoped route with 403 CORE_002 exactly when its access policy does',
    async () => {
      interface Persona {
        who: string;
        session: Session;
        isAdmin: boolean;
        membership?: { companyRole: CompanyRole; permissions: ClientPermission[] };
      }
      const personas: Persona[] = [
        {
          who: 'OWNER',
          session: owner,
          isAdmin: false,
          membership: { companyRole: 'OWNER', permissions: [] },
        },
        {
          who: 'GESTOR',
          session: members.GESTOR,
          isAdmin: false,
          membership: { companyRole: 'GESTOR', permissions: [] },
        },
        {
          who: 'MEMBER',
          session: members.MEMBER,
          isAdmin: false,
          membership: { companyRole: 'MEMBER', permissions: [] },
        },
        {
          who: 'CLIENTE without permissions',
          session: members.CLIENTE,
          isAdmin: false,
          membership: { companyRole: 'CLIENTE', permissions: [] },
        },
        {
          who: 'CLIENTE with every permission',
          session: members.CLIENTE_ALL,
          isAdmin: false,
          membership: { companyRole: 'CLIENTE', permissions: ALL_PERMISSIONS },
        },
        { who: 'ADMIN (not a member)', session: admin, isAdmin: true },
      ];
      // A write that reads no body runs its action when allowed: not as the demo administrator.
      const cases = companyScoped.flatMap((id) =>
        personas
          .filter((p) => !(p.isAdmin && isWrite(id) && !readsBody(id)))
          .map((persona) => ({ id, persona })),
      );
      await inPool(cases, IN_FLIGHT, async ({ id, persona }) => {
        const allowed = allows(routes[id].access as AccessName, {
          isAdmin: persona.isAdmin,
          membership: persona.membership,
        });
        // Malformed on purpose: an allowed call stops at validation, a refused one before it.
        const req = requestFor(
          id,
          companyA,
          bearer(persona.session),
          isWrite(id) ? { body: '{"malformed":', contentType: 'application/json' } : undefined,
        );
        const res = await send(req);
        const code = codeOf(res);
        let problem: string | undefined;
        if (res.status >= 500) problem = '5xx';
        else if (!allowed && (res.status !== 403 || code !== 'CORE_002')) problem = 'expected 403 CORE_002';
        else if (allowed && (res.status === 401 || res.status === 403)) problem = 'refused although allowed';
        tallies.roles.record(
          problem,
          `${describeRequest(id, req, persona.who)} policy ${routes[id].access} allows: ${allowed}`,
          res,
        );
      });
      expect(tallies.roles.tries).toBe(cases.length);
      expect(tallies.roles.failures, offendersOf(tallies.roles)).toBe(0);
    },
    PHASE_TIMEOUT_MS,
  );
});
