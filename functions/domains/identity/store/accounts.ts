/** Reads that assemble what a user sees of its own account: memberships and company entries. */

import type { MembershipRecord, UserProfile } from '@shared/db/records';
import type { CompanyEntry } from '@shared/schemas/companies';
import { companyEntries } from '../model/user-view';
import type { StoreDeps } from './deps';
import { getCompanies, listUserMemberships } from './memberships';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

export interface UserCompanies {
  memberships: MembershipRecord[];
  companies: CompanyEntry[];
}

/** Query gsi1 for the user's memberships, then BatchGet their companies. */
export async function loadUserCompanies(deps: Deps, profile: UserProfile): Promise<UserCompanies> {
  const memberships = await listUserMemberships(deps, profile.userId);
  const active = memberships.filter((m) => m.isActive !== false);
  const companies = active.length
    ? await getCompanies(
        deps,
        active.map((m) => m.companyId),
      )
    : [];
  return { memberships, companies: companyEntries(companies, memberships, profile.defaultCompanyId) };
}
