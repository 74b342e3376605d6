import type { CompanyType } from '@shared/db/records';
import { companyTypeFromCif, validateTaxId } from '@shared/fiscal/nif';

export const SOCIETY_NEEDS_CIF = 'Una sociedad debe tener un NIF de persona jurídica (CIF).';

export interface CompanyNifCheck {
  /** Why the NIF cannot be used for this company type, in Spanish. */
  error?: string;
  /** The company type the CIF's letter implies (A → SA, B → SL, E → CB, J → SC), when valid. */
  impliedType?: CompanyType;
  normalized: string;
}

/**
 * A company's NIF: its check character (the reason from `validateTaxId`), and for a society
 * (SL, SA, CB, SC) a legal person's CIF, never a DNI or NIE, as the server also refuses.
 */
export function checkCompanyNif(raw: string, companyType?: CompanyType | null): CompanyNifCheck {
  const result = validateTaxId(raw);
  if (!result.valid) return { error: result.reason ?? 'El NIF no es válido.', normalized: result.normalized };
  if (result.kind !== 'CIF') {
    return companyType && companyType !== 'AUTONOMO'
      ? { error: SOCIETY_NEEDS_CIF, normalized: result.normalized, impliedType: 'AUTONOMO' }
      : { normalized: result.normalized, impliedType: 'AUTONOMO' };
  }
  const impliedType = companyTypeFromCif(result.normalized);
  return impliedType ? { normalized: result.normalized, impliedType } : { normalized: result.normalized };
}
