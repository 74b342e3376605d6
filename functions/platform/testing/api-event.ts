/**
 * Test helpers for REST handlers: API Gateway proxy events built from the route table, the way the
 * Cognito authorizer and the local gateway deliver them (claims as strings), a Lambda context,
 * and a reader for the enveloped answer.
 */

import type { ApiEnvelope } from '@shared/api/envelope';
import { type RouteId, routes } from '@shared/api/routes';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

export interface TestClaims {
  sub: string;
  /** Cognito groups; sent as API Gateway sends them, one comma-separated string. */
  groups?: readonly string[];
  username?: string;
  email?: string;
  [claim: string]: string | readonly string[] | undefined;
}

export interface ApiEventOptions {
  routeId: RouteId;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Serialised as JSON unless it is already a string (send malformed JSON that way). */
  body?: unknown;
  /** The authorizer's claims; omit for public routes (or to test a missing authorizer). */
  claims?: TestClaims;
  headers?: Record<string, string>;
}

let counter = 0;

export function apiEvent(options: ApiEventOptions): APIGatewayProxyEvent {
  const route = routes[options.routeId];
  const params = options.params ?? {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const requestId = `test-request-${++counter}`;
  const body =
    options.body === undefined
      ? null
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    ...(body === null ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
  const query = options.query && Object.keys(options.query).length > 0 ? options.query : null;

  return {
    resource: route.path,
    path,
    httpMethod: route.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: query,
    multiValueQueryStringParameters: query
      ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]]))
      : null,
    pathParameters: Object.keys(params).length > 0 ? params : null,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'test',
      authorizer: options.claims ? { claims: claimStrings(options.claims) } : null,
      protocol: 'HTTP/1.1',
      httpMethod: route.method,
      identity: identity(),
      path: `/test${path}`,
      stage: 'test',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'test',
      resourcePath: route.path,
    },
  };
}

function claimStrings(claims: TestClaims): Record<string, string> {
  const out: Record<string, string> = { token_use: 'access', username: claims.username ?? claims.sub };
  for (const [name, value] of Object.entries(claims)) {
    if (value === undefined) continue;
    if (name === 'groups') out['cognito:groups'] = (value as readonly string[]).join(',');
    else out[name] = typeof value === 'string' ? value : value.join(',');
  }
  return out;
}

function identity(): APIGatewayProxyEvent['requestContext']['identity'] {
  return {
    accessKey: null,
    accountId: null,
    apiKey: null,
    apiKeyId: null,
    caller: null,
    clientCert: null,
    cognitoAuthenticationProvider: null,
    cognitoAuthenticationType: null,
    cognitoIdentityId: null,
    cognitoIdentityPoolId: null,
    principalOrgId: null,
    sourceIp: '127.0.0.1',
    user: null,
    userAgent: 'vitest',
    userArn: null,
  };
}

export function lambdaContext(overrides: Partial<Context> = {}): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:test',
    memoryLimitInMB: '512',
    awsRequestId: `aws-request-${++counter}`,
    logGroupName: '/aws/lambda/test',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 15_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
    ...overrides,
  };
}

export interface ReadResponse<T> {
  status: number;
  envelope: ApiEnvelope<T>;
  headers: APIGatewayProxyResult['headers'];
}

/** Parses a handler's answer into its status and envelope. */
export function readResponse<T = unknown>(result: APIGatewayProxyResult | undefined): ReadResponse<T> {
  if (!result) throw new Error('The handler answered nothing');
  return {
    status: result.statusCode,
    envelope: JSON.parse(result.body) as ApiEnvelope<T>,
    headers: result.headers,
  };
}
