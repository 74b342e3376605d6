import type { Page } from '@shared/api/envelope';

/** A list as the calls may answer it: the shared page, `{ items }`, or an array. */
export type ListAnswer<T> = Page<T> | { items: T[]; total?: number } | T[] | null | undefined;

/** The page the tables read, whatever shape the list came in. */
export function toPage<T>(answer: ListAnswer<T>, page = 0, size = 20): Page<T> {
  if (!answer) return { content: [], page, size, totalElements: 0, totalPages: 0 };
  if (Array.isArray(answer))
    return { content: answer, page: 0, size: answer.length, totalElements: answer.length, totalPages: 1 };
  if ('content' in answer) return answer;
  const total = answer.total ?? answer.items.length;
  return { content: answer.items, page, size, totalElements: total, totalPages: Math.ceil(total / size) };
}
