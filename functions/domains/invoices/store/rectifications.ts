/**
 * The link from a rectified invoice to its rectificativas: `rectifiedBy` is appended in the SAME
 * transaction that confirms the rectificativa (extra items of `confirmInvoiceWrite`), conditioned
 * on the rectified invoice still being CONFIRMED, so a cancellation in between cancels both.
 */

import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'table'>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One update per rectified invoice: list_append of the rectificativa's id, only while CONFIRMED. */
export function rectifiedByItems(
  deps: Deps,
  companyId: string,
  rectifiedIds: string[],
  rectificativaId: string,
): TransactItem[] {
  return rectifiedIds.map((invoiceId) => ({
    Update: {
      TableName: deps.table,
      Key: keys.invoice(companyId, invoiceId),
      UpdateExpression: 'SET rectifiedBy = list_append(if_not_exists(rectifiedBy, :empty), :ids)',
      ConditionExpression: '#status = :confirmed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':empty': [], ':ids': [rectificativaId], ':confirmed': 'CONFIRMED' },
    },
  }));
}

const reasonsOf = (e: unknown) =>
  (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? undefined;

/** True when the transaction was cancelled by one of the `count` link items at its end. */
export function lostRectifiedCondition(e: unknown, count: number): boolean {
  if ((e as { name?: string }).name !== 'TransactionCanceledException' || count === 0) return false;
  const reasons = reasonsOf(e) ?? [];
  return reasons.slice(-count).some((r) => r.Code === 'ConditionalCheckFailed');
}
