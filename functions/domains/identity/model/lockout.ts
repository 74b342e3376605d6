/**
 * Failed-password delay (AUTH_002, issue #12 item 6): a growing delay, not a lock. The first four
 * consecutive failures of one account cost nothing; the fifth makes it wait 30 s, and every further
 * failure doubles the wait up to 15 minutes. While it waits, attempts are refused without asking
 * Cognito (the right password too, or the delay would not slow a guesser). A stranger who knows an
 * e-mail can only make its owner wait minutes, never lock them out: the wait is capped, ends on its
 * own, and a password reset clears it. Per-IP limits at the gateway slow the stranger meanwhile.
 *
 * Failures are counted per e-mail (login) or per user (change-password), whether or not an account
 * exists, so the delay never reveals which e-mails are registered.
 */

/** Failures allowed before the first delay, plus one: the fifth failure starts the delay. */
export const MAX_FAILED_LOGINS = 5;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;
/**
 * A failure is forgotten this long after the last one (the counter's item then expires). Longer than
 * the longest delay, so waiting out a delay does not reset the growth.
 */
export const FAILURE_WINDOW_MS = 60 * 60_000;

/** The stored state of one account's consecutive failures (times as epoch milliseconds). */
export interface FailedAttempts {
  failures: number;
  /** No attempt is checked before this instant. */
  retryAt?: number;
  /** After this instant the item counts as absent, whether or not DynamoDB's TTL removed it yet. */
  expiresAt: number;
}

/** The wait of the account right now (its end), else undefined. */
export function activeDelay(state: FailedAttempts | undefined, now: Date): Date | undefined {
  if (!state?.retryAt || state.retryAt <= now.getTime()) return undefined;
  return new Date(state.retryAt);
}

/** DynamoDB deletes expired items lazily (up to days later): an expired item is a fresh start. */
export const isExpired = (state: FailedAttempts, now: Date): boolean => state.expiresAt <= now.getTime();

/** The wait that `failures` consecutive failures earn: 0, then 30 s doubling, capped at 15 min. */
export function delayAfter(failures: number): number {
  if (failures < MAX_FAILED_LOGINS) return 0;
  const doublings = Math.min(failures - MAX_FAILED_LOGINS, 30);
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, MAX_DELAY_MS);
}

/** When the next attempt may be checked after `failures` failures, or undefined when at once. */
export function retryDeadline(failures: number, now: Date): Date | undefined {
  const delay = delayAfter(failures);
  return delay > 0 ? new Date(now.getTime() + delay) : undefined;
}

export const failureExpiry = (now: Date): Date => new Date(now.getTime() + FAILURE_WINDOW_MS);

/** Attempts left before the first delay. */
export const remainingAttempts = (failures: number): number => Math.max(0, MAX_FAILED_LOGINS - failures);

/** DynamoDB TTL (epoch seconds) for an instant. */
export const ttlOf = (at: Date): number => Math.ceil(at.getTime() / 1000);

/** Whole seconds until `until` (at least 1): the `Retry-After` of a refusal. */
export const secondsUntil = (until: Date, now: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
