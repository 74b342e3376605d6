import { domains } from '@infra/manifest';
import { gatewayResponses } from '@shared/api/gateway-responses';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_REST_BODY_BYTES } from './rest';
import { okResult, rawRequest, startTestGateway, type TestGateway } from './test-support';

let tg: TestGateway;
let base: string;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  tg = await startTestGateway();
  base = tg.gateway.url;
});
afterAll(async () => {
  await tg.gateway.close();
  vi.restoreAllMocks();
});
afterEach(() => {
  tg.calls.length = 0;
  tg.handler = () => okResult();
});

describe('REST proxy event', () => {
  it('builds the API Gateway proxy event for a route with path and query parameters', async () => {
    const res = await rawRequest(tg.gateway.port, {
      path: '/api/v1/companies/c%2D1/users/ana%20b?status=active&tag=a&tag=b&q=caf%C3%A9+bar',
      headers: [
        'Authorization',
        'Bearer good',
        'X-Multi',
        'one',
        'X-Multi',
        'two',
        'User-Agent',
        'vitest-agent',
      ],
    });

    expect(res.status).toBe(200);
    expect(tg.calls).toHaveLength(1);
    const { entry, event, functionName } = tg.calls[0]!;
    expect(entry).toEqual(domains.companies.api);
    expect(functionName).toBe('cuadra-companies-api');
    expect(event).toMatchObject({
      resource: '/api/v1/companies/{companyId}/users/{userId}',
      path: '/api/v1/companies/c%2D1/users/ana%20b',
      httpMethod: 'GET',
      pathParameters: { companyId: 'c-1', userId: 'ana b' },
      queryStringParameters: { status: 'active', tag: 'b', q: 'café bar' },
      multiValueQueryStringParameters: { status: ['active'], tag: ['a', 'b'], q: ['café bar'] },
      stageVariables: null,
      body: null,
      isBase64Encoded: false,
    });
    // Original casing, last value wins; every value in multiValueHeaders.
    expect(event.headers['X-Multi']).toBe('two');
    expect(event.multiValueHeaders['X-Multi']).toEqual(['one', 'two']);
    expect(event.headers.Authorization).toBe('Bearer good');
    expect(event.headers['X-Forwarded-For']).toBe('127.0.0.1');

    const ctx = event.requestContext;
    expect(ctx).toMatchObject({
      resourcePath: '/api/v1/companies/{companyId}/users/{userId}',
      httpMethod: 'GET',
      path: '/local/api/v1/companies/c%2D1/users/ana%20b',
      stage: 'local',
      accountId: '123456789012',
      identity: { sourceIp: '127.0.0.1', userAgent: 'vitest-agent' },
    });
    expect(ctx.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.resourceId).toMatch(/^[0-9a-f]{6}$/);
    expect(typeof ctx.apiId).toBe('string');
    expect(Math.abs(ctx.requestTimeEpoch - Date.now())).toBeLessThan(5_000);
    expect(res.headers['x-amzn-requestid']).toBe(ctx.requestId);
  });

  it('passes the authorizer claims as strings, like the Cognito authorizer', async () => {
    await fetch(`${base}/api/v1/users/profile`, { headers: { Authorization: 'Bearer good' } });

    const claims = tg.calls[0]!.event.requestContext.authorizer.claims;
    expect(claims).toEqual({
      sub: 'user-1',
      username: 'ana@example.com',
      'cognito:groups': 'ADMIN,GESTOR',
      client_id: 'local-client',
      token_use: 'access',
      exp: '2000000000',
      iat: '1700000000',
    });
    for (const value of Object.values(claims)) expect(typeof value).toBe('string');
  });

  it('sends null query parameter maps when there is no query string', async () => {
    await fetch(`${base}/api/v1/health`);

    const event = tg.calls[0]!.event;
    expect(event.queryStringParameters).toBeNull();
    expect(event.multiValueQueryStringParameters).toBeNull();
    expect(event.pathParameters).toBeNull();
  });

  it('prefers a static segment over a {param} at the same position', async () => {
    await fetch(`${base}/api/v1/companies/nif/B12345678`, { headers: { Authorization: 'Bearer good' } });
    await fetch(`${base}/api/v1/companies/abc`, { headers: { Authorization: 'Bearer good' } });

    expect(tg.calls.map((c) => [c.event.resource, c.event.pathParameters])).toEqual([
      ['/api/v1/companies/nif/{nif}', { nif: 'B12345678' }],
      ['/api/v1/companies/{companyId}', { companyId: 'abc' }],
    ]);
  });

  it('passes a JSON body as text', async () => {
    await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ana@example.com', password: 'ñandú' }),
    });

    const event = tg.calls[0]!.event;
    expect(event.isBase64Encoded).toBe(false);
    expect(JSON.parse(event.body)).toEqual({ email: 'ana@example.com', password: 'ñandú' });
  });

  it.each([
    ['application/pdf'],
    ['application/octet-stream'],
    ['multipart/form-data; boundary=xyz'],
    ['image/png'],
  ])('base64-encodes a %s body', async (contentType) => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe, 0x80, 0x0a]);

    await fetch(`${base}/api/v1/companies`, {
      method: 'POST',
      headers: { Authorization: 'good', 'Content-Type': contentType },
      body: bytes,
    });

    const event = tg.calls[0]!.event;
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body, 'base64').equals(bytes)).toBe(true);
  });
});

describe('authorizer and gateway responses', () => {
  it('refuses a user route without a token with the 401 envelope and never invokes the handler', async () => {
    const res = await fetch(`${base}/api/v1/companies`);

    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(gatewayResponses.UNAUTHORIZED.body);
    expect(res.headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
    expect(tg.calls).toHaveLength(0);
  });

  it.each([['Bearer expired'], ['Bearer forged'], ['']])(
    'refuses Authorization "%s" with 401',
    async (auth) => {
      const res = await fetch(`${base}/api/v1/companies`, { headers: { Authorization: auth } });

      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(gatewayResponses.UNAUTHORIZED.body);
      expect(tg.calls).toHaveLength(0);
    },
  );

  it('accepts the token without the Bearer prefix', async () => {
    const res = await fetch(`${base}/api/v1/companies`, { headers: { Authorization: 'good' } });

    expect(res.status).toBe(200);
    expect(tg.calls).toHaveLength(1);
  });

  it('lets a public route through without a token and without authorizer context', async () => {
    const res = await fetch(`${base}/api/v1/health`);

    expect(res.status).toBe(200);
    expect(tg.calls[0]!.entry).toEqual(domains.companies.api);
    expect(tg.calls[0]!.event.requestContext.authorizer).toBeUndefined();
  });

  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['DELETE', '/api/v1/companies'],
    ['GET', '/api/v2/companies'],
    ['GET', '/api/v1/companies/a/b/c/d/e'],
  ])('answers %s %s with the 404 envelope', async (method, path) => {
    const res = await fetch(`${base}${path}`, { method, headers: { Authorization: 'good' } });

    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(gatewayResponses.MISSING_AUTHENTICATION_TOKEN.body);
    expect(tg.calls).toHaveLength(0);
  });

  it('answers 500 with the envelope and logs the stack when the handler throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('boom in handler');
    tg.handler = () => {
      throw boom;
    };

    const res = await fetch(`${base}/api/v1/health`);

    expect(res.status).toBe(gatewayResponses.DEFAULT_5XX.status);
    expect(await res.json()).toEqual(gatewayResponses.DEFAULT_5XX.body);
    expect(errors.mock.calls.some((args) => args.includes(boom))).toBe(true);
    errors.mockRestore();
  });

  it.each([
    ['undefined', undefined],
    ['a string', 'ok'],
    ['a status that is not a number', { statusCode: '200', body: '{}' }],
    ['an object body', { statusCode: 200, body: { success: true } }],
  ])('answers 500 when the handler returns %s', async (_label, result) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    tg.handler = () => result;

    const res = await fetch(`${base}/api/v1/health`);

    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(gatewayResponses.DEFAULT_5XX.body);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('refuses bodies over 10 MB with 413 without invoking the handler', async () => {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.alloc(MAX_REST_BODY_BYTES + 1, 0x20),
    });

    expect(res.status).toBe(413);
    expect((await res.json()).success).toBe(false);
    expect(tg.calls).toHaveLength(0);
  });

  it('accepts a body of exactly 10 MB', async () => {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.alloc(MAX_REST_BODY_BYTES, 1),
    });

    expect(res.status).toBe(200);
    expect(Buffer.from(tg.calls[0]!.event.body, 'base64').length).toBe(MAX_REST_BODY_BYTES);
  });
});

describe('proxy response', () => {
  it('writes status, headers, multi-value headers and body', async () => {
    tg.handler = () => ({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'X-Custom': 'uno' },
      multiValueHeaders: { 'Set-Cookie': ['a=1', 'b=2'] },
      body: '{"success":true}',
    });

    const res = await rawRequest(tg.gateway.port, { path: '/api/v1/health' });

    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-custom']).toBe('uno');
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(res.body.toString()).toBe('{"success":true}');
  });

  it('decodes a base64 body', async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    tg.handler = () => ({
      statusCode: 200,
      headers: { 'Content-Type': 'application/pdf' },
      body: pdf.toString('base64'),
      isBase64Encoded: true,
    });

    const res = await fetch(`${base}/api/v1/health`);

    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('defaults the content type to JSON', async () => {
    tg.handler = () => ({ statusCode: 200, body: '{}' });

    const res = await fetch(`${base}/api/v1/health`);

    expect(res.headers.get('content-type')).toBe('application/json');
  });
});

describe('request log', () => {
  it('logs method, path without the query string, status and duration', async () => {
    const log = vi.mocked(console.log);
    log.mockClear();

    await fetch(`${base}/api/v1/auth/verify-email/validate?token=secret-token&password=hunter2`);
    await new Promise((r) => setTimeout(r, 20));

    const lines = log.mock.calls.map((args) => args.join(' '));
    const line = lines.find((l) => l.includes('/api/v1/auth/verify-email/validate'));
    expect(line).toMatch(/GET \/api\/v1\/auth\/verify-email\/validate 200 \d+ms/);
    expect(lines.join('\n')).not.toMatch(/secret-token|hunter2/);
  });
});
