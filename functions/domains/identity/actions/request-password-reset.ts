/**
 * POST auth/forgot-password (`?email=` or body): mails a single-use reset link (1 h) when an active
 * account has that e-mail. The answer is the same either way, so e-mails cannot be enumerated. At
 * most 5 requests per e-mail address in 15 minutes (429 with Retry-After), counted whether or not
 * the account exists.
 */

import { defineAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { EmailInput, type MessageResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { fromQueryOrBody, LooseFields } from '../input';
import { linkWithToken, resetPasswordMail } from '../model/mails';
import { issueToken } from '../model/one-time-token';
import { rateLimited } from '../model/refusals';
import { findProfileByEmail } from '../store/profiles';
import { retryAfterOverLimit } from '../store/rate-limits';
import { putTokenWithMail } from '../store/tokens';

export const RESET_PASSWORD_PATH = '/auth/reset-password';

export const FORGOT_PASSWORD_MESSAGE =
  'Si existe una cuenta con ese email, recibirás en unos minutos un enlace para restablecer tu contraseña.';

export async function requestPasswordReset(
  input: { email: string; log: Logger },
  deps: IdentityDeps,
): Promise<MessageResult> {
  const now = deps.now();
  const wait = await retryAfterOverLimit(deps, 'FORGOT_PASSWORD', input.email, now);
  if (wait) throw rateLimited(wait);
  const profile = await findProfileByEmail(deps, input.email);
  if (profile && profile.isActive !== false) {
    const { token, record } = issueToken('PASSWORD_RESET', profile, now, deps.randomBytes);
    const message = resetPasswordMail({
      to: profile.email,
      firstName: profile.firstName,
      link: linkWithToken(deps.appUrl, RESET_PASSWORD_PATH, token),
    });
    await putTokenWithMail(deps, record, { outboxId: deps.newId(), message }, now);
    input.log.info('password reset link issued', { userId: profile.userId });
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export const requestPasswordResetRoute = defineAction({
  query: LooseFields,
  body: LooseFields,
  run: ({ query, body, log }, deps: IdentityDeps) =>
    requestPasswordReset({ ...fromQueryOrBody(EmailInput, query, body), log }, deps),
});
