/**
 * Login lock-out arithmetic (AUTH_002): five consecutive failed logins for one e-mail lock it for
 * 30 minutes. Failures are counted per e-mail, whether or not an account exists, so the lock-out
 * never reveals which e-mails are registered.
 */

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 30 * 60_000;
/** A failure is forgotten this long after the last one (the counter's item then expires). */
export const FAILURE_WINDOW_MS = 30 * 60_000;

/** The stored state of one e-mail's attempts (times as epoch milliseconds). */
export interface LoginAttempts {
  failures: number;
  lockedUntil?: number;
  /** After this instant the item counts as absent, whether or not DynamoDB's TTL removed it yet. */
  expiresAt: number;
}

/** The lock-out deadline when the e-mail is locked now, else undefined. */
export function activeLock(state: LoginAttempts | undefined, now: Date): Date | undefined {
  if (!state?.lockedUntil || state.lockedUntil <= now.getTime()) return undefined;
  return new Date(state.lockedUntil);
}

/** DynamoDB deletes expired items lazily (up to days later): an expired item is a fresh start. */
export const isExpired = (state: LoginAttempts, now: Date): boolean => state.expiresAt <= now.getTime();

export const reachesLock = (failures: number): boolean => failures >= MAX_FAILED_LOGINS;

export const lockDeadline = (now: Date): Date => new Date(now.getTime() + LOCK_MS);

export const failureExpiry = (now: Date): Date => new Date(now.getTime() + FAILURE_WINDOW_MS);

export const remainingAttempts = (failures: number): number => Math.max(0, MAX_FAILED_LOGINS - failures);

/** DynamoDB TTL (epoch seconds) for an instant. */
export const ttlOf = (at: Date): number => Math.ceil(at.getTime() / 1000);
