import type { CertificateView } from '@shared/schemas/verifactu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { siiKeys } from './keys';

/**
 * `GET certificates.list`: the company's uploaded certificates (the store VeriFacTu and the SII
 * share; never file nor password), to choose the one the SII connection uses.
 */
export function getCertificates(companyId: string, signal?: AbortSignal): Promise<CertificateView[]> {
  return apiRequest<CertificateView[] | { content: CertificateView[] }>('certificates.list', {
    params: { companyId },
    signal,
  }).then((answer) => (Array.isArray(answer) ? answer : (answer?.content ?? [])));
}

export const certificatesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: siiKeys.certificates(companyId),
    queryFn: ({ signal }) => getCertificates(companyId, signal),
  });

export function useCertificates(companyId: string) {
  return useQuery(certificatesQueryOptions(companyId));
}
