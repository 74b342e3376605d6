/**
 * Lost races that reach the pipeline (issue #12 item 5). A write conditioned on what it read, or a
 * transaction that met another on the same items, is refused by DynamoDB; the actions retry the
 * races they expect and turn the conditions with a business meaning into their own AppErrors. What
 * is left is contention without a meaning for the caller: answered 409 CONCURRENT_UPDATE ("send it
 * again"), never a 500. Nothing was written: a refused transaction writes none of its items.
 */

import { AppError } from '@shared/api/errors';
import { cancellationCodes, isConditionalCheckFailed, isTransactionCanceled } from './aws/dynamodb-errors';
import { errorName } from './aws/errors';

/** Cancellation reasons that only say "the items were not as read" (others are real faults). */
const RACE_CODES = new Set(['None', 'ConditionalCheckFailed', 'TransactionConflict', undefined]);

/** True for a DynamoDB refusal caused by concurrent writers (not by throttling or a bad request). */
export function isContention(e: unknown): boolean {
  if (errorName(e) === 'TransactionConflictException' || isConditionalCheckFailed(e)) return true;
  if (!isTransactionCanceled(e)) return false;
  const codes = cancellationCodes(e);
  return (
    codes.length > 0 &&
    codes.every((c) => RACE_CODES.has(c)) &&
    codes.some((c) => c === 'ConditionalCheckFailed' || c === 'TransactionConflict')
  );
}

/** The 409 a lost race is answered with. */
export const concurrentUpdate = (cause?: unknown): AppError =>
  new AppError('CONCURRENT_UPDATE', undefined, { details: { reason: 'CONCURRENT_UPDATE' }, cause });
