/** How profiles, memberships and companies become the user shapes of the API (spec part 1 §3). */

import {
  CLIENT_PERMISSIONS,
  type ClientPermission,
  type Company,
  type MembershipRecord,
  type UserProfile,
} from '@shared/db/records';
import { type CompanyEntry, companyEntry } from '@shared/schemas/companies';
import type { PublicUser, UserView } from '@shared/schemas/identity';

export function toPublicUser(p: UserProfile): PublicUser {
  const user: PublicUser = {
    userId: p.userId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    role: p.role,
    isAutonomous: p.isAutonomous,
    emailVerified: p.emailVerified,
    isActive: p.isActive !== false,
    createdAt: p.createdAt,
  };
  if (p.phone) user.phone = p.phone;
  if (p.firmName) user.firmName = p.firmName;
  return user;
}

/**
 * A CLIENTE's permissions live with its memberships (spec part 1 §6): the profile carries their
 * union over the active ones. ADMIN and GESTOR see everything and carry none.
 */
export function clientPermissions(profile: UserProfile, memberships: MembershipRecord[]): ClientPermission[] {
  if (profile.role !== 'CLIENTE') return [];
  const granted = new Set<ClientPermission>();
  for (const m of memberships) if (m.isActive !== false) for (const p of m.permissions ?? []) granted.add(p);
  return CLIENT_PERMISSIONS.filter((p) => granted.has(p));
}

export function toUserView(profile: UserProfile, memberships: MembershipRecord[]): UserView {
  return {
    ...toPublicUser(profile),
    clientPermissions: clientPermissions(profile, memberships),
    invitedByUserId: profile.invitedByUserId ?? null,
    defaultCompanyId: profile.defaultCompanyId ?? null,
  };
}

/** The company entries of a user: companies of its active memberships, the default one first. */
export function companyEntries(
  companies: Company[],
  memberships: MembershipRecord[],
  defaultCompanyId: string | undefined,
): CompanyEntry[] {
  const active = new Set(memberships.filter((m) => m.isActive !== false).map((m) => m.companyId));
  return companies
    .filter((c) => active.has(c.companyId))
    .map((c) => companyEntry(c, defaultCompanyId))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name, 'es'));
}
