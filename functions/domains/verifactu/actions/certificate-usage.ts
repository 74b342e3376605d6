import { defineCompanyAction } from '@functions/platform/http';
import { CertificatePath, type CertificateUsage, CertificateUsageQuery } from '@shared/schemas/verifactu';
import { certificateNotFound, getCertificate, listCertificateUses } from '../store/certificates';
import type { VerifactuDeps } from '../store/deps';

/** The uses of a certificate (connection tests, submissions, queries), newest first, up to `limit`. */
export async function certificateUsage(
  input: { companyId: string; certificateId: string; limit: number },
  deps: VerifactuDeps,
): Promise<CertificateUsage[]> {
  const cert = await getCertificate(deps, input.companyId, input.certificateId);
  if (!cert) throw certificateNotFound();
  return listCertificateUses(deps, input.companyId, input.certificateId, input.limit);
}

export const certificateUsageRoute = defineCompanyAction({
  params: CertificatePath,
  query: CertificateUsageQuery,
  run: ({ scope, params, query }, deps: VerifactuDeps) => {
    return certificateUsage(
      { companyId: scope.companyId, certificateId: params.certificateId, limit: query.limit },
      deps,
    );
  },
});
