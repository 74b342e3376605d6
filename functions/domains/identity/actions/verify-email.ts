/**
 * POST auth/verify-email (`?token=` or body): consumes the verification link, confirms the Cognito
 * user (it could not log in before) and marks the profile verified.
 */

import { defineAction } from '@functions/platform/http';
import { errorFields, type Logger } from '@functions/platform/logger';
import { hashToken } from '@functions/platform/tokens';
import type { UserProfile } from '@shared/db/records';
import { TokenInput, type VerifyEmailResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { fromQueryOrBody, LooseFields } from '../input';
import { invalidLink, isInvalidLink } from '../model/refusals';
import { confirmUser, markEmailAttributeVerified } from '../store/cognito';
import { getProfile, updateProfile } from '../store/profiles';
import { consumeToken, releaseToken } from '../store/tokens';

/**
 * Confirms the Cognito user and records the verified e-mail on the profile. Also used by the
 * password reset: following a link mailed to the address proves the address just the same.
 */
export async function confirmAccount(deps: IdentityDeps, profile: UserProfile, log: Logger): Promise<void> {
  await confirmUser(deps, profile.email);
  try {
    await markEmailAttributeVerified(deps, profile.email);
  } catch (e) {
    // Cosmetic: the profile is where the API reads verification from, and login only needs the
    // confirmation above.
    log.warn('email_verified attribute not updated', { userId: profile.userId, ...errorFields(e) });
  }
  if (!profile.emailVerified) await updateProfile(deps, profile.userId, { emailVerified: true }, deps.now());
}

export async function verifyEmail(
  input: { token: string; log: Logger },
  deps: IdentityDeps,
): Promise<VerifyEmailResult> {
  const now = deps.now();
  const tokenHash = hashToken(input.token);
  const record = await consumeToken(deps, tokenHash, 'EMAIL_VERIFY', now);
  if (!record) throw invalidLink();
  try {
    const profile = await getProfile(deps, record.userId);
    if (!profile) throw invalidLink();
    await confirmAccount(deps, profile, input.log);
  } catch (e) {
    // A link that failed for a passing reason (Cognito unavailable) must still work on a retry.
    if (!isInvalidLink(e) && record.usedAt) await releaseToken(deps, tokenHash, record.usedAt);
    throw e;
  }
  input.log.info('email verified', { userId: record.userId });
  return { verified: true, message: 'Tu email se ha verificado. Ya puedes iniciar sesión.' };
}

export const verifyEmailRoute = defineAction({
  query: LooseFields,
  body: LooseFields,
  run: ({ query, body, log }, deps: IdentityDeps) =>
    verifyEmail({ ...fromQueryOrBody(TokenInput, query, body), log }, deps),
});
