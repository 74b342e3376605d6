/**
 * Bounded concurrency for the cockpit's per-company work (issue 14 item 5: 100 clients must stay
 * responsive without flooding the table or the AEAT). Pure.
 */

/** `fn` over `items`, at most `limit` at a time, results in the order of `items`. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return out;
}
