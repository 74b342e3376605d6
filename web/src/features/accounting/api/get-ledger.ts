import type { Ledger } from '@shared/schemas/accounting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

export const LEDGER_PAGE_SIZE = 100;

export interface LedgerParams {
  fromDate?: string;
  toDate?: string;
  page: number;
  size: number;
}

/** `GET accounting.ledger`: one account's movements with the opening and running balances. */
export function getLedger(
  accountId: string,
  params: LedgerParams,
  companyId: string | null,
  signal?: AbortSignal,
) {
  return apiRequest<Ledger>('accounting.ledger', {
    params: { accountId },
    query: { ...params },
    companyId,
    signal,
  });
}

export const ledgerQueryOptions = (
  accountId: string | undefined,
  params: LedgerParams,
  companyId: string | null,
) =>
  queryOptions({
    queryKey: [...accountingKeys.reports(companyId), 'ledger', accountId, params],
    queryFn: ({ signal }) => getLedger(accountId ?? '', params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null && Boolean(accountId),
  });

export function useLedger(accountId: string | undefined, params: LedgerParams, companyId: string | null) {
  return useQuery(ledgerQueryOptions(accountId, params, companyId));
}
