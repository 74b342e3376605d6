/**
 * The chunk messages of queue 'invoice-bulk', sent by the bulk-dispatch stream consumer only
 * (kept apart from store/bulk-operations.ts so the API function does not load the SQS client).
 */

import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { requireEnv } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import { queueUrlEnv } from '@shared/config/env-names';
import type { BulkChunkMessage } from './bulk-operations';

/** Sends the chunk messages, ten per SendMessageBatch; any failed entry fails the call (retried). */
export async function sendBulkChunks(messages: BulkChunkMessage[]): Promise<void> {
  const queueUrl = requireEnv(queueUrlEnv.invoiceBulk);
  for (let i = 0; i < messages.length; i += 10) {
    const slice = messages.slice(i, i + 10);
    const res = await sqs().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: slice.map((m) => ({ Id: `c${m.chunk}`, MessageBody: JSON.stringify(m) })),
      }),
    );
    if (res.Failed?.length) throw new Error(`${res.Failed.length} bulk chunk messages were not sent`);
  }
}
