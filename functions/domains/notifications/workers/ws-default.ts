/**
 * WebSocket $default: the only client message is the keep-alive `ping` (or `{ "action": "ping" }`),
 * answered with `pong` through @connections. Anything else is ignored. Always 200: an error here
 * must not close the client's socket. Message bodies are not logged.
 */

import { createLogger, errorFields } from '@functions/platform/logger';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { isPing, PONG } from '../model/connection';
import { postToConnection } from '../store/push';
import type { WsResponse } from './ws-connect';

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<WsResponse> {
  const { connectionId, requestId } = event.requestContext;
  const log = createLogger({ requestId, connectionId });
  if (!isPing(event.body)) {
    log.debug('WebSocket message ignored');
    return { statusCode: 200 };
  }
  try {
    await postToConnection(connectionId, PONG);
  } catch (e) {
    log.warn('Pong not delivered', errorFields(e));
  }
  return { statusCode: 200 };
}
