/**
 * The writes of the submissions API beyond the chain's own (functions/platform/store/verifactu-records
 * `appendRecord`) and the sender's (store/submissions.ts `requeueSubmission`): the conditional mark on
 * a corrected submission, carried in the SAME transaction as the correcting record, and the manual
 * wake-up of the company's sender on the FIFO queue.
 */

import { RECORD_ITEM_COUNT } from '@functions/lib/verifactu-chain';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { sqs } from '@functions/platform/aws/sqs';
import { keys } from '@shared/db/keys';
import type { SubmissionStatus } from '@shared/schemas/verifactu';
import { type QueueDeps, sendTrigger, verifactuQueueUrl } from './queue';

/**
 * Marks submission `seq` as corrected by record `bySeq`: only if it is still in `status` and was not
 * corrected already (two concurrent corrections cannot both pass). For `appendRecord`'s extra items.
 */
export function markCorrectedItem(
  table: string,
  companyId: string,
  seq: number,
  status: SubmissionStatus,
  bySeq: number,
  at: string,
): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.verifactuSubmission(companyId, seq),
      UpdateExpression: 'SET correctedBySeq = :by, updatedAt = :at',
      ConditionExpression:
        'attribute_exists(pk) AND #status = :status AND (attribute_not_exists(correctedBySeq) OR correctedBySeq = :null)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':by': bySeq, ':at': at, ':status': status, ':null': null },
    },
  };
}

/** True when `appendRecord` failed on its first extra item (the corrected submission's condition). */
export function isMarkRefused(e: unknown): boolean {
  return isTransactionCanceled(e) && failedConditionAt(e, RECORD_ITEM_COUNT);
}

/** The real queue (the API needs `queues: ['verifactu']` in the manifest); tests mock the SQS client. */
export const defaultQueueDeps = (): QueueDeps => ({ sqs: sqs(), queueUrl: verifactuQueueUrl() });

/** Wakes the company's sender now (group = company; dedup id `manual-<companyId>-<ms>`). */
export async function wakeSender(
  companyId: string,
  at: Date,
  queue: QueueDeps = defaultQueueDeps(),
): Promise<void> {
  await sendTrigger(queue, companyId, `manual-${companyId}-${at.getTime()}`);
}
