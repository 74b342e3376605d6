import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { CompanyPath } from '@shared/schemas/companies';
import { setDefaultCompany as storeDefault } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import { getCompany } from './get-company';

/** The default company is selected at login (spec part 1 §4); membership was checked by the pipeline. */
export async function setDefaultCompany(
  input: { auth: AuthContext; scope: CompanyScope },
  deps: CompaniesDeps,
) {
  await storeDefault(deps, input.auth.userId, input.scope.companyId);
  return getCompany(input, deps);
}

export const setDefaultCompanyRoute = defineCompanyAction({
  params: CompanyPath,
  run: ({ auth, scope }, deps: CompaniesDeps) => setDefaultCompany({ auth, scope }, deps),
});
