/**
 * GET users/profile: the caller's profile and company entries. A caller without a profile gets
 * USER_NOT_FOUND (401), on which the client logs out at once (spec part 1 §8).
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { ProfileResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { toUserView } from '../model/user-view';
import { loadUserCompanies } from '../store/accounts';
import { getProfile as readProfile } from '../store/profiles';

/** The route is `user`: the pipeline refuses a request without auth context before the action. */
export function requireAuth(auth: AuthContext | undefined): AuthContext {
  if (!auth) throw new AppError('CORE_001');
  return auth;
}

export async function getProfile(input: { auth: AuthContext }, deps: IdentityDeps): Promise<ProfileResult> {
  const profile = await readProfile(deps, input.auth.userId);
  if (!profile) throw new AppError('USER_NOT_FOUND');
  const { memberships, companies } = await loadUserCompanies(deps, profile);
  return { ...toUserView(profile, memberships), companies };
}

export const getProfileRoute = defineUserAction({
  run: ({ auth }, deps: IdentityDeps) => getProfile({ auth: requireAuth(auth) }, deps),
});
