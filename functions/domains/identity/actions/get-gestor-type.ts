/**
 * GET users/gestor-type: what kind of account the caller is, how many companies it has and, for a
 * gestoría, how many client users it manages across them.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { GestorTypeResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { countClients, gestorTypeOf, managedCompanyIds } from '../model/gestor-type';
import { listCompanyMembers, listUserMemberships } from '../store/memberships';
import { getProfile } from '../store/profiles';
import { requireAuth } from './get-profile';

/** Company partitions read at once while counting clients. */
const PARALLEL_QUERIES = 10;

export async function getGestorType(
  input: { auth: AuthContext },
  deps: IdentityDeps,
): Promise<GestorTypeResult> {
  const { auth } = input;
  const profile = await getProfile(deps, auth.userId);
  if (!profile) throw new AppError('USER_NOT_FOUND');
  const memberships = await listUserMemberships(deps, auth.userId);
  // The Cognito group decides the role (it is what the authorizer enforces), not the profile copy.
  const type = gestorTypeOf(auth.role, profile.isAutonomous);
  let clientCount = 0;
  if (type === 'GESTORIA') {
    const companyIds = managedCompanyIds(memberships);
    const members = [];
    for (let i = 0; i < companyIds.length; i += PARALLEL_QUERIES) {
      const batch = companyIds.slice(i, i + PARALLEL_QUERIES).map((id) => listCompanyMembers(deps, id));
      members.push(...(await Promise.all(batch)).flat());
    }
    clientCount = countClients(auth.userId, members);
  }
  return {
    type,
    companyCount: memberships.filter((m) => m.isActive !== false).length,
    isAutonomous: profile.isAutonomous,
    clientCount,
  };
}

export const getGestorTypeRoute = defineUserAction({
  run: ({ auth }, deps: IdentityDeps) => getGestorType({ auth: requireAuth(auth) }, deps),
});
