/**
 * The chunk messages of queue 'invoice-import', sent by the import-dispatch stream consumer only
 * (kept apart from store/imports.ts so the API function does not load the SQS client).
 */

import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { requireEnv } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import { queueUrlEnv } from '@shared/config/env-names';
import type { ImportChunkMessage } from './imports';

/** Sends the chunk messages, ten per SendMessageBatch; any failed entry fails the call (retried). */
export async function sendImportChunks(messages: ImportChunkMessage[]): Promise<void> {
  const queueUrl = requireEnv(queueUrlEnv.invoiceImport);
  for (let i = 0; i < messages.length; i += 10) {
    const slice = messages.slice(i, i + 10);
    const res = await sqs().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: slice.map((m) => ({ Id: `c${m.chunk}`, MessageBody: JSON.stringify(m) })),
      }),
    );
    if (res.Failed?.length) throw new Error(`${res.Failed.length} import chunk messages were not sent`);
  }
}
