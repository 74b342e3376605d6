/**
 * The refresh rate-limit notice (spec part 1 §4 and §8): when Cognito answers a token refresh with
 * "too many requests" the session keeps the message 'Demasiados intentos de refresh token…' as its
 * `rateLimitError` for 60 seconds, then forgets it. A tiny external store: the API client writes
 * it outside React, the layout reads it with `useRateLimitError`.
 */
import { useSyncExternalStore } from 'react';

/** Spec part 1 §9: "Rate-limit message cleared after 60 s". */
export const RATE_LIMIT_CLEAR_MS = 60_000;

let message: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** Stores the message and (re)starts its 60 s life. */
export function setRateLimitError(next: string): void {
  clearTimeout(timer);
  message = next;
  timer = setTimeout(clearRateLimitError, RATE_LIMIT_CLEAR_MS);
  emit();
}

export function clearRateLimitError(): void {
  clearTimeout(timer);
  timer = undefined;
  if (message === null) return;
  message = null;
  emit();
}

export const getRateLimitError = (): string | null => message;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current rate-limit message, or null; re-renders when it is set or cleared. */
export function useRateLimitError(): string | null {
  return useSyncExternalStore(subscribe, getRateLimitError, () => null);
}
