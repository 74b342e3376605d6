/** Recognising AWS errors by name (SDK v3 error classes differ between packages and versions). */

export const errorName = (e: unknown): string => (e instanceof Error ? e.name : '');

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : '');

export const isConditionalCheckFailed = (e: unknown): boolean =>
  errorName(e) === 'ConditionalCheckFailedException';

/** The cancellation reason codes of a failed TransactWriteItems, one per item, in order. */
export function cancellationCodes(e: unknown): (string | undefined)[] {
  if (errorName(e) !== 'TransactionCanceledException') return [];
  const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code);
}
