import { defineCompanyAction } from '@functions/platform/http';
import type { CertificateView } from '@shared/schemas/verifactu';
import { certificateView } from '../model/certificates';
import { listCertificates } from '../store/certificates';
import { getConfig } from '../store/config';
import type { VerifactuDeps } from '../store/deps';

/** The company's certificates, newest upload first, with status, days to expiry and whether in use. */
export async function listCompanyCertificates(
  input: { companyId: string },
  deps: VerifactuDeps,
): Promise<CertificateView[]> {
  const [certificates, config] = await Promise.all([
    listCertificates(deps, input.companyId),
    getConfig(deps, input.companyId),
  ]);
  const now = deps.now();
  return certificates
    .map((c) => certificateView(c, config?.certificateId ?? null, now))
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
}

export const listCertificatesRoute = defineCompanyAction({
  run: ({ scope }, deps: VerifactuDeps) => {
    return listCompanyCertificates({ companyId: scope.companyId }, deps);
  },
});
