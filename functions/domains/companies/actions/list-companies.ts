import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import type { Company } from '@shared/db/records';
import { parseSort } from '@shared/schemas/common';
import { type CompanyEntry, CompanyListQuery, companyEntry } from '@shared/schemas/companies';
import { getCompanies, getProfile, listAllCompanies } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import { membershipsOfUser } from '../store/memberships';

const SORTABLE = ['createdAt', 'name', 'nif', 'companyType'] as const;

/** The companies the caller can see: ADMIN all, GESTOR those it manages, CLIENTE its own. */
export async function visibleCompanies(auth: AuthContext, deps: CompaniesDeps): Promise<Company[]> {
  if (auth.isAdmin) return listAllCompanies(deps);
  const memberships = (await membershipsOfUser(deps, auth.userId)).filter((m) => m.isActive);
  return getCompanies(
    deps,
    memberships.map((m) => m.companyId),
  );
}

export async function listCompanies(
  input: { auth: AuthContext; query: CompanyListQuery },
  deps: CompaniesDeps,
) {
  const { auth, query } = input;
  const [companies, profile] = await Promise.all([
    visibleCompanies(auth, deps),
    getProfile(deps, auth.userId),
  ]);
  const filtered = companies.filter(
    (c) =>
      matchesSearch(query.search, c.name, c.nif) &&
      (!query.companyType || c.companyType === query.companyType) &&
      (!query.isActive || String(c.isActive) === query.isActive),
  );
  const { field, dir } = parseSort(query.sort, SORTABLE, { field: 'createdAt', dir: 'desc' });
  const entries: CompanyEntry[] = sortBy(filtered, (c) => String(c[field]), dir).map((c) =>
    companyEntry(c, profile?.defaultCompanyId),
  );
  return paginate(entries, query.page, query.size);
}

export const listCompaniesRoute = defineUserAction({
  query: CompanyListQuery,
  run: ({ auth, query }, deps: CompaniesDeps) => listCompanies({ auth, query }, deps),
});
