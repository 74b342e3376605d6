/**
 * Publishing outbox items to the mail queue, shared by the stream consumer (publish-outbox) and
 * the scheduled safety net (sweep-outbox).
 *
 * Order matters: the message is sent first and the item marked PUBLISHED second, so a crash in
 * between re-publishes (a duplicate the idempotent send-mail consumer absorbs) instead of losing
 * the mail. Marking is conditional on PENDING: whoever loses the race simply stops.
 */

import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { QueryCommand, type QueryCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { requireEnv, tableName } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import type { Logger } from '@functions/platform/logger';
import { queueUrlEnv } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import type { IndexName } from '@shared/db/table';
import { mailJobOf, type OutboxImage } from '../model/outbox';

export type PublishOutcome = 'published' | 'already-published' | 'lost-race';

export async function publishOutboxItem(item: OutboxImage, log: Logger): Promise<PublishOutcome> {
  if (item.status !== 'PENDING') return 'already-published';

  await sqs().send(
    new SendMessageCommand({
      QueueUrl: requireEnv(queueUrlEnv.mail),
      MessageBody: JSON.stringify(mailJobOf(item)),
    }),
  );

  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.outbox(item.outboxId),
        // Removing the gsi1 keys takes the item out of the OUTBOX#PENDING index (sparse index).
        UpdateExpression: 'SET #status = :published, publishedAt = :now REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':published': 'PUBLISHED',
          ':pending': 'PENDING',
          ':now': new Date().toISOString(),
        },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    // The other publisher (stream or sweep) got there first; the queue now has the job twice.
    log.info('Outbox item was published concurrently', { outboxId: item.outboxId });
    return 'lost-race';
  }
  log.info('Outbox item published', { outboxId: item.outboxId, template: item.payload.template });
  return 'published';
}

/**
 * Pages of pending outbox items created before `createdBefore`, oldest first (gsi1, which projects
 * every attribute). The index is eventually consistent, so a page may hold an item that was just
 * published; the conditional update above makes that harmless.
 */
export async function* pendingOutboxBefore(
  createdBefore: string,
  pageSize = 100,
): AsyncGenerator<Record<string, unknown>[]> {
  const range = keys.outboxPendingBefore(createdBefore);
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1' satisfies IndexName,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
        ExpressionAttributeValues: { ':pk': range.gsi1pk, ':before': range.gsi1skBefore },
        Limit: pageSize,
        ExclusiveStartKey: startKey,
      }),
    );
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
