/** The kind of account behind `GET users/gestor-type`, which picks the menus (spec part 1 §2). */

import type { Role } from '@shared/api/routes';
import type { MembershipRecord } from '@shared/db/records';
import type { GestorType } from '@shared/schemas/identity';

export function gestorTypeOf(role: Role, isAutonomous: boolean): GestorType {
  if (role === 'ADMIN') return 'ADMIN';
  if (role === 'GESTOR') return 'GESTORIA';
  return isAutonomous ? 'AUTONOMO' : 'EMPRESA';
}

/** Companies where the caller acts as advisor or owner: where its clients are. */
export const managedCompanyIds = (memberships: MembershipRecord[]): string[] =>
  memberships
    .filter((m) => m.isActive !== false && (m.companyRole === 'GESTOR' || m.companyRole === 'OWNER'))
    .map((m) => m.companyId);

/**
 * Distinct client users across the gestor's companies: active members whose company role is
 * CLIENTE or OWNER (the client who owns the company), never the gestor itself.
 */
export function countClients(callerId: string, companyMembers: MembershipRecord[]): number {
  const clients = new Set<string>();
  for (const m of companyMembers) {
    if (m.userId === callerId || m.isActive === false) continue;
    if (m.companyRole === 'CLIENTE' || m.companyRole === 'OWNER') clients.add(m.userId);
  }
  return clients.size;
}
