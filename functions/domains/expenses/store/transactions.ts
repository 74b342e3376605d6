/** Helpers for the domain's TransactWrite calls. */

import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The cancellation reason codes of a cancelled transaction, in item order (undefined otherwise). */
export const reasonsOf = (e: unknown): (string | undefined)[] | undefined =>
  (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.map((r) => r.Code);

/** True when the item at `index` of a cancelled transaction failed its condition. */
export const failedAt = (e: unknown, index: number | undefined): boolean =>
  index !== undefined && reasonsOf(e)?.[index] === 'ConditionalCheckFailed';

export const isCancelled = (e: unknown): boolean =>
  (e as { name?: string }).name === 'TransactionCanceledException';
