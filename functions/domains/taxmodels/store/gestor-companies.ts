/**
 * The companies a person works on across companies (issue 14 items 4-5): the gestor's cockpit rows,
 * the gestoría's filing history, and the collaborator's own company (whose certificate files as
 * colaborador social). These are user routes without a company scope, so the pipeline checks no
 * membership: every company here passes `allows(policy, …)` of shared/api/access.ts, exactly as a
 * company-scoped route with that policy would (as the tax domain's portfolio does,
 * functions/domains/tax/store/portfolio.ts).
 */

import { getCompanies, listUserMemberships } from '@functions/lib/directory';
import { allows } from '@shared/api/access';
import type { ClientPermission, CompanyRole, MembershipRecord } from '@shared/db/records';
import type { TaxModelsDeps } from './deps';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;

export interface PortfolioCompany {
  companyId: string;
  name: string;
  nif: string;
  /** It passes tax.write too (compute, approve, submit, publish). */
  canWrite: boolean;
}

const subjectOf = (isAdmin: boolean, m: MembershipRecord) => ({
  isAdmin,
  membership: {
    companyRole: m.companyRole as CompanyRole,
    permissions: (m.permissions ?? []) as ClientPermission[],
  },
});

/**
 * The companies of the person's active memberships that pass tax.read, by name (an ADMIN reads the
 * companies it belongs to: the whole platform is not a per-user view).
 */
export async function portfolioCompanies(
  deps: Deps,
  reader: { userId: string; isAdmin: boolean },
): Promise<PortfolioCompany[]> {
  const memberships = (await listUserMemberships(deps, reader.userId)).filter(
    (m) => m.isActive !== false && allows('tax.read', subjectOf(reader.isAdmin, m)),
  );
  if (memberships.length === 0) return [];
  const writable = new Set(
    memberships.filter((m) => allows('tax.write', subjectOf(reader.isAdmin, m))).map((m) => m.companyId),
  );
  const companies = await getCompanies(
    deps,
    memberships.map((m) => m.companyId),
  );
  return companies
    .map((c) => ({ companyId: c.companyId, name: c.name, nif: c.nif, canWrite: writable.has(c.companyId) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es') || a.companyId.localeCompare(b.companyId));
}

/** The person's company with this NIF (an active membership), e.g. its gestoría; undefined when none. */
export async function memberCompanyByNif(
  deps: Deps,
  userId: string,
  nif: string,
): Promise<{ companyId: string; name: string; nif: string } | undefined> {
  const memberships = (await listUserMemberships(deps, userId)).filter((m) => m.isActive !== false);
  if (memberships.length === 0) return undefined;
  const companies = await getCompanies(
    deps,
    memberships.map((m) => m.companyId),
  );
  const found = companies.find((c) => c.nif?.toUpperCase() === nif);
  return found ? { companyId: found.companyId, name: found.name, nif: found.nif } : undefined;
}
