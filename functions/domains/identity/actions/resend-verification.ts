/**
 * POST auth/verify-email/resend?userId=: a new verification link for an unverified account. The
 * answer is the same whether the account exists, is verified or not (no enumeration).
 */

import { defineAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import type { UserProfile } from '@shared/db/records';
import { type MessageResult, ResendVerificationQuery } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { linkWithToken, verificationMail } from '../model/mails';
import { issueToken } from '../model/one-time-token';
import { rateLimited } from '../model/refusals';
import { getProfile } from '../store/profiles';
import { retryAfterOverLimit } from '../store/rate-limits';
import { putTokenWithMail } from '../store/tokens';
import { VERIFY_EMAIL_PATH } from './register-account';

export const RESEND_MESSAGE =
  'Si la cuenta existe y está pendiente de verificación, te hemos enviado un nuevo enlace de verificación.';

/** Issues a fresh verification token and its mail when the profile still needs one. */
export async function sendVerificationLink(
  deps: IdentityDeps,
  profile: UserProfile | undefined,
  log: Logger,
): Promise<MessageResult> {
  if (profile && !profile.emailVerified && profile.isActive !== false) {
    const now = deps.now();
    const { token, record } = issueToken('EMAIL_VERIFY', profile, now, deps.randomBytes);
    const message = verificationMail({
      to: profile.email,
      firstName: profile.firstName,
      link: linkWithToken(deps.appUrl, VERIFY_EMAIL_PATH, token),
    });
    await putTokenWithMail(deps, record, { outboxId: deps.newId(), message }, now);
    log.info('verification link reissued', { userId: profile.userId });
  }
  return { message: RESEND_MESSAGE };
}

export async function resendVerification(
  input: ResendVerificationQuery & { log: Logger },
  deps: IdentityDeps,
): Promise<MessageResult> {
  const wait = await retryAfterOverLimit(deps, 'VERIFY_EMAIL_RESEND', input.userId, deps.now());
  if (wait) throw rateLimited(wait);
  return sendVerificationLink(deps, await getProfile(deps, input.userId), input.log);
}

export const resendVerificationRoute = defineAction({
  query: ResendVerificationQuery,
  run: ({ query, log }, deps: IdentityDeps) => resendVerification({ ...query, log }, deps),
});
