/**
 * GET users/invitations: the invitations waiting for the caller's answer. The caller is not a member
 * of those companies until it accepts (issue #12 item 1).
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { PendingInvitation } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { type AccountInvitation, isPendingFor, pendingInvitations } from '../model/invitations';
import { invitationsOfUser } from '../store/invitations';
import { getCompanies } from '../store/memberships';
import { requireAuth } from './get-profile';

/** The caller's invitations that can still be answered. */
export async function pendingInvitationsOf(deps: IdentityDeps, userId: string): Promise<AccountInvitation[]> {
  const now = deps.now();
  return (await invitationsOfUser(deps, userId)).filter((i) => isPendingFor(i, userId, now));
}

export async function listInvitations(
  input: { auth: AuthContext },
  deps: IdentityDeps,
): Promise<PendingInvitation[]> {
  const invitations = await pendingInvitationsOf(deps, input.auth.userId);
  if (invitations.length === 0) return [];
  const companies = await getCompanies(
    deps,
    invitations.map((i) => i.companyId),
  );
  return pendingInvitations(invitations, companies);
}

export const listInvitationsRoute = defineUserAction({
  run: ({ auth }, deps: IdentityDeps) => listInvitations({ auth: requireAuth(auth) }, deps),
});
