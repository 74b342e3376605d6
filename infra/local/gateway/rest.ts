/**
 * The REST half of API Gateway: route match (same table as the CDK stack), the Cognito
 * authorizer, the proxy event, the domain's Lambda, and API Gateway's own error answers.
 */

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessTokenVerifier } from '@functions/platform/jwt';
import { type DomainName, domains } from '@infra/manifest';
import { matchRoute, type RouteMatch } from '@shared/api/routes';
import { NAME_PREFIX } from '../aws';
import type { Invoke } from '../types';
import { claimsAsStrings } from './claims';
import { sendGatewayResponse, sendRequestTooLarge } from './gateway-response';
import { BodyTooLargeError, pathOf, queryOf, readBody, sourceIpOf } from './http';
import { buildProxyEvent } from './proxy-event';
import { parseProxyResult, writeProxyResult } from './proxy-result';
import type { RateLimiter } from './rate-limit';

/** API Gateway's payload limit for REST APIs. */
export const MAX_REST_BODY_BYTES = 10 * 1024 * 1024;

export interface RestDeps {
  verifier: AccessTokenVerifier;
  invoke: Invoke;
  localPort: () => number;
  /** The WAF's per-client-IP limit of the authentication routes. */
  rateLimiter?: RateLimiter;
}

export async function handleRest(req: IncomingMessage, res: ServerResponse, deps: RestDeps): Promise<void> {
  const requestId = randomUUID();
  const at = new Date();
  let body: Buffer;
  try {
    body = await readBody(req, MAX_REST_BODY_BYTES);
  } catch (e) {
    if (e instanceof BodyTooLargeError) return sendRequestTooLarge(res, requestId);
    throw e;
  }

  const path = pathOf(req.url);
  const match = matchRoute(req.method ?? 'GET', path);
  if (!match) return sendGatewayResponse(res, 'MISSING_AUTHENTICATION_TOKEN', requestId);

  // The WAF answers before API Gateway's authorizer runs.
  const wait = deps.rateLimiter?.hit(match.id, req);
  if (wait !== undefined)
    return sendGatewayResponse(res, 'THROTTLED', requestId, { 'Retry-After': String(wait) });

  let claims: Record<string, string> | undefined;
  if (match.route.auth === 'user') {
    // The Cognito authorizer reads the Authorization header; the verifier accepts it with or without "Bearer".
    const verified = await deps.verifier(req.headers.authorization);
    if (!verified.ok) return sendGatewayResponse(res, 'UNAUTHORIZED', requestId);
    claims = claimsAsStrings(verified.claims);
  }

  const event = buildProxyEvent({
    method: req.method ?? 'GET',
    path,
    query: queryOf(req.url),
    rawHeaders: req.rawHeaders,
    body,
    sourceIp: sourceIpOf(req),
    domainName: (req.headers.host ?? 'localhost').replace(/:\d+$/, ''),
    localPort: deps.localPort(),
    resource: match.route.path,
    pathParameters: match.params,
    ...(claims ? { claims } : {}),
    requestId,
    at,
  });

  const outcome = await runHandler(match, event, deps.invoke);
  if (!outcome.ok) return sendGatewayResponse(res, 'DEFAULT_5XX', requestId);
  writeProxyResult(res, outcome.result, requestId);
}

async function runHandler(match: RouteMatch, event: unknown, invoke: Invoke) {
  const domain = match.route.domain as DomainName;
  const entry = domains[domain]?.api;
  if (!entry) {
    console.error(`[gateway] route ${match.id}: domain "${domain}" has no api entry point in the manifest`);
    return { ok: false } as const;
  }
  try {
    const parsed = parseProxyResult(await invoke(entry, event, { functionName: functionNameOf(domain) }));
    if (!parsed.ok)
      console.error(`[gateway] ${match.id}: malformed Lambda proxy response (${parsed.reason})`);
    return parsed;
  } catch (e) {
    console.error(`[gateway] ${match.id}: the ${domain} handler threw`, e);
    return { ok: false } as const;
  }
}

/** The function name the local runtime reports as `context.functionName` (same as its catalogue). */
export const functionNameOf = (domain: string): string => `${NAME_PREFIX}-${domain}-api`;
