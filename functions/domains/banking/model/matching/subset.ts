/**
 * Bounded subset-sum for one-to-many (one transfer pays several invoices of the same party) and
 * many-to-one (several partial payments of one invoice) matching. Amounts are positive integer
 * céntimos; the search is a depth-first walk in the given order (the caller sorts by due date or
 * booking date, so the first subset found is the one a person would pick: the oldest first), pruned
 * by the remaining sum and capped in size and in visited nodes so a large candidate list never
 * blows up: past the cap it answers null (no proposal rather than a slow one).
 */

export interface SubsetOptions {
  /** Fewest elements (2 for a "several documents" match). */
  minSize: number;
  maxSize: number;
  /** Nodes visited before giving up. */
  maxNodes: number;
}

export const DEFAULT_SUBSET: SubsetOptions = { minSize: 2, maxSize: 8, maxNodes: 20_000 };

/** Indexes (ascending) of the first subset of `amounts` summing exactly to `target`, or null. */
export function findSubset(
  amounts: readonly number[],
  target: number,
  options: SubsetOptions = DEFAULT_SUBSET,
): number[] | null {
  if (target <= 0 || amounts.length === 0) return null;
  // suffix[i]: the sum of amounts[i..]: prunes branches that cannot reach the target any more.
  const suffix = new Array<number>(amounts.length + 1).fill(0);
  for (let i = amounts.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + Math.max(0, amounts[i]!);
  if (suffix[0]! < target) return null;
  let nodes = 0;
  const chosen: number[] = [];
  const walk = (from: number, remaining: number): boolean => {
    if (remaining === 0) return chosen.length >= options.minSize;
    if (chosen.length >= options.maxSize || suffix[from]! < remaining) return false;
    for (let i = from; i < amounts.length; i++) {
      if (++nodes > options.maxNodes) return false;
      const a = amounts[i]!;
      if (a <= 0 || a > remaining) continue;
      chosen.push(i);
      if (walk(i + 1, remaining - a)) return true;
      chosen.pop();
    }
    return false;
  };
  return walk(0, target) ? [...chosen] : null;
}
