/**
 * The account mapping (issue 18: which account each document goes to). It applies from the next
 * posting: entries already posted keep their accounts, so only the settings are refreshed.
 */
import type { AccountingSettings, UpdateSettingsBody } from '@shared/schemas/accounting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { accountingSettingsKey } from './get-settings';

/** `PUT accounting.updateSettings`. */
export function updateAccountingSettings(body: UpdateSettingsBody, companyId: string | null) {
  return apiRequest<AccountingSettings>('accounting.updateSettings', { body, companyId });
}

export function useUpdateAccountingSettings(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => updateAccountingSettings(body, companyId),
    onSuccess: (settings) => queryClient.setQueryData(accountingSettingsKey(companyId), settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountingSettingsKey(companyId) }),
  });
}
