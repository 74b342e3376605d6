import type { ConnectionTestResult } from '@shared/schemas/verifactu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { verifactuKeys } from './keys';

/** `POST verifactu.testConnection`: a request to the AEAT endpoint with the company's certificate. */
export function testVerifactuConnection(companyId: string): Promise<ConnectionTestResult> {
  return apiRequest<ConnectionTestResult>('verifactu.testConnection', { params: { companyId } });
}

export function useTestVerifactuConnection(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => testVerifactuConnection(companyId),
    // The result is kept in the configuration (lastConnectionTest) and in the certificate's usage.
    onSettled: () => queryClient.invalidateQueries({ queryKey: verifactuKeys.company(companyId) }),
  });
}
