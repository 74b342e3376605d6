import type { AccountingSettings } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { ACCOUNTING_STALE_MS, accountingKeys } from './keys';

export const accountingSettingsKey = (companyId: string | null) =>
  [...accountingKeys.company(companyId), 'settings'] as const;

/**
 * `GET accounting.getSettings`: which account each document goes to, and what is closed. 404 while
 * the chart was never initialised.
 */
export function getAccountingSettings(companyId: string | null, signal?: AbortSignal) {
  return apiRequest<AccountingSettings>('accounting.getSettings', { companyId, signal });
}

export const accountingSettingsQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: accountingSettingsKey(companyId),
    queryFn: ({ signal }) => getAccountingSettings(companyId, signal),
    staleTime: ACCOUNTING_STALE_MS,
    enabled: companyId !== null,
  });

export function useAccountingSettings(companyId: string | null) {
  return useQuery(accountingSettingsQueryOptions(companyId));
}
