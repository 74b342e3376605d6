import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiHandler } from './http';
import { createSessionGate, sessionStartOf } from './session-validity';

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
});

/** A lookup over a map of instants (epoch seconds) that counts its reads. */
function fakeStore(initial: Record<string, number> = {}) {
  const validAfter = new Map(Object.entries(initial));
  const reads: string[] = [];
  return {
    validAfter,
    reads,
    lookup: async (userId: string) => {
      reads.push(userId);
      return validAfter.get(userId);
    },
  };
}

const T = 1_772_445_600; // 2026-03-02T10:00:00Z in seconds

describe('session gate', () => {
  it('refuses a token whose session began before the instant, with 401 CORE_001 SESSION_REVOKED', async () => {
    const store = fakeStore({ u1: T });
    const gate = createSessionGate({ lookup: store.lookup, now: () => T * 1000 });

    await expect(gate.assertCurrent('u1', { sub: 'u1', iat: String(T - 1) })).rejects.toMatchObject({
      code: 'CORE_001',
      status: 401,
      details: { reason: 'SESSION_REVOKED' },
    });
    // A token of the very second of the change, or later, passes.
    await expect(gate.assertCurrent('u1', { sub: 'u1', iat: String(T) })).resolves.toBeUndefined();
    await expect(gate.assertCurrent('u1', { sub: 'u1', iat: String(T + 5) })).resolves.toBeUndefined();
  });

  it('compares the sign-in time (auth_time), which a refreshed token keeps', () => {
    expect(sessionStartOf({ auth_time: '100', iat: '900' })).toBe(100);
    expect(sessionStartOf({ iat: 900 })).toBe(900);
    expect(sessionStartOf({ sub: 'x' })).toBeUndefined();
  });

  it('lets any token of a user with no instant through', async () => {
    const gate = createSessionGate({ lookup: fakeStore().lookup, now: () => T * 1000 });
    await expect(gate.assertCurrent('u2', { iat: '1' })).resolves.toBeUndefined();
  });

  it('reads the instant at most once a minute per user, then again', async () => {
    const store = fakeStore();
    let nowMs = T * 1000;
    const gate = createSessionGate({ lookup: store.lookup, now: () => nowMs });
    const claims = { iat: String(T - 10) };

    await gate.assertCurrent('u1', claims);
    nowMs += 30_000;
    await gate.assertCurrent('u1', claims);
    expect(store.reads).toEqual(['u1']);

    // Revoked elsewhere meanwhile: still cached here until the minute is over...
    store.validAfter.set('u1', T);
    nowMs += 29_999;
    await expect(gate.assertCurrent('u1', claims)).resolves.toBeUndefined();
    expect(store.reads).toHaveLength(1);

    // ...then read again and refused.
    nowMs += 1;
    await expect(gate.assertCurrent('u1', claims)).rejects.toMatchObject({ code: 'CORE_001' });
    expect(store.reads).toEqual(['u1', 'u1']);
  });

  it('applies an instant this container wrote at once, without waiting for the cache', async () => {
    const store = fakeStore();
    const gate = createSessionGate({ lookup: store.lookup, now: () => T * 1000 });
    const claims = { iat: String(T - 10) };
    await gate.assertCurrent('u1', claims);

    gate.remember('u1', T);

    await expect(gate.assertCurrent('u1', claims)).rejects.toMatchObject({ code: 'CORE_001' });
    expect(store.reads).toHaveLength(1);
  });
});

describe('the pipeline with the gate', () => {
  const event = (claims: Record<string, string>) =>
    ({
      resource: '/api/v1/users/profile',
      path: '/api/v1/users/profile',
      httpMethod: 'GET',
      headers: {},
      body: null,
      isBase64Encoded: false,
      pathParameters: null,
      queryStringParameters: null,
      requestContext: { requestId: 'req-0000001', authorizer: { claims } },
    }) as unknown as APIGatewayProxyEvent;

  it('answers 401 CORE_001 to a revoked session before the action runs', async () => {
    const store = fakeStore({ u1: T });
    const gate = createSessionGate({ lookup: store.lookup, now: () => T * 1000 });
    let ran = 0;
    const handler = createApiHandler(
      'identity',
      { 'users.getProfile': { run: async () => ++ran } } as never,
      () => ({}),
      { sessionGate: gate },
    );

    const old = await handler(event({ sub: 'u1', iat: String(T - 60) }), {} as Context);
    expect(old.statusCode).toBe(401);
    expect(JSON.parse(old.body).error).toMatchObject({
      code: 'CORE_001',
      message: 'La sesión ha expirado. Por favor, inicia sesión nuevamente.',
    });
    expect(ran).toBe(0);

    const fresh = await handler(event({ sub: 'u1', iat: String(T + 1) }), {} as Context);
    expect(fresh.statusCode).toBe(200);
    expect(ran).toBe(1);
  });
});
