/**
 * POST auth/reset-password (`?token=&newPassword=` or body): consumes the reset link (single use:
 * one conditional update wins), sets the new password permanently, clears the login delay and ends
 * every session begun before (issue #12 item 3).
 */

import { defineAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { hashToken } from '@functions/platform/tokens';
import { keys } from '@shared/db/keys';
import { type MessageResult, ResetPasswordInput } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { fromQueryOrBody, LooseFields } from '../input';
import { invalidLink, isInvalidLink, passwordPolicyRejected } from '../model/refusals';
import { setPermanentPassword } from '../store/cognito';
import { clearFailedAttempts } from '../store/login-attempts';
import { getProfile } from '../store/profiles';
import { endSessions } from '../store/sessions';
import { consumeToken, releaseToken } from '../store/tokens';
import { confirmAccount } from './verify-email';

export async function resetPassword(
  input: ResetPasswordInput & { log: Logger },
  deps: IdentityDeps,
): Promise<MessageResult> {
  const tokenHash = hashToken(input.token);
  const record = await consumeToken(deps, tokenHash, 'PASSWORD_RESET', deps.now());
  if (!record) throw invalidLink();
  let email: string;
  try {
    const profile = await getProfile(deps, record.userId);
    if (!profile || profile.isActive === false) throw invalidLink();
    email = profile.email;
    // The link reached the account's mailbox, which verifies the address as well as a verification
    // link would: confirm an unverified user first, so it can log in with the new password.
    if (!profile.emailVerified) await confirmAccount(deps, profile, input.log);
    const outcome = await setPermanentPassword(deps, email, input.newPassword);
    if (outcome === 'USER_NOT_FOUND') throw invalidLink();
    if (outcome === 'INVALID_PASSWORD') throw passwordPolicyRejected('newPassword');
  } catch (e) {
    // Give the link back unless it is dead for good, so the user can retry with it.
    if (!isInvalidLink(e) && record.usedAt) await releaseToken(deps, tokenHash, record.usedAt);
    throw e;
  }
  // A new password ends any delay of the old one, and every session opened with the old one.
  await clearFailedAttempts(deps, keys.loginAttempts(email));
  await endSessions(deps, { userId: record.userId, username: email }, deps.now());
  input.log.info('password reset', { userId: record.userId });
  return { message: 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión.' };
}

export const resetPasswordRoute = defineAction({
  query: LooseFields,
  body: LooseFields,
  run: ({ query, body, log }, deps: IdentityDeps) =>
    resetPassword({ ...fromQueryOrBody(ResetPasswordInput, query, body), log }, deps),
});
