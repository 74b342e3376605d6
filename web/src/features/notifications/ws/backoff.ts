/**
 * Reconnection policy of the notifications WebSocket (spec part 3 §9): base 3000 ms, or 5000 ms
 * after a normal close (code 1000), doubling on each attempt, capped at 30000 ms, at most 5
 * attempts; then the client gives up.
 */
export const RECONNECT_BASE_MS = 3_000;
export const RECONNECT_BASE_AFTER_NORMAL_CLOSE_MS = 5_000;
export const RECONNECT_MAX_MS = 30_000;
export const MAX_RECONNECT_ATTEMPTS = 5;
/** WebSocket close code of a normal closure. */
export const NORMAL_CLOSE = 1000;

/**
 * The wait before reconnect attempt `attempt` (1 for the first), given the close code that ended
 * the last connection; null when the attempts are used up.
 */
export function reconnectDelay(attempt: number, closeCode: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > MAX_RECONNECT_ATTEMPTS) return null;
  const base = closeCode === NORMAL_CLOSE ? RECONNECT_BASE_AFTER_NORMAL_CLOSE_MS : RECONNECT_BASE_MS;
  return Math.min(base * 2 ** (attempt - 1), RECONNECT_MAX_MS);
}
