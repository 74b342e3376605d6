import type { Page } from '@shared/api/envelope';

/** A list as the SII calls may answer it: the shared page, or `{ items, total, page, size }`. */
export type SiiListAnswer<T> =
  | Page<T>
  | { items: T[]; total: number; page: number; size: number }
  | T[]
  | null
  | undefined;

/**
 * The page the tables read. Every paged list of the API answers `Page` (shared/api/envelope.ts);
 * the SII design wrote `{ items, total, page, size }`: both are read, so the table pages either way.
 */
export function toPage<T>(answer: SiiListAnswer<T>, page = 0, size = 20): Page<T> {
  if (!answer) return { content: [], page, size, totalElements: 0, totalPages: 0 };
  if (Array.isArray(answer))
    return { content: answer, page: 0, size: answer.length, totalElements: answer.length, totalPages: 1 };
  if ('content' in answer) return answer;
  const pages = answer.size > 0 ? Math.ceil(answer.total / answer.size) : 0;
  return {
    content: answer.items,
    page: answer.page,
    size: answer.size,
    totalElements: answer.total,
    totalPages: pages,
  };
}
