/**
 * The events API Gateway WebSocket sends to the $connect, $default and $disconnect routes,
 * shaped like the ones AWS delivers to a Lambda proxy integration.
 */

import { LOCAL_STAGE, LOCAL_WS_API_ID, connectionId as newMessageId, requestTime, shortId } from './aws-ids';
import { headersOf, type MultiMap, queryParametersOf, type SingleMap } from './request-parts';

/** What the gateway knows about one client connection. */
export interface ConnectionInfo {
  connectionId: string;
  connectedAt: number;
  sourceIp: string;
  userAgent: string | null;
  domainName: string;
}

interface WsRequestContext {
  routeKey: '$connect' | '$default' | '$disconnect';
  eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT';
  extendedRequestId: string;
  requestTime: string;
  messageDirection: 'IN';
  stage: string;
  connectedAt: number;
  requestTimeEpoch: number;
  identity: { sourceIp: string; userAgent?: string | null };
  requestId: string;
  domainName: string;
  connectionId: string;
  apiId: string;
  messageId?: string;
  disconnectStatusCode?: number;
  disconnectReason?: string;
}

export interface WsConnectEvent {
  headers: SingleMap;
  multiValueHeaders: MultiMap;
  queryStringParameters?: SingleMap;
  multiValueQueryStringParameters?: MultiMap;
  requestContext: WsRequestContext;
  isBase64Encoded: false;
}

export interface WsMessageEvent {
  requestContext: WsRequestContext;
  body: string;
  isBase64Encoded: boolean;
}

export interface WsDisconnectEvent {
  headers: SingleMap;
  multiValueHeaders: MultiMap;
  requestContext: WsRequestContext;
  isBase64Encoded: false;
}

function context(
  conn: ConnectionInfo,
  routeKey: WsRequestContext['routeKey'],
  eventType: WsRequestContext['eventType'],
  at: Date,
): WsRequestContext {
  return {
    routeKey,
    eventType,
    extendedRequestId: shortId(),
    requestTime: requestTime(at),
    messageDirection: 'IN',
    stage: LOCAL_STAGE,
    connectedAt: conn.connectedAt,
    requestTimeEpoch: at.getTime(),
    identity: { sourceIp: conn.sourceIp },
    requestId: shortId(),
    domainName: conn.domainName,
    connectionId: conn.connectionId,
    apiId: LOCAL_WS_API_ID,
  };
}

export function connectEvent(
  conn: ConnectionInfo,
  request: { rawHeaders: string[]; query: string; localPort: number },
  at: Date,
): WsConnectEvent {
  const { headers, multiValueHeaders } = headersOf(request.rawHeaders, {
    sourceIp: conn.sourceIp,
    localPort: request.localPort,
    at,
  });
  const query = queryParametersOf(request.query);
  const requestContext = context(conn, '$connect', 'CONNECT', at);
  requestContext.identity.userAgent = conn.userAgent;
  return {
    headers,
    multiValueHeaders,
    // The browser cannot set headers on a WebSocket, so the token travels as `?token=`.
    ...(query ? { queryStringParameters: query.single, multiValueQueryStringParameters: query.multi } : {}),
    requestContext,
    isBase64Encoded: false,
  };
}

export function messageEvent(
  conn: ConnectionInfo,
  data: Buffer,
  isBinary: boolean,
  at: Date,
): WsMessageEvent {
  return {
    requestContext: { ...context(conn, '$default', 'MESSAGE', at), messageId: newMessageId() },
    body: data.toString(isBinary ? 'base64' : 'utf8'),
    isBase64Encoded: isBinary,
  };
}

export function disconnectEvent(
  conn: ConnectionInfo,
  code: number,
  reason: string,
  at: Date,
): WsDisconnectEvent {
  const headers = { Host: conn.domainName, 'X-Forwarded-For': conn.sourceIp };
  return {
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    requestContext: {
      ...context(conn, '$disconnect', 'DISCONNECT', at),
      disconnectStatusCode: code,
      disconnectReason: reason,
    },
    isBase64Encoded: false,
  };
}
