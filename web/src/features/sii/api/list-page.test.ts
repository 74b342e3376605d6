import { describe, expect, it } from 'vitest';
import { toPage } from './list-page';

describe('toPage', () => {
  it('reads the shared page as it is', () => {
    const page = { content: [1, 2], page: 1, size: 2, totalElements: 5, totalPages: 3 };
    expect(toPage(page)).toBe(page);
  });

  it('reads `{ items, total, page, size }`', () => {
    expect(toPage({ items: ['a'], total: 41, page: 2, size: 20 })).toEqual({
      content: ['a'],
      page: 2,
      size: 20,
      totalElements: 41,
      totalPages: 3,
    });
  });

  it('reads a plain array as one page, and nothing as an empty one', () => {
    expect(toPage(['a', 'b'])).toMatchObject({ content: ['a', 'b'], totalElements: 2, totalPages: 1 });
    expect(toPage(null, 3, 10)).toEqual({ content: [], page: 3, size: 10, totalElements: 0, totalPages: 0 });
  });
});
