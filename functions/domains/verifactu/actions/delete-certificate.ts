import { defineCompanyAction } from '@functions/platform/http';
import { CertificatePath } from '@shared/schemas/verifactu';
import { deleteCertificate } from '../store/certificates';
import type { VerifactuDeps } from '../store/deps';

/**
 * Deletes a certificate (its sealed file and password go with the item). Refused with 409 DOC_046
 * while the enabled configuration uses it; a disabled configuration that names it is left without
 * certificate.
 */
export async function deleteCompanyCertificate(
  input: { companyId: string; certificateId: string },
  deps: VerifactuDeps,
): Promise<{ certificateId: string; deleted: true }> {
  await deleteCertificate(deps, input.companyId, input.certificateId);
  return { certificateId: input.certificateId, deleted: true };
}

export const deleteCertificateRoute = defineCompanyAction({
  params: CertificatePath,
  run: ({ scope, params }, deps: VerifactuDeps) => {
    return deleteCompanyCertificate(
      { companyId: scope.companyId, certificateId: params.certificateId },
      deps,
    );
  },
});
