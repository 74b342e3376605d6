/**
 * GET auth/activation/validate?token=: whether an invitation link can still activate an account, and
 * what the activation page shows (company, name, masked e-mail). A dead link answers only
 * `{ valid: false }`, whatever the reason, so links cannot be probed.
 */

import { defineAction } from '@functions/platform/http';
import { hashToken } from '@functions/platform/tokens';
import { ActivationValidateQuery, type ActivationValidation } from '@shared/schemas/activation';
import type { IdentityDeps } from '../deps';
import { invitationMatches, isUsableInvite } from '../model/activation';
import { maskEmail } from '../model/mask-email';
import { getCompanyName, getInvitation, getInviteToken } from '../store/activation';

export async function validateActivation(
  input: ActivationValidateQuery,
  deps: IdentityDeps,
): Promise<ActivationValidation> {
  const tokenHash = hashToken(input.token);
  const token = await getInviteToken(deps, tokenHash);
  if (!isUsableInvite(token, deps.now())) return { valid: false };
  const [invitation, companyName] = await Promise.all([
    getInvitation(deps, token.companyId, token.email),
    getCompanyName(deps, token.companyId),
  ]);
  if (!invitationMatches(invitation, tokenHash) || !companyName) return { valid: false };
  return {
    valid: true,
    email: maskEmail(token.email),
    companyName,
    firstName: invitation!.firstName,
    lastName: invitation!.lastName,
    expiresAt: token.expiresAt,
  };
}

export const validateActivationRoute = defineAction({
  query: ActivationValidateQuery,
  run: ({ query }, deps: IdentityDeps) => validateActivation(query, deps),
});
