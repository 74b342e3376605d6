import { AppError } from '@shared/api/errors';
import { type RouteId, routeIds, routes } from '@shared/api/routes';
import { PageQuery } from '@shared/schemas/common';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { assertRoles, authFromClaims } from './auth-context';
import { type CompanyRole, resolveCompanyId } from './company-scope';
import { type AnyAction, binaryResponse, createApiHandler, defineAction } from './http';

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
});

function event(
  id: RouteId,
  opts: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: string;
    claims?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): APIGatewayProxyEvent {
  const route = routes[id];
  const path = route.path.replace(/\{(\w+)\}/g, (_, n: string) => opts.params?.[n] ?? 'x');
  return {
    resource: route.path,
    path,
    httpMethod: route.method,
    headers: opts.headers ?? {},
    multiValueHeaders: {},
    queryStringParameters: opts.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: opts.params ?? null,
    stageVariables: null,
    body: opts.body ?? null,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-0000001',
      ...(opts.claims ? { authorizer: { claims: opts.claims } } : {}),
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

const ctx = { awsRequestId: 'aws-req-1' } as Context;

type Seen = { input?: unknown };
const seen: Seen = {};
const echo = defineAction({
  run: async (input) => {
    seen.input = input;
    return { ok: true };
  },
});
const boom = defineAction({
  run: async () => {
    throw new Error('secret table name cuadra-prod leaked');
  },
});
const refuse = defineAction({
  run: async () => {
    throw new AppError('DOC_047');
  },
});
const withSchemas = defineAction({
  query: PageQuery,
  body: z.object({ name: z.string().min(2), lines: z.array(z.object({ qty: z.number().positive() })) }),
  status: 201,
  run: async ({ query, body }) => ({ query, body }),
});

const actions = Object.fromEntries(
  routeIds.filter((id) => routes[id].domain === 'companies').map((id) => [id, echo]),
) as Record<string, AnyAction<unknown>>;
actions['companies.update'] = boom;
actions['companies.updateSettings'] = refuse;
actions['companies.create'] = withSchemas;
actions['companies.getSettings'] = defineAction({
  run: async () =>
    binaryResponse({
      contentType: 'application/pdf',
      body: new Uint8Array([37, 80, 68, 70, 0, 255]),
      filename: 'F-2026-0001.pdf',
    }),
});

actions['companyUsers.invite'] = withSchemas;

const members = new Map<string, CompanyRole>([
  ['c1:u1', 'OWNER'],
  ['c1:u3', 'CLIENTE'],
  ['c1:u4', 'MEMBER'],
]);
const handler = createApiHandler('companies', actions as never, () => ({}), {
  membershipLookup: async (companyId, userId) => {
    const companyRole = members.get(`${companyId}:${userId}`);
    return companyRole ? { companyId, userId, companyRole, permissions: [], isActive: true } : undefined;
  },
  companyExists: async (companyId) => companyId === 'c1',
});

const call = async (e: APIGatewayProxyEvent) => {
  const res = (await handler(e, ctx)) as APIGatewayProxyResult;
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers ?? {} };
};

const user = { sub: 'u1', 'cognito:groups': 'GESTOR', username: 'u1' };
const stranger = { sub: 'u2', 'cognito:groups': 'GESTOR' };
const admin = { sub: 'a1', 'cognito:groups': 'ADMIN' };
const cliente = { sub: 'u3', 'cognito:groups': 'CLIENTE' };
const memberUser = { sub: 'u4', 'cognito:groups': 'GESTOR' };

describe('api pipeline', () => {
  it('serves a public route without a token, in the envelope', async () => {
    const res = await call(event('system.health'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { ok: true }, error: null });
    expect(res.headers['x-request-id']).toBe('req-0000001');
  });

  it('refuses a user route without claims with 401 CORE_001', async () => {
    const res = await call(event('companies.list'));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('CORE_001');
    expect(res.body.success).toBe(false);
  });

  it('lets a member act on its company and passes the scope to the action', async () => {
    const res = await call(event('companies.get', { params: { companyId: 'c1' }, claims: user }));
    expect(res.status).toBe(200);
    expect(seen.input).toMatchObject({ scope: { companyId: 'c1', membership: { companyRole: 'OWNER' } } });
  });

  it('refuses a non-member with 403 CORE_003, whether the company exists or not', async () => {
    for (const companyId of ['c1', 'nope']) {
      const res = await call(event('companies.get', { params: { companyId }, claims: stranger }));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('CORE_003');
    }
  });

  it('lets ADMIN into an existing company it is not a member of, not into a missing one', async () => {
    expect((await call(event('companies.get', { params: { companyId: 'c1' }, claims: admin }))).status).toBe(
      200,
    );
    expect((await call(event('companies.get', { params: { companyId: 'zz' }, claims: admin }))).status).toBe(
      403,
    );
  });

  it("enforces the route's access policy after the membership: a CLIENTE or MEMBER cannot list the company's users", async () => {
    const list = (claims: Record<string, string>) =>
      call(event('companyUsers.list', { params: { companyId: 'c1' }, claims }));
    for (const claims of [cliente, memberUser]) {
      const res = await list(claims);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('CORE_002');
    }
    expect((await list(user)).status).toBe(200);
    expect((await list(admin)).status).toBe(200);
    // Any member passes `member`: a CLIENTE without permissions still reads the company itself.
    expect(
      (await call(event('companies.get', { params: { companyId: 'c1' }, claims: cliente }))).status,
    ).toBe(200);
  });

  it('refuses by policy before validating anything of the request (403 before 400)', async () => {
    const invite = (claims: Record<string, string>) =>
      call(event('companyUsers.invite', { params: { companyId: 'c1' }, claims, body: '{"name":' }));
    const refused = await invite(cliente);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('CORE_002');
    const invalid = await invite(user);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: 'CORE_004', field: 'body' });
  });

  it('refuses a header company that contradicts the path', async () => {
    const res = await call(
      event('companies.get', {
        params: { companyId: 'c1' },
        claims: user,
        headers: { 'X-Company-Id': 'c2' },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', field: 'x-company-id' });
  });

  it('validates the body and names the failing field', async () => {
    const body = JSON.stringify({ name: 'Acme', lines: [{ qty: 1 }, { qty: -2 }] });
    const res = await call(event('companies.create', { claims: user, body }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('CORE_004');
    expect(res.body.error.field).toBe('lines.1.qty');
  });

  it('refuses a page size above 100', async () => {
    const body = JSON.stringify({ name: 'Acme', lines: [] });
    const res = await call(event('companies.create', { claims: user, body, query: { size: '101' } }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', field: 'size' });
    expect(res.body.error.message).toContain('100');
  });

  it('applies defaults and answers with the action status', async () => {
    const body = JSON.stringify({ name: 'Acme', lines: [{ qty: 2 }] });
    const res = await call(event('companies.create', { claims: user, body }));
    expect(res.status).toBe(201);
    expect(res.body.data.query).toEqual({ page: 0, size: 20 });
  });

  it('refuses malformed JSON with 400, not 500', async () => {
    const res = await call(event('companies.create', { claims: user, body: '{"name":' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', field: 'body' });
  });

  it('maps an application error to its catalogue status and Spanish message', async () => {
    const res = await call(
      event('companies.updateSettings', { params: { companyId: 'c1' }, claims: user, body: '{}' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('DOC_047');
    expect(res.body.error.message).toMatch(/SII/);
  });

  it('turns an unexpected error into 500 CORE_005 without internals', async () => {
    const res = await call(
      event('companies.update', { params: { companyId: 'c1' }, claims: user, body: '{}' }),
    );
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('CORE_005');
    expect(JSON.stringify(res.body)).not.toContain('cuadra-prod');
  });

  it('answers 404 CORE_006 for a resource it does not serve', async () => {
    const e = event('companies.list', { claims: user });
    e.resource = '/api/v1/unknown';
    const res = await call(e);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('CORE_006');
  });

  it('sends a binary response raw, base64-encoded, outside the envelope', async () => {
    const res = (await handler(
      event('companies.getSettings', { params: { companyId: 'c1' }, claims: user }),
      ctx,
    )) as APIGatewayProxyResult;
    expect(res.statusCode).toBe(200);
    expect(res.isBase64Encoded).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="F-2026-0001.pdf"',
    });
    expect([...Buffer.from(res.body, 'base64')]).toEqual([37, 80, 68, 70, 0, 255]);
  });

  it('puts the security headers on successes, refusals, errors and binary answers alike', async () => {
    const answers = [
      await call(event('system.health')),
      await call(event('companies.list')),
      await call(event('companies.update', { params: { companyId: 'c1' }, claims: user, body: '{}' })),
    ].map((r) => r.headers);
    const binary = (await handler(
      event('companies.getSettings', { params: { companyId: 'c1' }, claims: user }),
      ctx,
    )) as APIGatewayProxyResult;
    for (const headers of [...answers, binary.headers ?? {}])
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
  });

  it('keeps a well-formed client request id and replaces a hostile one', async () => {
    const good = await call(event('system.health', { headers: { 'X-Request-Id': 'client-abc-123' } }));
    expect(good.headers['x-request-id']).toBe('client-abc-123');
    const bad = await call(event('system.health', { headers: { 'x-request-id': '<script>' } }));
    expect(bad.headers['x-request-id']).toBe('req-0000001');
  });
});

describe('auth context', () => {
  it('reads groups as API Gateway passes them and as arrays', () => {
    expect(authFromClaims({ sub: 'a', 'cognito:groups': '[ADMIN GESTOR]' }).role).toBe('ADMIN');
    expect(authFromClaims({ sub: 'a', 'cognito:groups': 'GESTOR,CLIENTE' }).groups).toEqual([
      'GESTOR',
      'CLIENTE',
    ]);
    expect(authFromClaims({ sub: 'a', 'cognito:groups': ['CLIENTE'] }).role).toBe('CLIENTE');
    expect(() => authFromClaims({})).toThrow(AppError);
  });

  it('lets ADMIN pass every role gate and refuses other roles with CORE_002', () => {
    expect(() =>
      assertRoles(authFromClaims({ sub: 'a', 'cognito:groups': 'ADMIN' }), ['GESTOR']),
    ).not.toThrow();
    expect(() => assertRoles(authFromClaims({ sub: 'a', 'cognito:groups': 'CLIENTE' }), ['GESTOR'])).toThrow(
      expect.objectContaining({ code: 'CORE_002' }),
    );
  });

  it('requires a company id on company-scoped routes', () => {
    expect(() => resolveCompanyId(undefined, undefined)).toThrow(
      expect.objectContaining({ code: 'CORE_004', message: 'Company ID is required' }),
    );
    expect(resolveCompanyId(undefined, ' c9 ')).toBe('c9');
    expect(() => resolveCompanyId(undefined, '../etc')).toThrow(
      expect.objectContaining({ code: 'CORE_003' }),
    );
  });
});
