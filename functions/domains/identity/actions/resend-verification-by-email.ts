/** POST auth/verify-email/resend-by-email `{ email }`: like resend, for a client that only knows the e-mail. */

import { defineAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { EmailInput, type MessageResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { fromQueryOrBody, LooseFields } from '../input';
import { rateLimited } from '../model/refusals';
import { findProfileByEmail } from '../store/profiles';
import { retryAfterOverLimit } from '../store/rate-limits';
import { sendVerificationLink } from './resend-verification';

export async function resendVerificationByEmail(
  input: EmailInput & { log: Logger },
  deps: IdentityDeps,
): Promise<MessageResult> {
  // Counted per address, like resend by user id: one mailbox gets at most 5 links in 15 minutes.
  const wait = await retryAfterOverLimit(deps, 'VERIFY_EMAIL_RESEND', input.email, deps.now());
  if (wait) throw rateLimited(wait);
  return sendVerificationLink(deps, await findProfileByEmail(deps, input.email), input.log);
}

export const resendVerificationByEmailRoute = defineAction({
  query: LooseFields,
  body: LooseFields,
  run: ({ query, body, log }, deps: IdentityDeps) =>
    resendVerificationByEmail({ ...fromQueryOrBody(EmailInput, query, body), log }, deps),
});
