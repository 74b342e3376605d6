/**
 * Who may read another user's profile (`GET users/{userId}`): the user itself, an ADMIN, or an
 * OWNER or GESTOR of a company the user belongs to. Everyone else gets the same 404 as for a user
 * that does not exist, so ids cannot be probed.
 */

import type { Role } from '@shared/api/routes';
import type { MembershipRecord } from '@shared/db/records';

const MANAGING_ROLES = new Set(['OWNER', 'GESTOR']);

export function canViewUser(
  caller: { userId: string; role: Role },
  targetUserId: string,
  callerMemberships: MembershipRecord[],
  targetMemberships: MembershipRecord[],
): boolean {
  if (caller.userId === targetUserId || caller.role === 'ADMIN') return true;
  const managed = new Set(
    callerMemberships
      .filter((m) => m.isActive !== false && MANAGING_ROLES.has(m.companyRole))
      .map((m) => m.companyId),
  );
  return targetMemberships.some((m) => managed.has(m.companyId));
}
