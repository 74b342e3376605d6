/**
 * GET users/{userId}: another user, for the user itself or an ADMIN (the public profile), or for a
 * member who manages users of a company both belong to (name, e-mail and role there only). Anyone
 * else gets the 404 of a missing user, so existence is not revealed (issue #12 item 1).
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type ManagedUser, type PublicUser, UserIdPath } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { sharedManagedMemberships, toManagedUser } from '../model/user-access';
import { toPublicUser } from '../model/user-view';
import { listUserMemberships } from '../store/memberships';
import { getProfile } from '../store/profiles';
import { requireAuth } from './get-profile';

export async function getUser(
  input: { auth: AuthContext; userId: string },
  deps: IdentityDeps,
): Promise<PublicUser | ManagedUser> {
  const { auth, userId } = input;
  const self = auth.userId === userId;
  if (self || auth.isAdmin) {
    const profile = await getProfile(deps, userId);
    if (!profile) throw new AppError(self ? 'USER_NOT_FOUND' : 'CORE_006');
    return toPublicUser(profile);
  }
  const [mine, theirs] = await Promise.all([
    listUserMemberships(deps, auth.userId),
    listUserMemberships(deps, userId),
  ]);
  const shared = sharedManagedMemberships(mine, theirs);
  if (shared.length === 0) throw new AppError('CORE_006');
  return toManagedUser(userId, shared);
}

export const getUserRoute = defineUserAction({
  params: UserIdPath,
  run: ({ auth, params }, deps: IdentityDeps) =>
    getUser({ auth: requireAuth(auth), userId: params.userId }, deps),
});
