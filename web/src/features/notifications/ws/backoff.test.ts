import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay } from './backoff';

describe('reconnectDelay (spec part 3 §9)', () => {
  it('starts at 3000 ms and doubles, capped at 30000 ms', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, 1006))).toEqual([
      3_000, 6_000, 12_000, 24_000, 30_000,
    ]);
  });

  it('starts at 5000 ms after a normal close (code 1000)', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, 1000))).toEqual([
      5_000, 10_000, 20_000, 30_000, 30_000,
    ]);
  });

  it('gives up after 5 attempts', () => {
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
    expect(reconnectDelay(6, 1006)).toBeNull();
    expect(reconnectDelay(0, 1006)).toBeNull();
  });
});
