import type { IncomingMessage } from 'node:http';
import { gatewayResponses } from '@shared/api/gateway-responses';
import { AUTH_RATE_LIMIT } from '@shared/api/rate-limits';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientIpOf, createAuthRateLimiter } from './rate-limit';
import { startTestGateway, type TestGateway } from './test-support';

const req = (ip: string, forwarded?: string) =>
  ({
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    socket: { remoteAddress: ip },
  }) as unknown as IncomingMessage;

describe('per-client-IP limit of the authentication routes', () => {
  it('lets `limit` requests of a window through, then answers the seconds until the oldest leaves it', () => {
    let now = 1_000_000;
    const limiter = createAuthRateLimiter({ limit: 3, windowSeconds: 60, now: () => now });
    const a = req('10.0.0.1');
    const at = (ms: number) => {
      now = 1_000_000 + ms;
    };

    for (const ms of [0, 10_000, 20_000]) {
      at(ms);
      expect(limiter.hit('auth.login', a)).toBeUndefined();
    }
    at(30_000);
    expect(limiter.hit('auth.forgotPassword', a)).toBe(30);
    // Another client is not affected, nor are routes outside the list.
    expect(limiter.hit('auth.login', req('10.0.0.2'))).toBeUndefined();
    expect(limiter.hit('companies.list', a)).toBeUndefined();
    // Once the first request leaves the window, one more gets through; the next waits for the second.
    at(60_000);
    expect(limiter.hit('auth.login', a)).toBeUndefined();
    expect(limiter.hit('auth.login', a)).toBe(10);
  });

  it('reads the client from X-Forwarded-For like the WAF, else from the socket', () => {
    expect(clientIpOf(req('127.0.0.1', '203.0.113.7, 10.1.1.1'))).toBe('203.0.113.7');
    expect(clientIpOf(req('::ffff:127.0.0.1'))).toBe('127.0.0.1');
  });
});

describe('the local gateway', () => {
  let tg: TestGateway;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    tg = await startTestGateway();
  });
  afterAll(async () => {
    await tg.gateway.close();
    vi.restoreAllMocks();
  });

  it('answers 429 RATE_LIMITED with Retry-After past the limit, without invoking the Lambda', async () => {
    const login = () =>
      fetch(`${tg.gateway.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.23' },
        body: '{}',
      });
    for (let i = 0; i < AUTH_RATE_LIMIT.limit; i++) expect((await login()).status).toBe(200);
    const invoked = tg.calls.length;

    const refused = await login();

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(AUTH_RATE_LIMIT.windowSeconds);
    expect(refused.headers.get('x-amzn-errortype')).toBe('TooManyRequestsException');
    expect(await refused.json()).toEqual(gatewayResponses.THROTTLED.body);
    expect(tg.calls).toHaveLength(invoked);
  });
});
