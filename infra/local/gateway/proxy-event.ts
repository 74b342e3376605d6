/**
 * Builds the API Gateway REST proxy-integration event (`APIGatewayProxyEvent`) for one request,
 * field by field as AWS sends it, so the production handlers run unchanged.
 */

import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  LOCAL_ACCOUNT_ID,
  LOCAL_REST_API_ID,
  LOCAL_STAGE,
  requestTime,
  resourceIdOf,
  shortId,
} from './aws-ids';
import { isBinaryMediaType } from './binary';
import { findHeader, headersOf, queryParametersOf } from './request-parts';

export interface ProxyRequest {
  method: string;
  /** The URL path as received (still percent-encoded, no query string). */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  /** Node's `req.rawHeaders`: name/value pairs in their original casing and order. */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
  /** Host name (no port) the client called, for `requestContext.domainName`. */
  domainName: string;
  localPort: number;
  /** The route's `{param}` path. */
  resource: string;
  pathParameters: Record<string, string>;
  /** Present only when the route has the authorizer. */
  claims?: Record<string, string>;
  requestId: string;
  at: Date;
}

export function buildProxyEvent(req: ProxyRequest): APIGatewayProxyEvent {
  const { headers, multiValueHeaders } = headersOf(req.rawHeaders, req);
  const query = queryParametersOf(req.query);
  const contentType = findHeader(headers, 'content-type');
  const binary = isBinaryMediaType(contentType);
  const hasParams = Object.keys(req.pathParameters).length > 0;
  return {
    resource: req.resource,
    path: req.path,
    httpMethod: req.method,
    headers,
    multiValueHeaders,
    queryStringParameters: query?.single ?? null,
    multiValueQueryStringParameters: query?.multi ?? null,
    pathParameters: hasParams ? { ...req.pathParameters } : null,
    stageVariables: null,
    // API Gateway sends null, not '', when the request has no body.
    body: req.body.length === 0 ? null : req.body.toString(binary ? 'base64' : 'utf8'),
    isBase64Encoded: binary && req.body.length > 0,
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_REST_API_ID,
      resourceId: resourceIdOf(`${req.method} ${req.resource}`),
      resourcePath: req.resource,
      httpMethod: req.method,
      path: `/${LOCAL_STAGE}${req.path}`,
      stage: LOCAL_STAGE,
      requestId: req.requestId,
      extendedRequestId: shortId(),
      requestTime: requestTime(req.at),
      requestTimeEpoch: req.at.getTime(),
      protocol: 'HTTP/1.1',
      domainName: req.domainName,
      domainPrefix: req.domainName.split('.')[0] ?? req.domainName,
      identity: {
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
        sourceIp: req.sourceIp,
        user: null,
        userAgent: findHeader(headers, 'user-agent') ?? null,
        userArn: null,
      },
      // Routes without the authorizer get no authorizer context at all, as in AWS.
      authorizer: req.claims ? { claims: req.claims } : undefined,
    },
  };
}
