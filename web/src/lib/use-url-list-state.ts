import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Page sizes offered by the lists; anything else in the URL falls back to the default. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

type SetSearchParams = ReturnType<typeof useSearchParams>[1];

/**
 * A server-paged list's state kept in the URL, so the back button and a shared link restore it:
 * `?page=` (one-based for people; the API's page is zero-based), `?size=`, `?search=` (written
 * once typing pauses) and any filter the page names. Changing a filter goes back to page 1.
 */
export function useUrlListState(defaultSize: number) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromUrl(searchParams.get('page'));
  const size = sizeFromUrl(searchParams.get('size'), defaultSize);
  const search = searchParams.get('search') ?? '';
  const [searchText, setSearchText] = useSearchText(search, setSearchParams);

  /** Sets (or, with undefined or '', removes) URL parameters; back to page 1 unless told. */
  const setParams = useCallback(
    (changes: Record<string, string | undefined>, { keepPage = false } = {}) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        if (!keepPage) params.delete('page');
        return params;
      }),
    [setSearchParams],
  );

  /** `next` is zero-based; a new size starts again from the first page. */
  const goToPage = useCallback(
    (next: number, nextSize: number) => {
      const sizeChanged = nextSize !== size;
      setParams(
        {
          page: !sizeChanged && next > 0 ? String(next + 1) : undefined,
          size: nextSize === defaultSize ? undefined : String(nextSize),
        },
        { keepPage: true },
      );
    },
    [setParams, size, defaultSize],
  );

  return {
    page,
    size,
    search,
    searchText,
    setSearchText,
    param: (key: string) => searchParams.get(key) ?? undefined,
    setParams,
    goToPage,
    /** True when the URL narrows the list (search or any of the given filters). */
    isFiltered: (filterKeys: string[]) => Boolean(search) || filterKeys.some((key) => searchParams.has(key)),
  };
}

function pageFromUrl(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

function sizeFromUrl(value: string | null, fallback: number): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : fallback;
}

/**
 * The search box's text, written to `?search=` once typing pauses (which also goes back to the
 * first page), and reset when the URL changes under it (back and forward buttons).
 */
function useSearchText(search: string, setSearchParams: SetSearchParams): [string, (text: string) => void] {
  const [text, setText] = useState(search);
  const debounced = useDebouncedValue(text.trim());
  const inUrl = useRef(search);

  useEffect(() => {
    if (debounced === inUrl.current) return;
    inUrl.current = debounced;
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (debounced) params.set('search', debounced);
        else params.delete('search');
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  }, [debounced, setSearchParams]);

  useEffect(() => {
    if (search === inUrl.current) return;
    inUrl.current = search;
    setText(search);
  }, [search]);

  return [text, setText];
}
