/**
 * In-memory filtering, sorting and paging of small per-company lists (see shared/db/access-patterns.md):
 * one Query reads the list, these shape the page. Shared by every domain that lists that way.
 */

import type { Page } from './envelope';

/** Case- and accent-insensitive text for search ("Peña" matches "pena"). */
export const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function matchesSearch(search: string | undefined, ...fields: (string | undefined)[]): boolean {
  if (!search) return true;
  const needle = fold(search.trim());
  return fields.some((f) => f !== undefined && fold(f).includes(needle));
}

export function sortBy<T>(items: T[], key: (t: T) => string, dir: 'asc' | 'desc'): T[] {
  const sorted = [...items].sort((a, b) => key(a).localeCompare(key(b), 'es', { sensitivity: 'base' }));
  return dir === 'desc' ? sorted.reverse() : sorted;
}

export function paginate<T>(items: T[], page: number, size: number): Page<T> {
  return {
    content: items.slice(page * size, page * size + size),
    page,
    size,
    totalElements: items.length,
    totalPages: Math.ceil(items.length / size),
  };
}
