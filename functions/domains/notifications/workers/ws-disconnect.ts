/** WebSocket $disconnect: forget the connection. Idempotent (a repeated or late call is harmless). */

import { createLogger, errorFields } from '@functions/platform/logger';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { deleteConnection } from '../store/connections';
import type { WsResponse } from './ws-connect';

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<WsResponse> {
  const { connectionId, requestId } = event.requestContext;
  const log = createLogger({ requestId, connectionId });
  try {
    await deleteConnection(connectionId);
  } catch (e) {
    // The socket is closed whatever we answer; the item's TTL and the GoneException pruning clean up.
    log.warn('WebSocket connection item not deleted', errorFields(e));
  }
  log.info('WebSocket disconnected');
  return { statusCode: 200 };
}
