/**
 * Table stream consumer `verifactu-records` (infra/manifest.ts): every VerifactuRecord INSERTed
 * (born in the transaction that confirms, cancels or corrects an invoice) wakes its company's
 * sender: `{ companyId }` on the FIFO queue, MessageGroupId = companyId (one sender per company, in
 * order), MessageDeduplicationId = recordId (a replayed stream record does not wake it twice within
 * SQS's five minutes; waking it twice would be harmless anyway: the sender dedupes by state).
 */

import { once } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import { type StreamChange, streamHandler, type WorkerContext } from '@functions/platform/workers';
import { type QueueDeps, sendTrigger, verifactuQueueUrl } from '../store/queue';

export async function triggerSender(
  deps: QueueDeps,
  change: StreamChange,
  ctx: WorkerContext,
): Promise<boolean> {
  if (change.eventName !== 'INSERT' || !change.newImage) return false;
  const { companyId, recordId, seq } = change.newImage as {
    companyId?: unknown;
    recordId?: unknown;
    seq?: unknown;
  };
  if (typeof companyId !== 'string' || typeof recordId !== 'string') {
    ctx.log.error('VeriFacTu record without company or id; sender not triggered');
    return false;
  }
  await sendTrigger(deps, companyId, recordId);
  ctx.log.info('VeriFacTu sender triggered', { companyId, seq });
  return true;
}

const deps = once((): QueueDeps => ({ sqs: sqs(), queueUrl: verifactuQueueUrl() }));

export const handler = streamHandler({ entities: ['VerifactuRecord'] }, async (change, ctx) => {
  await triggerSender(deps(), change, ctx);
});
