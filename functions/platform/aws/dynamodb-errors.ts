/**
 * DynamoDB refusals, recognised by name (SDK v3 error classes differ between packages and versions,
 * and the local engines' errors are plain objects with a name): the one place that reads them.
 *
 * A single conditional write refused: `isConditionalCheckFailed`. A TransactWriteItems refused:
 * `isTransactionCanceled`, with one reason code per item in `cancellationCodes` (in item order), so
 * `failedConditionAt(e, i)` says whether item i failed its condition. `isTransactionConflict` is
 * the race worth another attempt: another transaction touched one of the items meanwhile, and no
 * condition failed.
 */

import { errorName } from './errors';

const CONDITION_FAILED = 'ConditionalCheckFailed';

/** A single conditional write (Put, Update, Delete) whose condition did not hold. */
export const isConditionalCheckFailed = (e: unknown): boolean =>
  errorName(e) === 'ConditionalCheckFailedException';

/** A TransactWriteItems refused as a whole (see its cancellation codes). */
export const isTransactionCanceled = (e: unknown): boolean => errorName(e) === 'TransactionCanceledException';

/** The cancellation reason codes of a refused transaction, one per item, in order ([] otherwise). */
export function cancellationCodes(e: unknown): (string | undefined)[] {
  const reasons = (e as { CancellationReasons?: { Code?: string }[] } | null | undefined)
    ?.CancellationReasons;
  return Array.isArray(reasons) ? reasons.map((r) => r?.Code) : [];
}

/** True when item `index` of a refused transaction failed its condition (no index: false). */
export const failedConditionAt = (e: unknown, index: number | undefined): boolean =>
  index !== undefined && cancellationCodes(e)[index] === CONDITION_FAILED;

/** True when any item of a refused transaction failed its condition. */
export const failedAnyCondition = (e: unknown): boolean =>
  cancellationCodes(e).some((code) => code === CONDITION_FAILED);

/**
 * A lost race on shared items: DynamoDB's TransactionConflictException, or a transaction cancelled
 * only because another one was writing the same items (no condition failed). Worth another attempt.
 */
export function isTransactionConflict(e: unknown): boolean {
  if (errorName(e) === 'TransactionConflictException') return true;
  const codes = cancellationCodes(e);
  return !codes.includes(CONDITION_FAILED) && codes.includes('TransactionConflict');
}
