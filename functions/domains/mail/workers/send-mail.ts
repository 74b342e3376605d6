/**
 * Consumer of the `mail` queue (batch 10, ReportBatchItemFailures): each message is one mail job
 * `{ outboxId, mail }` published from the outbox. Delivery is idempotent on the outbox id.
 */

import type { WorkerContext } from '@functions/platform/workers';
import { parseJsonBody, sqsHandler } from '@functions/platform/workers';
import type { SQSRecord } from 'aws-lambda';
import { deliverMail } from '../actions/deliver-mail';
import { MAIL_MAX_RECEIVES, MailJob } from '../model/mail-job';

export async function processMailRecord(record: SQSRecord, { log }: WorkerContext): Promise<void> {
  const parsed = MailJob.safeParse(parseJsonBody(record));
  // A malformed job fails like any other error: after maxReceiveCount it waits in the DLQ.
  if (!parsed.success) throw new Error(`Invalid mail job (${parsed.error.issues.length} issues)`);
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 0);
  await deliverMail(parsed.data, {
    log: log.child({ outboxId: parsed.data.outboxId }),
    lastAttempt: receiveCount >= MAIL_MAX_RECEIVES,
  });
}

export const handler = sqsHandler(processMailRecord);
