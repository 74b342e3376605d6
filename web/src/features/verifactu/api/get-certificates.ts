import type { CertificateView } from '@shared/schemas/verifactu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { verifactuKeys } from './keys';

/** `GET certificates.list`: what the API shows of the company's certificates (never file nor password). */
export function getCertificates(companyId: string, signal?: AbortSignal): Promise<CertificateView[]> {
  return apiRequest<CertificateView[] | { content: CertificateView[] }>('certificates.list', {
    params: { companyId },
    signal,
  }).then((answer) => (Array.isArray(answer) ? answer : (answer?.content ?? [])));
}

export const certificatesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: verifactuKeys.certificates(companyId),
    queryFn: ({ signal }) => getCertificates(companyId, signal),
  });

export function useCertificates(companyId: string) {
  return useQuery(certificatesQueryOptions(companyId));
}
