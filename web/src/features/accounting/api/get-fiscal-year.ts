import type { FiscalYearStatus } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { accountingKeys } from './keys';

/** `GET accounting.fiscalYear`: the year's months (open or closed) and whether the year is closed. */
export function getFiscalYear(year: number, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<FiscalYearStatus>('accounting.fiscalYear', {
    params: { year: String(year) },
    companyId,
    signal,
  });
}

export const fiscalYearQueryOptions = (year: number, companyId: string | null) =>
  queryOptions({
    queryKey: [...accountingKeys.periods(companyId), year],
    queryFn: ({ signal }) => getFiscalYear(year, companyId, signal),
    enabled: companyId !== null,
  });

export function useFiscalYear(year: number, companyId: string | null) {
  return useQuery(fiscalYearQueryOptions(year, companyId));
}
