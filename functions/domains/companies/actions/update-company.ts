import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { Company } from '@shared/db/records';
import { madridDate } from '@shared/fiscal/verifactu-obligation';
import { CompanyPath, UpdateCompanyBody } from '@shared/schemas/companies';
import { hasTaxProfile, getCompany as readCompany, updateCompany as storeUpdate } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import { getCompany } from './get-company';

/**
 * Issue 16: the day the company enters the SII is kept (`siiSince`, Madrid date) when `siiEnabled`
 * turns on; turning it off clears it. Anything else leaves it as it was.
 */
export function siiSinceChange(
  current: Pick<Company, 'siiEnabled'>,
  siiEnabled: boolean | undefined,
  now: Date,
): Pick<Company, 'siiSince'> | Record<string, never> {
  if (siiEnabled === undefined || siiEnabled === current.siiEnabled) return {};
  return { siiSince: siiEnabled ? madridDate(now) : null };
}

export async function updateCompany(
  input: { auth: AuthContext; scope: CompanyScope; body: UpdateCompanyBody },
  deps: CompaniesDeps,
) {
  const { auth, scope, body } = input;
  const current = await readCompany(deps, scope.companyId);
  if (!current) throw new AppError('CORE_006', 'La empresa no existe.');
  const companyType = body.companyType ?? current.companyType;
  const nif = body.nif ?? current.nif;
  if (companyType !== 'AUTONOMO' && /^\d|^[XYZKLM]/.test(nif)) {
    throw new AppError('CORE_004', 'Una sociedad debe tener un NIF de persona jurídica (CIF).', {
      field: 'nif',
    });
  }
  // SII, large company and REDEME are census facts of the tax profile once there is one (the tax
  // domain mirrors them here in the profile's own transaction, with effective dates): changed
  // here they would disagree with the obligations derived from the profile.
  const censusChange =
    (body.siiEnabled !== undefined && body.siiEnabled !== current.siiEnabled) ||
    (body.fiscal?.largeCompany !== undefined && body.fiscal.largeCompany !== current.fiscal.largeCompany) ||
    (body.fiscal?.redeme !== undefined && body.fiscal.redeme !== current.fiscal.redeme);
  if (censusChange && (await hasTaxProfile(deps, scope.companyId))) {
    throw new AppError(
      'CORE_004',
      'El SII, la condición de gran empresa y el REDEME forman parte del perfil fiscal: cámbialos en el perfil fiscal de la empresa, que indica desde cuándo se aplican.',
      {
        field:
          body.siiEnabled !== undefined && body.siiEnabled !== current.siiEnabled ? 'siiEnabled' : 'fiscal',
      },
    );
  }
  const { email, phone, fiscal, ...rest } = body;
  const next: Company = {
    ...current,
    ...rest,
    ...siiSinceChange(current, body.siiEnabled, deps.now()),
    fiscal: { ...current.fiscal, ...fiscal },
    updatedAt: deps.now().toISOString(),
  };
  // null clears an optional contact field; undefined leaves it as it was.
  if (email === null) delete next.email;
  else if (email) next.email = email;
  if (phone === null) delete next.phone;
  else if (phone) next.phone = phone;
  await storeUpdate(deps, current, next, current.createdBy);
  return getCompany({ auth, scope }, deps);
}

export const updateCompanyRoute = defineCompanyAction({
  params: CompanyPath,
  body: UpdateCompanyBody,
  run: ({ auth, scope, body }, deps: CompaniesDeps) => updateCompany({ auth, scope, body }, deps),
});
