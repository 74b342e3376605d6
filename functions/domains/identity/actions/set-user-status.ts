/**
 * PUT admin/users/{userId}/status `{ isActive }` (ADMIN): disables or re-enables an account. A
 * disabled account cannot sign in (Cognito refuses it and login checks the profile), and every
 * session it has ends at once (issue #12 item 3): its access tokens are refused by the pipeline and
 * its refresh tokens revoked.
 */

import { defineUserAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { SetUserStatusBody, UserIdPath, type UserStatusResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { setUserEnabled } from '../store/cognito';
import { getProfile, updateProfile } from '../store/profiles';
import { endSessions } from '../store/sessions';

export async function setUserStatus(
  input: { callerId: string; userId: string; isActive: boolean; log: Logger },
  deps: IdentityDeps,
): Promise<UserStatusResult> {
  if (input.userId === input.callerId && !input.isActive)
    throw new AppError('CORE_004', 'No puedes desactivar tu propia cuenta.', { field: 'isActive' });
  const profile = await getProfile(deps, input.userId);
  if (!profile) throw new AppError('CORE_006', 'El usuario no existe.');
  const now = deps.now();
  // Cognito first: once the user is disabled there, no new session can start while we finish.
  await setUserEnabled(deps, profile.email, input.isActive);
  const updated = await updateProfile(deps, input.userId, { isActive: input.isActive }, now);
  if (!updated) throw new AppError('CORE_006', 'El usuario no existe.');
  if (!input.isActive) await endSessions(deps, { userId: input.userId, username: profile.email }, now);
  input.log.info('user status set', { userId: input.userId, isActive: input.isActive });
  return { userId: input.userId, isActive: input.isActive };
}

export const setUserStatusRoute = defineUserAction({
  params: UserIdPath,
  body: SetUserStatusBody,
  run: ({ params, body, auth, log }, deps: IdentityDeps) =>
    setUserStatus({ callerId: auth.userId, userId: params.userId, isActive: body.isActive, log }, deps),
});
