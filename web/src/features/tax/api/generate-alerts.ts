import type { AlertRunResult } from '@shared/schemas/tax';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';

/** `POST taxAlerts.generate`: the daily alert run for this company, now. */
export function generateFiscalAlerts(companyId: string): Promise<AlertRunResult> {
  return apiRequest<AlertRunResult>('taxAlerts.generate', { params: { companyId }, companyId });
}

export function useGenerateFiscalAlerts(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateFiscalAlerts(companyId),
    // The run may also create the year's obligations: everything of the company.
    onSuccess: () => refreshTaxQueries(queryClient, companyId),
  });
}
