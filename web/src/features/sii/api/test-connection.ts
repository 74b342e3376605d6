import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { siiKeys } from './keys';

/** What `POST sii.testConnection` answers (also kept in the configuration as lastConnectionTest). */
export interface SiiConnectionTest {
  ok: boolean;
  message: string;
  at: string;
}

/** `POST sii.testConnection`: a request to the AEAT's SII endpoint with the company's certificate. */
export function testSiiConnection(companyId: string): Promise<SiiConnectionTest> {
  return apiRequest<SiiConnectionTest>('sii.testConnection', { params: { companyId } });
}

export function useTestSiiConnection(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => testSiiConnection(companyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siiKeys.config(companyId) }),
  });
}
