import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { Company } from '@shared/db/records';
import { CompanyPath, UpdateCompanyBody } from '@shared/schemas/companies';
import { getCompany as readCompany, updateCompany as storeUpdate } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import { getCompany } from './get-company';

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
  const { email, phone, fiscal, ...rest } = body;
  const next: Company = {
    ...current,
    ...rest,
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
