/**
 * POST auth/register: creates the Cognito user (unconfirmed until the e-mail is verified), puts it
 * in its group, then writes the whole account in one transaction: e-mail claim, profile, first
 * company with its OWNER membership (autónomo, company owner), verification token and its mail.
 * If anything after SignUp fails, the Cognito user is deleted again, so nothing is half-created.
 */

import { defineAction } from '@functions/platform/http';
import { errorFields, type Logger } from '@functions/platform/logger';
import { RegisterBody, type RegisterResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { linkWithToken, verificationMail } from '../model/mails';
import { issueToken } from '../model/one-time-token';
import { emailTaken, passwordPolicyRejected } from '../model/refusals';
import { groupOf, planRegistration } from '../model/registration';
import { addToGroup, deleteUser, signUp } from '../store/cognito';
import { isEmailClaimed } from '../store/profiles';
import { createAccount } from '../store/registration';

export const VERIFY_EMAIL_PATH = '/auth/verify-email';

export async function registerAccount(
  input: { body: RegisterBody; log: Logger },
  deps: IdentityDeps,
): Promise<RegisterResult> {
  const { body, log } = input;
  // Cheap early answer for the common case; the transaction's claim still decides under races.
  if (await isEmailClaimed(deps, body.email)) throw emailTaken();

  const signed = await signUp(deps, body);
  if (!signed.ok) throw signed.reason === 'USER_EXISTS' ? emailTaken() : passwordPolicyRejected('password');
  const { userId } = signed;

  try {
    await addToGroup(deps, body.email, groupOf(body.accountType));
    const now = deps.now();
    const plan = planRegistration(body, { userId, companyId: deps.newId() }, now);
    const { token, record } = issueToken(
      'EMAIL_VERIFY',
      { userId, email: body.email },
      now,
      deps.randomBytes,
    );
    const mail = verificationMail({
      to: body.email,
      firstName: body.firstName,
      link: linkWithToken(deps.appUrl, VERIFY_EMAIL_PATH, token),
    });
    const outcome = await createAccount(deps, plan, { token: record, outboxId: deps.newId(), mail }, now);
    if (outcome === 'EMAIL_TAKEN') throw emailTaken();
  } catch (e) {
    await compensate(deps, body.email, userId, log);
    throw e;
  }

  log.info('account registered', { userId, accountType: body.accountType });
  return { userId, email: body.email, requiresEmailVerification: true };
}

/** Deletes the Cognito user of a failed registration; a failure here is logged, never masks the cause. */
async function compensate(deps: IdentityDeps, email: string, userId: string, log: Logger): Promise<void> {
  try {
    await deleteUser(deps, email);
    log.warn('registration rolled back', { userId });
  } catch (e) {
    log.error('registration compensation failed: orphan Cognito user', { userId, ...errorFields(e) });
  }
}

export const registerAccountRoute = defineAction({
  body: RegisterBody,
  status: 201,
  run: ({ body, log }, deps: IdentityDeps) => registerAccount({ body, log }, deps),
});
