import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { verifactuKeys } from './keys';

/** `DELETE certificates.delete` (the server refuses a certificate the configuration still uses). */
export function deleteCertificate(companyId: string, certificateId: string): Promise<void> {
  return apiRequest<void>('certificates.delete', { params: { companyId, certificateId } });
}

export function useDeleteCertificate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (certificateId: string) => deleteCertificate(companyId, certificateId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verifactuKeys.company(companyId) }),
  });
}
