/**
 * Progress of an upload pushed to the uploader's open WebSockets (issue 17 item 1, "progress per
 * upload id over the upload WebSocket"): the same connections the notifications socket registers
 * (keys.wsConnectionByUser on gsi1), through the API Gateway management API. Best effort: a closed
 * socket is skipped, a failure never fails the reading (the status calls say the same thing).
 */

import { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';
import { wsManagement } from '@functions/platform/aws/ws-management';
import { createLogger } from '@functions/platform/logger';
import { keys } from '@shared/db/keys';
import type { IndexName } from '@shared/db/table';
import type { DocumentProgressMessage } from '@shared/schemas/documents';

/** The user's open connections for this company (or opened without one), not expired. */
async function connectionsOf(userId: string, companyId: string, now: Date): Promise<string[]> {
  const { gsi1pk, gsi1skPrefix } = keys.wsConnectionByUserPrefix(userId);
  const out: string[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1' satisfies IndexName,
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':prefix': gsi1skPrefix },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const expired = Number(item.ttl) * 1000 <= now.getTime();
      const sameCompany = typeof item.companyId !== 'string' || item.companyId === companyId;
      if (!expired && sameCompany) out.push(String(item.connectionId));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

export async function pushProgress(userId: string, message: DocumentProgressMessage): Promise<void> {
  const log = createLogger({ userId });
  try {
    const connections = await connectionsOf(userId, message.companyId, new Date());
    const data = JSON.stringify(message);
    await Promise.all(
      connections.map(async (connectionId) => {
        try {
          await wsManagement().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
        } catch (e) {
          // 410 Gone: closed without $disconnect; the notifications domain prunes it on its next push.
          log.debug('Progress push skipped a connection', { connectionId, errorName: (e as Error)?.name });
        }
      }),
    );
  } catch (e) {
    log.warn('Progress push failed', { documentId: message.documentId, errorName: (e as Error)?.name });
  }
}
