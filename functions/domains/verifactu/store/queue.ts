/**
 * The VeriFacTu FIFO queue (infra/manifest.ts `verifactu`): a message only says "this company has
 * records to send" (`{ companyId }`); the sender reads them from the table. MessageGroupId is the
 * company, so one company's messages are handled one at a time and in order.
 */

import { createHash } from 'node:crypto';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { requireEnv } from '@functions/platform/aws/env';
import { queueUrlEnv } from '@shared/config/env-names';

export interface QueueDeps {
  sqs: Pick<SQSClient, 'send'>;
  queueUrl: string;
}

export const verifactuQueueUrl = (): string => requireEnv(queueUrlEnv.verifactu);

export interface SenderTrigger {
  companyId: string;
}

/** FIFO deduplication ids are at most 128 characters of [A-Za-z0-9 punctuation]: hash long ones. */
export const dedupId = (raw: string): string =>
  /^[A-Za-z0-9_.:-]{1,128}$/.test(raw) ? raw : createHash('sha256').update(raw).digest('hex');

/** Wakes the company's sender; `deduplicationId` absorbs repeats within SQS's 5-minute window. */
export async function sendTrigger(
  deps: QueueDeps,
  companyId: string,
  deduplicationId: string,
): Promise<void> {
  const body: SenderTrigger = { companyId };
  await deps.sqs.send(
    new SendMessageCommand({
      QueueUrl: deps.queueUrl,
      MessageBody: JSON.stringify(body),
      MessageGroupId: companyId,
      MessageDeduplicationId: dedupId(deduplicationId),
    }),
  );
}

/** The company of a message on the queue: our triggers and the invoice events both carry it. */
export function companyOfMessage(body: unknown): string | null {
  const companyId = (body as { companyId?: unknown } | null)?.companyId;
  return typeof companyId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(companyId) ? companyId : null;
}
