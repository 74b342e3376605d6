/**
 * Answers API Gateway produces itself (no Lambda involved), with the shared envelope bodies and
 * the `x-amzn-ErrorType` header AWS adds to them.
 */

import type { ServerResponse } from 'node:http';
import { type GatewayResponseType, gatewayResponses } from '@shared/api/gateway-responses';
import { sendJson } from './http';

const errorTypes: Record<GatewayResponseType, string> = {
  UNAUTHORIZED: 'UnauthorizedException',
  ACCESS_DENIED: 'AccessDeniedException',
  MISSING_AUTHENTICATION_TOKEN: 'MissingAuthenticationTokenException',
  THROTTLED: 'TooManyRequestsException',
  BAD_REQUEST_BODY: 'BadRequestException',
  DEFAULT_5XX: 'InternalServerErrorException',
  REQUEST_TOO_LARGE: 'RequestTooLongException',
};

export function sendGatewayResponse(
  res: ServerResponse,
  type: GatewayResponseType,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): void {
  const { status, body } = gatewayResponses[type];
  sendJson(res, status, body, {
    ...extraHeaders,
    'x-amzn-ErrorType': errorTypes[type],
    'x-amzn-RequestId': requestId,
  });
}

/** API Gateway's REQUEST_TOO_LARGE (payloads over 10 MB); the connection is closed after it. */
export function sendRequestTooLarge(res: ServerResponse, requestId: string): void {
  const { status, body } = gatewayResponses.REQUEST_TOO_LARGE;
  sendJson(res, status, body, {
    'x-amzn-ErrorType': errorTypes.REQUEST_TOO_LARGE,
    'x-amzn-RequestId': requestId,
    Connection: 'close',
  });
}
