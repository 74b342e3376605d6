/**
 * Who may read another user through `GET users/{userId}` (issue #12 item 1), and how much: the user
 * itself and an ADMIN see the profile; a member who manages users (policy `manage`) of a company
 * both belong to sees what that company's user list shows (name, e-mail, role there), nothing of
 * other companies and no phone. Everyone else gets the same 404 as for a user that does not exist,
 * so ids cannot be probed. An invitation (pending or declined) is no membership and grants nothing.
 */

import { allows } from '@shared/api/access';
import type { MembershipRecord } from '@shared/db/records';
import type { ManagedUser } from '@shared/schemas/identity';

/** The target's memberships in companies where the caller actively manages users. */
export function sharedManagedMemberships(
  callerMemberships: MembershipRecord[],
  targetMemberships: MembershipRecord[],
): MembershipRecord[] {
  const managed = new Set(
    callerMemberships
      .filter((m) => m.isActive !== false && allows('manage', { isAdmin: false, membership: m }))
      .map((m) => m.companyId),
  );
  return targetMemberships.filter((m) => managed.has(m.companyId));
}

/** What a manager sees: the membership snapshots of the shared companies, as its user list does. */
export function toManagedUser(userId: string, shared: MembershipRecord[]): ManagedUser {
  const first = shared[0]!;
  return {
    userId,
    email: first.email,
    firstName: first.firstName,
    lastName: first.lastName,
    companies: shared.map((m) => ({
      companyId: m.companyId,
      companyRole: m.companyRole,
      isActive: m.isActive !== false,
    })),
  };
}
