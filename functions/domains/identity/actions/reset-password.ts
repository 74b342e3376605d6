/**
 * POST auth/reset-password (`?token=&newPassword=` or body): consumes the reset link (single use:
 * one conditional update wins), sets the new password permanently and clears the login lock-out.
 */

import { defineAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { type MessageResult, ResetPasswordInput } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { fromQueryOrBody, LooseFields } from '../input';
import { hashToken } from '@functions/platform/tokens';
import { invalidLink, isInvalidLink, passwordPolicyRejected } from '../model/refusals';
import { setPermanentPassword } from '../store/cognito';
import { resetLoginAttempts } from '../store/login-attempts';
import { getProfile } from '../store/profiles';
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
  // A new password ends any lock-out of the old one.
  await resetLoginAttempts(deps, email);
  input.log.info('password reset', { userId: record.userId });
  return { message: 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión.' };
}

export const resetPasswordRoute = defineAction({
  query: LooseFields,
  body: LooseFields,
  run: ({ query, body, log }, deps: IdentityDeps) =>
    resetPassword({ ...fromQueryOrBody(ResetPasswordInput, query, body), log }, deps),
});
