/** PUT users/profile: the caller's names and phone (e-mail and role are not editable here). */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type ProfileResult, UpdateProfileBody } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { toUserView } from '../model/user-view';
import { loadUserCompanies } from '../store/accounts';
import { refreshMemberNames } from '../store/memberships';
import { updateProfile as writeProfile } from '../store/profiles';
import { requireAuth } from './get-profile';

export async function updateProfile(
  input: { auth: AuthContext; body: UpdateProfileBody },
  deps: IdentityDeps,
): Promise<ProfileResult> {
  const now = deps.now();
  const profile = await writeProfile(deps, input.auth.userId, input.body, now);
  if (!profile) throw new AppError('USER_NOT_FOUND');
  const { memberships, companies } = await loadUserCompanies(deps, profile);
  const renamed = input.body.firstName !== undefined || input.body.lastName !== undefined;
  if (renamed) await refreshMemberNames(deps, memberships, profile, now);
  return { ...toUserView(profile, memberships), companies };
}

export const updateProfileRoute = defineUserAction({
  body: UpdateProfileBody,
  run: ({ auth, body }, deps: IdentityDeps) => updateProfile({ auth: requireAuth(auth), body }, deps),
});
