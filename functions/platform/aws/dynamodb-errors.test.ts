import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  cancellationCodes,
  failedAnyCondition,
  failedConditionAt,
  isConditionalCheckFailed,
  isTransactionCanceled,
  isTransactionConflict,
} from './dynamodb-errors';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'x',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('DynamoDB refusals', () => {
  it('recognises a single conditional write refused, by name (SDK class or plain object)', () => {
    expect(
      isConditionalCheckFailed(new ConditionalCheckFailedException({ message: 'x', $metadata: {} })),
    ).toBe(true);
    expect(isConditionalCheckFailed({ name: 'ConditionalCheckFailedException' })).toBe(true);
    expect(isConditionalCheckFailed(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isConditionalCheckFailed(undefined)).toBe(false);
    expect(isConditionalCheckFailed(new Error('boom'))).toBe(false);
  });

  it('reads the cancellation codes of a refused transaction, item by item', () => {
    const e = cancelled('None', 'ConditionalCheckFailed', 'None');
    expect(isTransactionCanceled(e)).toBe(true);
    expect(cancellationCodes(e)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(failedConditionAt(e, 1)).toBe(true);
    expect(failedConditionAt(e, 0)).toBe(false);
    expect(failedConditionAt(e, 7)).toBe(false);
    expect(failedConditionAt(e, undefined)).toBe(false);
    expect(failedAnyCondition(e)).toBe(true);
    expect(failedAnyCondition(cancelled('None', 'TransactionConflict'))).toBe(false);
    expect(cancellationCodes(new Error('boom'))).toEqual([]);
    expect(cancellationCodes(null)).toEqual([]);
  });

  it('is a conflict only when another transaction held an item and no condition failed', () => {
    expect(isTransactionConflict({ name: 'TransactionConflictException' })).toBe(true);
    expect(isTransactionConflict(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed', 'None'))).toBe(false);
    expect(isTransactionConflict(new Error('boom'))).toBe(false);
  });
});
