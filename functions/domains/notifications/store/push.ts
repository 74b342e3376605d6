/**
 * Server push through the API Gateway @connections management API. A connection that answers
 * 410 GoneException was closed without a $disconnect reaching us, so its item is deleted.
 */

import { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { wsManagement } from '@functions/platform/aws/ws-management';
import type { Logger } from '@functions/platform/logger';
import { createLogger } from '@functions/platform/logger';
import { isExpired } from '../model/connection';
import { deleteConnection, listUserConnections } from './connections';

export type PostOutcome = 'sent' | 'gone';

const isGone = (e: unknown) =>
  (e as Error)?.name === 'GoneException' ||
  (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 410;

export async function postToConnection(connectionId: string, data: string): Promise<PostOutcome> {
  try {
    await wsManagement().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
    return 'sent';
  } catch (e) {
    if (isGone(e)) return 'gone';
    throw e;
  }
}

export interface PushResult {
  sent: number;
  pruned: number;
  failed: number;
}

/**
 * Sends `payload` (as JSON) to every open connection of a user. With `companyId`, only to the
 * connections opened for that company and to those opened without one (a client that has not
 * chosen a company yet still hears about its notifications). Best effort: a failing connection is counted and logged,
 * never thrown, so one bad socket does not hide the notification from the others.
 */
export async function pushToUser(
  userId: string,
  payload: unknown,
  companyId?: string,
  log: Logger = createLogger({ userId }),
): Promise<PushResult> {
  const now = new Date();
  const targets = (await listUserConnections(userId)).filter(
    (c) =>
      !isExpired(c, now) &&
      (companyId === undefined || c.companyId === undefined || c.companyId === companyId),
  );
  const data = JSON.stringify(payload);
  const result: PushResult = { sent: 0, pruned: 0, failed: 0 };
  await Promise.all(
    targets.map(async ({ connectionId }) => {
      try {
        if ((await postToConnection(connectionId, data)) === 'sent') {
          result.sent += 1;
          return;
        }
        await deleteConnection(connectionId);
        result.pruned += 1;
      } catch (e) {
        result.failed += 1;
        log.warn('Push to connection failed', { connectionId, errorName: (e as Error)?.name });
      }
    }),
  );
  return result;
}
