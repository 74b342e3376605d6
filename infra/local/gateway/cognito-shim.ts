/**
 * A thin front for cognito-local at /_cognito, the SPA's `userPoolEndpoint` and the functions'
 * Cognito endpoint. cognito-local lacks calls Amplify v6 and the identity domain make
 * (reference/local-runtime.md §3): GetTokensFromRefreshToken (silent refresh) is translated into
 * InitiateAuth REFRESH_TOKEN_AUTH; GlobalSignOut and AdminUserGlobalSignOut are emulated
 * (global-sign-outs.ts): every refresh token issued before them is refused afterwards, as Cognito
 * refuses a revoked one. Everything else is passed through. CORS is added for the Vite dev server.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type GlobalSignOuts, refreshTokenClaims } from './global-sign-outs';
import { BodyTooLargeError, readBody } from './http';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';
const MAX_BODY_BYTES = 1024 * 1024;

export async function handleCognitoShim(
  req: IncomingMessage,
  res: ServerResponse,
  cognitoUrl: string,
  signOuts: GlobalSignOuts,
  now: () => number = Date.now,
): Promise<void> {
  setCors(req, res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204).end();
    return;
  }
  if (req.method !== 'POST')
    return sendAmzError(res, 405, 'MethodNotAllowedException', 'Solo se admite POST.');

  let body: Buffer;
  try {
    body = await readBody(req, MAX_BODY_BYTES);
  } catch (e) {
    if (e instanceof BodyTooLargeError)
      return sendAmzError(res, 413, 'InvalidParameterException', 'Petición demasiado grande.');
    throw e;
  }
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : target;

  const request = parseJson(body);
  if (request === undefined)
    return sendAmzError(res, 400, 'SerializationException', 'El cuerpo no es JSON válido.');
  const seconds = Math.floor(now() / 1000);

  switch (operation) {
    case 'GlobalSignOut':
      return globalSignOut(res, cognitoUrl, request, signOuts, seconds);
    case 'AdminUserGlobalSignOut':
      return adminGlobalSignOut(res, cognitoUrl, request, signOuts, seconds);
    case 'GetTokensFromRefreshToken':
      if (revokedRefresh(signOuts, request.RefreshToken)) return sendRevoked(res);
      return refreshTokens(res, cognitoUrl, body);
    case 'InitiateAuth':
    case 'AdminInitiateAuth': {
      const params = request.AuthParameters as Record<string, string> | undefined;
      if (
        /^REFRESH_TOKEN(_AUTH)?$/.test(String(request.AuthFlow)) &&
        revokedRefresh(signOuts, params?.REFRESH_TOKEN)
      )
        return sendRevoked(res);
      return passThrough(res, cognitoUrl, target, body);
    }
    default:
      return passThrough(res, cognitoUrl, target, body);
  }
}

type AmzRequest = Record<string, unknown>;

function parseJson(body: Buffer): AmzRequest | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as AmzRequest) : undefined;
  } catch {
    return undefined;
  }
}

function revokedRefresh(signOuts: GlobalSignOuts, token: unknown): boolean {
  const claims = refreshTokenClaims(typeof token === 'string' ? token : undefined);
  return claims !== undefined && signOuts.isRevoked(claims.userPoolId, claims.username, claims.iat);
}

function sendRevoked(res: ServerResponse): void {
  sendAmzError(res, 400, 'NotAuthorizedException', 'Refresh Token has been revoked');
}

/** AdminUserGlobalSignOut: the user must exist (AdminGetUser gives its canonical user name). */
async function adminGlobalSignOut(
  res: ServerResponse,
  cognitoUrl: string,
  request: AmzRequest,
  signOuts: GlobalSignOuts,
  seconds: number,
): Promise<void> {
  const upstream = await callUpstream(
    cognitoUrl,
    `${TARGET_PREFIX}AdminGetUser`,
    JSON.stringify({ UserPoolId: request.UserPoolId, Username: request.Username }),
  );
  if (!upstream) return sendUnreachable(res, cognitoUrl);
  if (upstream.status < 200 || upstream.status > 299) return relay(res, upstream);
  const user = JSON.parse(upstream.body.toString('utf8')) as { Username?: string };
  signOuts.record(String(request.UserPoolId), user.Username ?? String(request.Username), seconds);
  return sendAmz(res, 200, '{}');
}

/** GlobalSignOut (Amplify's signOut({ global: true })): the access token names the user. */
async function globalSignOut(
  res: ServerResponse,
  cognitoUrl: string,
  request: AmzRequest,
  signOuts: GlobalSignOuts,
  seconds: number,
): Promise<void> {
  const upstream = await callUpstream(
    cognitoUrl,
    `${TARGET_PREFIX}GetUser`,
    JSON.stringify({ AccessToken: request.AccessToken }),
  );
  if (!upstream) return sendUnreachable(res, cognitoUrl);
  if (upstream.status < 200 || upstream.status > 299) return relay(res, upstream);
  const user = JSON.parse(upstream.body.toString('utf8')) as { Username?: string };
  const issuer = tokenIssuer(String(request.AccessToken ?? ''));
  if (user.Username && issuer) signOuts.record(issuer, user.Username, seconds);
  return sendAmz(res, 200, '{}');
}

/** The user pool id at the end of a cognito-local token's `iss`. */
function tokenIssuer(token: string): string | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      iss?: unknown;
    };
    return typeof claims.iss === 'string' ? claims.iss.split('/').pop() : undefined;
  } catch {
    return undefined;
  }
}

interface GetTokensFromRefreshTokenRequest {
  RefreshToken?: string;
  ClientId?: string;
  ClientSecret?: string;
  DeviceKey?: string;
  ClientMetadata?: Record<string, string>;
}

/** GetTokensFromRefreshToken → InitiateAuth REFRESH_TOKEN_AUTH, and the answer back. */
async function refreshTokens(res: ServerResponse, cognitoUrl: string, body: Buffer): Promise<void> {
  let request: GetTokensFromRefreshTokenRequest;
  try {
    request = JSON.parse(body.toString('utf8') || '{}') as GetTokensFromRefreshTokenRequest;
  } catch {
    return sendAmzError(res, 400, 'SerializationException', 'El cuerpo no es JSON válido.');
  }
  const authParameters: Record<string, string> = {};
  if (request.RefreshToken !== undefined) authParameters.REFRESH_TOKEN = request.RefreshToken;
  if (request.DeviceKey !== undefined) authParameters.DEVICE_KEY = request.DeviceKey;
  const initiateAuth = {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: request.ClientId,
    AuthParameters: authParameters,
    ...(request.ClientMetadata ? { ClientMetadata: request.ClientMetadata } : {}),
  };
  const upstream = await callUpstream(
    cognitoUrl,
    `${TARGET_PREFIX}InitiateAuth`,
    JSON.stringify(initiateAuth),
  );
  if (!upstream) return sendUnreachable(res, cognitoUrl);
  if (upstream.status < 200 || upstream.status > 299) return relay(res, upstream);
  let answer: { AuthenticationResult?: unknown };
  try {
    answer = JSON.parse(upstream.body.toString('utf8')) as { AuthenticationResult?: unknown };
  } catch {
    return relay(res, upstream);
  }
  // GetTokensFromRefreshToken's response is only the AuthenticationResult (no challenge fields).
  return sendAmz(res, 200, JSON.stringify({ AuthenticationResult: answer.AuthenticationResult }));
}

async function passThrough(
  res: ServerResponse,
  cognitoUrl: string,
  target: string,
  body: Buffer,
): Promise<void> {
  const upstream = await callUpstream(cognitoUrl, target, body);
  if (!upstream) return sendUnreachable(res, cognitoUrl);
  relay(res, upstream);
}

interface Upstream {
  status: number;
  headers: Headers;
  body: Buffer;
}

async function callUpstream(
  cognitoUrl: string,
  target: string,
  body: string | Buffer,
): Promise<Upstream | undefined> {
  try {
    const response = await fetch(new URL('/', cognitoUrl), {
      method: 'POST',
      headers: { 'Content-Type': AMZ_JSON, 'X-Amz-Target': target },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  } catch (e) {
    console.error(`[gateway] cognito-local at ${cognitoUrl} did not answer: ${(e as Error).message}`);
    return undefined;
  }
}

/** The upstream answer as is: status, body and the headers the SDKs read errors from. */
function relay(res: ServerResponse, upstream: Upstream): void {
  for (const name of ['content-type', 'x-amzn-errortype', 'x-amzn-errormessage', 'x-amzn-requestid']) {
    const value = upstream.headers.get(name);
    if (value !== null) res.setHeader(name, value);
  }
  res.setHeader('Content-Length', String(upstream.body.length));
  res.statusCode = upstream.status;
  res.end(upstream.body);
}

function sendAmz(res: ServerResponse, status: number, json: string): void {
  res.writeHead(status, { 'Content-Type': AMZ_JSON, 'Content-Length': String(Buffer.byteLength(json)) });
  res.end(json);
}

function sendAmzError(res: ServerResponse, status: number, type: string, message: string): void {
  res.setHeader('x-amzn-errortype', type);
  sendAmz(res, status, JSON.stringify({ __type: type, message }));
}

function sendUnreachable(res: ServerResponse, cognitoUrl: string): void {
  sendAmzError(res, 502, 'InternalErrorException', `cognito-local no responde en ${cognitoUrl}.`);
}

/** Any origin may call: this only runs locally, and the Vite dev server lives on another port. */
function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ??
      'content-type, x-amz-target, x-amz-user-agent, cache-control, amz-sdk-invocation-id, amz-sdk-request',
  );
  res.setHeader('Access-Control-Expose-Headers', 'x-amzn-errortype, x-amzn-errormessage, x-amzn-requestid');
  res.setHeader('Access-Control-Max-Age', '600');
}
