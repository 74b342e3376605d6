/**
 * POST auth/activation { token, password, firstName?, lastName? }: turns an invitation into an
 * account. Creates the Cognito user (confirmed: the link proved the mailbox; permanent password;
 * group CLIENTE, or GESTOR when invited as the company's gestor), then writes one transaction:
 * the INVITE token consumed, the invitation deleted, e-mail claim, profile and membership. If
 * anything after SignUp fails, the Cognito user is deleted again (as in registration).
 */

import { defineAction } from '@functions/platform/http';
import { errorFields, type Logger } from '@functions/platform/logger';
import { hashToken } from '@functions/platform/tokens';
import { ActivateBody, type ActivationResult } from '@shared/schemas/activation';
import type { IdentityDeps } from '../deps';
import {
  accountExists,
  activationNames,
  groupOfInvitation,
  invitationMatches,
  isUsableInvite,
  planActivation,
} from '../model/activation';
import { invalidLink, passwordPolicyRejected } from '../model/refusals';
import { activateAccount, getInvitation, getInviteToken } from '../store/activation';
import { addToGroup, confirmUser, deleteUser, markEmailAttributeVerified, signUp } from '../store/cognito';
import { isEmailClaimed } from '../store/profiles';

export async function activateClient(
  input: { body: ActivateBody; log: Logger },
  deps: IdentityDeps,
): Promise<ActivationResult> {
  const { body, log } = input;
  const tokenHash = hashToken(body.token);
  const token = await getInviteToken(deps, tokenHash);
  if (!isUsableInvite(token, deps.now())) throw invalidLink();
  const invitation = await getInvitation(deps, token.companyId, token.email);
  if (!invitationMatches(invitation, tokenHash)) throw invalidLink();
  const email = invitation!.email;
  // Somebody who registered after being invited logs in instead (and is added by a new invitation).
  if (await isEmailClaimed(deps, email)) throw accountExists();

  const signed = await signUp(deps, {
    email,
    password: body.password,
    ...activationNames(invitation!, body),
  });
  if (!signed.ok)
    throw signed.reason === 'USER_EXISTS' ? accountExists() : passwordPolicyRejected('password');
  const { userId } = signed;

  try {
    await confirmUser(deps, email);
    await addToGroup(deps, email, groupOfInvitation(invitation!.companyRole));
    await markVerified(deps, email, userId, log);
    const now = deps.now();
    const plan = planActivation(invitation!, body, userId, now);
    const outcome = await activateAccount(deps, { tokenHash, invitation: invitation!, plan }, now);
    if (outcome === 'LINK_INVALID') throw invalidLink();
    if (outcome === 'EMAIL_TAKEN') throw accountExists();
  } catch (e) {
    await compensate(deps, email, userId, log);
    throw e;
  }

  log.info('client activated', { userId, companyId: invitation!.companyId });
  return { userId, email };
}

/** Cosmetic for the API (the profile says emailVerified), but AWS would otherwise keep it false. */
async function markVerified(deps: IdentityDeps, email: string, userId: string, log: Logger): Promise<void> {
  try {
    await markEmailAttributeVerified(deps, email);
  } catch (e) {
    log.warn('email_verified attribute not updated', { userId, ...errorFields(e) });
  }
}

async function compensate(deps: IdentityDeps, email: string, userId: string, log: Logger): Promise<void> {
  try {
    await deleteUser(deps, email);
    log.warn('activation rolled back', { userId });
  } catch (e) {
    log.error('activation compensation failed: orphan Cognito user', { userId, ...errorFields(e) });
  }
}

export const activateClientRoute = defineAction({
  body: ActivateBody,
  status: 201,
  run: ({ body, log }, deps: IdentityDeps) => activateClient({ body, log }, deps),
});
