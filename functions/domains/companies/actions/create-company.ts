import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { CLIENT_PERMISSIONS, type Company, type FiscalData, type MembershipRecord } from '@shared/db/records';
import { madridDate } from '@shared/fiscal/verifactu-obligation';
import { CreateCompanyBody, companyEntry } from '@shared/schemas/companies';
import { getProfile, createCompany as storeCompany } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';

/** Sensible fiscal defaults by company type: autónomos pay IRPF, companies Impuesto sobre Sociedades. */
export function defaultFiscalData(
  companyType: Company['companyType'],
  given: Partial<FiscalData> = {},
): FiscalData {
  return {
    vatRegime: 'GENERAL',
    directTax: companyType === 'AUTONOMO' ? 'IRPF_ESTIMACION_DIRECTA' : 'IMPUESTO_SOCIEDADES',
    largeCompany: false,
    redeme: false,
    ...given,
  };
}

/** SII is compulsory for large companies and REDEME (RD 596/2016); the rest use VeriFacTu. */
export const siiRequired = (f: FiscalData): boolean => f.largeCompany || f.redeme;

export async function createCompany(
  input: { auth: AuthContext; body: CreateCompanyBody },
  deps: CompaniesDeps,
) {
  const { auth, body } = input;
  if (body.companyType !== 'AUTONOMO' && /^\d|^[XYZKLM]/.test(body.nif)) {
    throw new AppError('CORE_004', 'Una sociedad debe tener un NIF de persona jurídica (CIF).', {
      field: 'nif',
    });
  }
  const profile = auth.isAdmin ? undefined : await getProfile(deps, auth.userId);
  if (!auth.isAdmin && !profile) throw new AppError('USER_NOT_FOUND');
  const now = deps.now().toISOString();
  const fiscal = defaultFiscalData(body.companyType, body.fiscal);
  const siiEnabled = body.siiEnabled ?? siiRequired(fiscal);
  const company: Company = {
    companyId: deps.newId(),
    name: body.name,
    nif: body.nif,
    companyType: body.companyType,
    isActive: true,
    siiEnabled,
    // Issue 16: from when its invoices go to the SII (what was issued before is not due there).
    ...(siiEnabled ? { siiSince: madridDate(deps.now()) } : {}),
    verifactuEnabled: body.verifactuEnabled ?? !siiEnabled,
    ...(body.email ? { email: body.email } : {}),
    ...(body.phone ? { phone: body.phone } : {}),
    address: body.address,
    fiscal,
    createdAt: now,
    updatedAt: now,
    createdBy: auth.userId,
  };
  // The creator joins the company: a gestor as its advisor, anybody else as its owner.
  const membership: MembershipRecord | undefined = profile
    ? {
        companyId: company.companyId,
        userId: auth.userId,
        companyRole: auth.role === 'GESTOR' ? 'GESTOR' : 'OWNER',
        permissions: [...CLIENT_PERMISSIONS],
        isActive: true,
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        createdAt: now,
        updatedAt: now,
      }
    : undefined;
  await storeCompany(deps, company, membership, auth.userId);
  return {
    ...companyEntry(company, profile?.defaultCompanyId ?? company.companyId),
    siiSince: company.siiSince ?? null,
    address: company.address,
    fiscal,
  };
}

export const createCompanyRoute = defineUserAction({
  body: CreateCompanyBody,
  status: 201,
  run: ({ auth, body }, deps: CompaniesDeps) => createCompany({ auth, body }, deps),
});
