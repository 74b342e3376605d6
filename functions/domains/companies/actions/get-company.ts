import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { allows } from '@shared/api/access';
import { AppError } from '@shared/api/errors';
import { CompanyPath, companyEntry } from '@shared/schemas/companies';
import { getProfile, getCompany as readCompany } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';

export async function getCompany(input: { auth: AuthContext; scope: CompanyScope }, deps: CompaniesDeps) {
  const { auth, scope } = input;
  const [company, profile] = await Promise.all([
    readCompany(deps, scope.companyId),
    getProfile(deps, auth.userId),
  ]);
  if (!company) throw new AppError('CORE_006', 'La empresa no existe.');
  return {
    ...companyEntry(company, profile?.defaultCompanyId),
    siiSince: company.siiSince ?? null,
    email: company.email ?? null,
    phone: company.phone ?? null,
    address: company.address,
    fiscal: company.fiscal,
    updatedAt: company.updatedAt,
    myRole: scope.membership?.companyRole ?? (auth.isAdmin ? 'ADMIN' : null),
    myPermissions: scope.membership?.permissions ?? [],
    canManage: allows('manage', { isAdmin: auth.isAdmin, membership: scope.membership }),
  };
}

export const getCompanyRoute = defineCompanyAction({
  params: CompanyPath,
  run: ({ auth, scope }, deps: CompaniesDeps) => getCompany({ auth, scope }, deps),
});
