/**
 * Waking a company's SII sender: `{ companyId }` on the FIFO `sii-send` queue (infra/manifest.ts),
 * MessageGroupId = companyId, so one company's sends are handled one at a time and in order. The
 * message only says "this company has records to send"; the sender reads them from the table.
 */

import { createHash } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SiiDeps } from './deps';

export interface SiiSenderTrigger {
  companyId: string;
}

/** SQS: MessageDeduplicationId is 1–128 characters, alphanumeric or punctuation. */
const DEDUP_ID = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]{1,128}$/;

/** A valid deduplication id for any text: itself when it already is one, else its SHA-256 (64 hex). */
export const senderDedupeId = (raw: string): string =>
  DEDUP_ID.test(raw) ? raw : createHash('sha256').update(raw).digest('hex');

/**
 * Wakes the company's sender. `dedupeId` (e.g. `<companyId>:<eventId>`) absorbs repeats within SQS's
 * five-minute window; a second wake-up would be harmless anyway (the sender claims by state).
 */
export async function wakeSender(
  deps: Pick<SiiDeps, 'sqs' | 'sendQueueUrl'>,
  companyId: string,
  dedupeId: string,
): Promise<void> {
  const body: SiiSenderTrigger = { companyId };
  await deps.sqs.send(
    new SendMessageCommand({
      QueueUrl: deps.sendQueueUrl,
      MessageBody: JSON.stringify(body),
      MessageGroupId: companyId,
      MessageDeduplicationId: senderDedupeId(dedupeId),
    }),
  );
}
