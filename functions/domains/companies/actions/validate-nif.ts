import { defineUserAction } from '@functions/platform/http';
import { companyTypeFromCif, validateTaxId } from '@shared/fiscal/nif';
import { NifPath } from '@shared/schemas/companies';

/** GET /companies/nif/{nif}: checks a tax id's check character; the answer says why it fails. */
export function validateNif(nif: string) {
  const r = validateTaxId(nif);
  return {
    nif,
    normalized: r.normalized,
    valid: r.valid,
    kind: r.kind,
    reason: r.reason ?? null,
    companyType:
      r.valid && r.kind === 'CIF' ? (companyTypeFromCif(r.normalized) ?? null) : r.valid ? 'AUTONOMO' : null,
  };
}

export const validateNifRoute = defineUserAction({
  params: NifPath,
  run: async ({ params }) => validateNif(params.nif),
});
