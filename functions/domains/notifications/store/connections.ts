/** WebSocket connection items (keys.wsConnection), listed per user on gsi1 (keys.wsConnectionByUser). */

import { DeleteCommand, PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { WsConnection } from '../model/connection';

export async function saveConnection(c: WsConnection): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.wsConnection(c.connectionId),
        ...keys.wsConnectionByUser(c.userId, c.connectionId),
        entity: 'WsConnection',
        v: SCHEMA_VERSION,
        ...c,
      },
    }),
  );
}

/** Idempotent: deleting a connection that is already gone is not an error. */
export async function deleteConnection(connectionId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.wsConnection(connectionId) }));
}

export async function listUserConnections(userId: string): Promise<WsConnection[]> {
  const { gsi1pk, gsi1skPrefix } = keys.wsConnectionByUserPrefix(userId);
  const connections: WsConnection[] = [];
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
      connections.push({
        connectionId: String(item.connectionId),
        userId: String(item.userId),
        ...(typeof item.companyId === 'string' ? { companyId: item.companyId } : {}),
        connectedAt: String(item.connectedAt),
        ttl: Number(item.ttl),
      });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return connections;
}
