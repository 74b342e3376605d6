import type { BalanceValidation } from '@shared/schemas/accounting';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/**
 * `GET accounting.validateBalance`: debits equal credits up to the end of the date's month, and that
 * month's aggregates equal what its entries add up to. Asked on demand ('Validar balance'), so a
 * mutation: nothing to cache, a fresh check each time.
 */
export function validateBalance(balanceDate: string | undefined, companyId: string | null) {
  return apiRequest<BalanceValidation>('accounting.validateBalance', {
    query: { balanceDate },
    companyId,
  });
}

export function useValidateBalance(companyId: string | null) {
  return useMutation({
    mutationFn: (balanceDate: string | undefined) => validateBalance(balanceDate, companyId),
  });
}
