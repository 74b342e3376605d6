/** The `ocr` queue: one message per document to read (design issue 17 "Reading"). */

import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { requireEnv } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import { queueUrlEnv } from '@shared/config/env-names';

/** `attempt` counts readings of this document since the last reprocess (a stale one is skipped). */
export interface ReadMessage {
  companyId: string;
  documentId: string;
  attempt: number;
}

export async function queueRead(message: ReadMessage, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: requireEnv(queueUrlEnv.ocr),
      MessageBody: JSON.stringify(message),
      ...(delaySeconds > 0 ? { DelaySeconds: Math.min(900, Math.round(delaySeconds)) } : {}),
    }),
  );
}

/** The message as the queue delivered it (refuses what this code never sends). */
export function parseReadMessage(body: unknown): ReadMessage {
  const m = body as Partial<ReadMessage> | null;
  if (
    !m ||
    typeof m.companyId !== 'string' ||
    typeof m.documentId !== 'string' ||
    typeof m.attempt !== 'number' ||
    !Number.isInteger(m.attempt)
  )
    throw new Error('Not a reading message');
  return { companyId: m.companyId, documentId: m.documentId, attempt: m.attempt };
}
