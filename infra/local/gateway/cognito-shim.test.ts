import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestGateway, type TestGateway } from './test-support';

const POOL = 'local_Pool1';

/** A token shaped like cognito-local's refresh tokens (an unsigned JWT is enough for the shim). */
function refreshToken(username: string, iat: number, pool = POOL): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const claims = { 'cognito:username': username, iat, iss: `http://127.0.0.1:9229/${pool}` };
  return `${part({ alg: 'RS256' })}.${part(claims)}.sig`;
}

interface UpstreamCall {
  path: string;
  target: string;
  contentType: string;
  body: Record<string, unknown>;
}

/** A tiny stand-in for cognito-local: records calls, answers InitiateAuth, refuses a revoked token. */
let upstream: Server;
const upstreamCalls: UpstreamCall[] = [];
let tg: TestGateway;
let client: CognitoIdentityProviderClient;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
      const target = String(req.headers['x-amz-target']);
      upstreamCalls.push({
        path: req.url ?? '',
        target,
        contentType: String(req.headers['content-type']),
        body,
      });
      if (target.endsWith('.AdminGetUser') || target.endsWith('.GetUser')) {
        res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ Username: String(body.Username ?? 'ana@example.com').toLowerCase() }));
        return;
      }
      const params = body.AuthParameters as Record<string, string> | undefined;
      if (params?.REFRESH_TOKEN === 'revoked') {
        res.writeHead(400, {
          'Content-Type': 'application/x-amz-json-1.1',
          'x-amzn-errortype': 'NotAuthorizedException',
        });
        res.end(
          JSON.stringify({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' }),
        );
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.1' });
      res.end(
        JSON.stringify({
          ChallengeParameters: {},
          AuthenticationResult: {
            AccessToken: 'new-access',
            IdToken: 'new-id',
            ExpiresIn: 86400,
            TokenType: 'Bearer',
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  tg = await startTestGateway({ cognitoUrl: `http://127.0.0.1:${port}` });
  client = new CognitoIdentityProviderClient({
    endpoint: `${tg.gateway.url}/_cognito`,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client.destroy();
  await tg.gateway.close();
  await new Promise((resolve) => upstream.close(resolve));
  vi.restoreAllMocks();
});
afterEach(() => {
  upstreamCalls.length = 0;
});

describe('Cognito shim', () => {
  it('translates GetTokensFromRefreshToken into InitiateAuth REFRESH_TOKEN_AUTH', async () => {
    const result = await client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: 'local-client',
        RefreshToken: 'refresh-1',
        DeviceKey: 'device-1',
        ClientMetadata: { origen: 'spa' },
      }),
    );

    expect(upstreamCalls).toHaveLength(1);
    expect(upstreamCalls[0]).toMatchObject({
      target: 'AWSCognitoIdentityProviderService.InitiateAuth',
      contentType: 'application/x-amz-json-1.1',
      body: {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: 'local-client',
        AuthParameters: { REFRESH_TOKEN: 'refresh-1', DEVICE_KEY: 'device-1' },
        ClientMetadata: { origen: 'spa' },
      },
    });
    expect(result.AuthenticationResult).toEqual({
      AccessToken: 'new-access',
      IdToken: 'new-id',
      ExpiresIn: 86400,
      TokenType: 'Bearer',
    });
  });

  it('passes upstream refresh errors through with their type', async () => {
    const error = await client
      .send(new GetTokensFromRefreshTokenCommand({ ClientId: 'local-client', RefreshToken: 'revoked' }))
      .catch((e: unknown) => e);

    expect(error).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
  });

  it('emulates AdminUserGlobalSignOut: refresh tokens issued before it are refused, later ones pass', async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const old = refreshToken('Ana@Example.com', nowSeconds - 5);
    const later = refreshToken('ana@example.com', nowSeconds + 5);
    const refresh = (token: string) =>
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: 'local-client',
          AuthParameters: { REFRESH_TOKEN: token },
        }),
      );
    expect((await refresh(old)).AuthenticationResult?.AccessToken).toBe('new-access');

    const result = await client.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: POOL, Username: 'ANA@example.com' }),
    );

    expect(result.$metadata.httpStatusCode).toBe(200);
    expect(upstreamCalls.at(-1)).toMatchObject({ target: 'AWSCognitoIdentityProviderService.AdminGetUser' });
    upstreamCalls.length = 0;
    await expect(refresh(old)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    await expect(
      client.send(new GetTokensFromRefreshTokenCommand({ ClientId: 'local-client', RefreshToken: old })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // Refused by the shim: cognito-local was never asked.
    expect(upstreamCalls).toHaveLength(0);
    expect((await refresh(later)).AuthenticationResult?.AccessToken).toBe('new-access');
  });

  it('emulates GlobalSignOut for the user the access token names', async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const accessToken = refreshToken('ana@example.com', nowSeconds, 'eu-west-1_Other');
    const result = await client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));

    expect(result.$metadata.httpStatusCode).toBe(200);
    expect(upstreamCalls[0]).toMatchObject({
      target: 'AWSCognitoIdentityProviderService.GetUser',
      body: { AccessToken: accessToken },
    });
    await expect(
      client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: 'local-client',
          RefreshToken: refreshToken('ana@example.com', nowSeconds - 60, 'eu-west-1_Other'),
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('passes every other call through unchanged', async () => {
    const result = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'local-client',
        AuthParameters: { USERNAME: 'ana@example.com', PASSWORD: 'Secreta-123' },
      }),
    );

    expect(upstreamCalls[0]).toMatchObject({
      target: 'AWSCognitoIdentityProviderService.InitiateAuth',
      body: { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'ana@example.com' } },
    });
    expect(result.AuthenticationResult?.AccessToken).toBe('new-access');
  });

  it('answers CORS preflights and adds CORS headers to answers', async () => {
    const preflight = await fetch(`${tg.gateway.url}/_cognito/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'content-type,x-amz-target,x-amz-user-agent',
    );
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const post = await fetch(`${tg.gateway.url}/_cognito`, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:5173',
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
      },
      body: '{"AccessToken":"t"}',
    });
    expect(post.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(post.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype');
  });

  it('answers 502 InternalErrorException when cognito-local is down', async () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    const down = await startTestGateway({ cognitoUrl: 'http://127.0.0.1:1' });
    try {
      const res = await fetch(`${down.gateway.url}/_cognito`, {
        method: 'POST',
        headers: { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: '{}',
      });
      expect(res.status).toBe(502);
      expect(res.headers.get('x-amzn-errortype')).toBe('InternalErrorException');
    } finally {
      await down.gateway.close();
    }
  });
});
