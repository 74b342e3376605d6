import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessTokenVerifier } from '@functions/platform/jwt';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectHandler, verifierOncePerContainer } from './ws-connect';

const ddbMock = mockClient(DynamoDBDocumentClient);

const NOW = new Date('2026-03-01T10:00:00.000Z');

/** Accepts only `good-token` (as user-1) and calls `old-token` expired, like the real verifier. */
const fakeVerifier: AccessTokenVerifier = async (token) => {
  if (!token) return { ok: false, reason: 'missing' };
  if (token === 'old-token') return { ok: false, reason: 'expired' };
  if (token !== 'good-token') return { ok: false, reason: 'invalid' };
  return { ok: true, claims: { sub: 'user-1', exp: 0, iat: 0 } };
};

const connect = createConnectHandler({ verifier: async () => fakeVerifier, now: () => NOW });

const connectEvent = (query?: Record<string, string>) =>
  ({
    requestContext: {
      connectionId: 'conn-1',
      requestId: 'req-1',
      routeKey: '$connect',
      eventType: 'CONNECT',
    },
    isBase64Encoded: false,
    ...(query ? { queryStringParameters: query } : {}),
  }) as unknown as APIGatewayProxyWebsocketEventV2;

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(PutCommand).resolves({});
  vi.stubEnv('TABLE_NAME', 'cuadra-test');
  vi.stubEnv('LOG_LEVEL', 'silent');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('ws-connect', () => {
  it.each([
    ['missing', undefined],
    ['empty', { token: '' }],
    ['invalid', { token: 'forged' }],
    ['expired', { token: 'old-token' }],
  ])('refuses a %s token with 401 and stores nothing', async (_case, query) => {
    const res = await connect(connectEvent(query));

    expect(res).toEqual({ statusCode: 401 });
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('stores the connection of a valid token with its company and a 3-hour TTL', async () => {
    const res = await connect(connectEvent({ token: 'good-token', companyId: 'co-1' }));

    expect(res).toEqual({ statusCode: 200 });
    const puts = ddbMock.commandCalls(PutCommand);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.args[0].input).toMatchObject({
      TableName: 'cuadra-test',
      Item: {
        pk: 'WSCONN#conn-1',
        sk: 'CONN',
        gsi1pk: 'USER#user-1',
        gsi1sk: 'WSCONN#conn-1',
        entity: 'WsConnection',
        connectionId: 'conn-1',
        userId: 'user-1',
        companyId: 'co-1',
        connectedAt: NOW.toISOString(),
        ttl: NOW.getTime() / 1000 + 3 * 3600,
      },
    });
  });

  it('stores a connection without company when none is given', async () => {
    await connect(connectEvent({ token: 'good-token' }));

    expect(ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item).not.toHaveProperty('companyId');
  });

  it('refuses a malformed companyId before touching the table', async () => {
    const res = await connect(connectEvent({ token: 'good-token', companyId: 'co#1' }));

    expect(res).toEqual({ statusCode: 400 });
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('never logs the token', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((l: string) => void lines.push(l));
    vi.spyOn(console, 'error').mockImplementation((l: string) => void lines.push(l));

    await connect(connectEvent({ token: 'forged' }));
    await connect(connectEvent({ token: 'good-token' }));

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/forged|good-token/);
  });

  it('builds the verifier once per container, and again only after a failed build', async () => {
    const create = vi
      .fn<() => Promise<AccessTokenVerifier>>()
      .mockRejectedValueOnce(new Error('JWKS fetch failed: 503'))
      .mockResolvedValue(fakeVerifier);
    const handler = createConnectHandler({ verifier: verifierOncePerContainer(create), now: () => NOW });

    await expect(handler(connectEvent({ token: 'good-token' }))).rejects.toThrow('JWKS');
    await handler(connectEvent({ token: 'good-token' }));
    await handler(connectEvent({ token: 'good-token' }));

    expect(create).toHaveBeenCalledTimes(2);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(2);
  });
});
