import type { CertificateUsage } from '@shared/schemas/verifactu';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { verifactuKeys } from './keys';

export const CERTIFICATE_USAGE_LIMIT = 50;

/** `GET certificates.usage?limit=`: the latest uses of one certificate, newest first. */
export function getCertificateUsage(
  companyId: string,
  certificateId: string,
  signal?: AbortSignal,
): Promise<CertificateUsage[]> {
  return apiRequest<CertificateUsage[] | { content: CertificateUsage[] }>('certificates.usage', {
    params: { companyId, certificateId },
    query: { limit: CERTIFICATE_USAGE_LIMIT },
    signal,
  }).then((answer) => (Array.isArray(answer) ? answer : (answer?.content ?? [])));
}

export function useCertificateUsage(companyId: string, certificateId: string | null) {
  return useQuery({
    queryKey: verifactuKeys.certificateUsage(companyId, certificateId ?? ''),
    queryFn: ({ signal }) => getCertificateUsage(companyId, certificateId ?? '', signal),
    enabled: certificateId !== null,
  });
}
