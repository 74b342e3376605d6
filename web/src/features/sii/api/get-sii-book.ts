import type { Page } from '@shared/api/envelope';
import type { SiiBook, SiiEntry, SiiStatus } from '@shared/schemas/sii';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { SII_STALE_MS, siiKeys } from './keys';
import { type SiiListAnswer, toPage } from './list-page';

export const SII_BOOK_PAGE_SIZE = 20;

/** A record as the book list answers it: the entry without its content (`record`) and history. */
export type SiiBookEntry = Omit<SiiEntry, 'record' | 'history'>;

/** The book view's filters (SiiBookQuery: year, period '01'–'12' or '0A', status, page, size). */
export interface SiiBookParams {
  book: SiiBook;
  year: number;
  /** '01'–'12', '0A' (the annual BI book); absent: the whole year. */
  period?: string;
  status?: SiiStatus;
  /** Zero-based. */
  page: number;
  size: number;
}

/**
 * `GET sii.byBook` (company in x-company-id): one page of the records of one book and period,
 * newest document first.
 */
export function getSiiBook(
  params: SiiBookParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<SiiBookEntry>> {
  return apiRequest<SiiListAnswer<SiiBookEntry>>('sii.byBook', {
    params: { book: params.book },
    query: {
      year: params.year,
      period: params.period,
      status: params.status,
      page: params.page,
      size: params.size,
    },
    companyId,
    signal,
  }).then((answer) => toPage(answer, params.page, params.size));
}

/** Under the company's SII key, so a retry, a submit or a query refreshes it (refreshSii). */
export const siiBookQueryOptions = (params: SiiBookParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...siiKeys.company(companyId), 'book', params],
    queryFn: ({ signal }) => getSiiBook(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: SII_STALE_MS,
    enabled: companyId !== null,
  });

export function useSiiBook(params: SiiBookParams, companyId: string | null) {
  return useQuery(siiBookQueryOptions(params, companyId));
}
