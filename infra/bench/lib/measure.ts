/**
 * Latency sampling shared by the bench mains: the nearest-rank percentile and the timed loop (warm-up
 * calls untimed, a failure counted with its message and never thrown).
 */

export interface Latency {
  n: number;
  /** Requests that failed (warm-up included), and their messages (first 160 characters) with counts. */
  failed: number;
  errors: Record<string, number>;
  p50: number;
  p99: number;
}

/** The nearest-rank `p`th percentile of `xs` (NaN when empty). */
export const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

/** Times `fn` `samples` times after `warmup` untimed calls; a failure is counted, never thrown. */
export async function measure<T>(
  samples: number,
  warmup: number,
  fn: () => Promise<T>,
  onResult?: (r: T) => void,
): Promise<Latency> {
  const times: number[] = [];
  const errors: Record<string, number> = {};
  let failed = 0;
  for (let i = 0; i < warmup + samples; i++) {
    const t = performance.now();
    try {
      const r = await fn();
      const ms = performance.now() - t;
      if (i >= warmup) times.push(ms);
      onResult?.(r);
    } catch (e) {
      failed++;
      const m = (e as Error).message.slice(0, 160);
      errors[m] = (errors[m] ?? 0) + 1;
    }
  }
  return { n: times.length, failed, errors, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Runs `fn(0 … n-1)` with at most `limit` calls in flight. */
export async function pool(n: number, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < n; i = next++) await fn(i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, lane));
}
