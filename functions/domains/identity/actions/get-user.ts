/**
 * GET users/{userId}: another user's public profile, for the user itself, an ADMIN, or an OWNER or
 * GESTOR of a company the user belongs to. Anyone else gets the 404 of a missing user.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type PublicUser, UserIdPath } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { canViewUser } from '../model/user-access';
import { toPublicUser } from '../model/user-view';
import { listUserMemberships } from '../store/memberships';
import { getProfile } from '../store/profiles';
import { requireAuth } from './get-profile';

export async function getUser(
  input: { auth: AuthContext; userId: string },
  deps: IdentityDeps,
): Promise<PublicUser> {
  const { auth, userId } = input;
  const self = auth.userId === userId;
  if (!self && !auth.isAdmin) {
    const [mine, theirs] = await Promise.all([
      listUserMemberships(deps, auth.userId),
      listUserMemberships(deps, userId),
    ]);
    if (!canViewUser(auth, userId, mine, theirs)) throw new AppError('CORE_006');
  }
  const profile = await getProfile(deps, userId);
  if (!profile) throw new AppError(self ? 'USER_NOT_FOUND' : 'CORE_006');
  return toPublicUser(profile);
}

export const getUserRoute = defineUserAction({
  params: UserIdPath,
  run: ({ auth, params }, deps: IdentityDeps) =>
    getUser({ auth: requireAuth(auth), userId: params.userId }, deps),
});
