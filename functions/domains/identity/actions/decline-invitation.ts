/**
 * POST users/invitations/{invitationId}/decline: the invited account says no. Only the invitation
 * is deleted; no membership and no default company are written.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { type InvitationAnswer, InvitationPath } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { invitationNotFound } from '../model/invitations';
import { declineInvitation as storeDecline } from '../store/invitations';
import { requireAuth } from './get-profile';
import { pendingInvitationsOf } from './list-invitations';

export async function declineInvitation(
  input: { auth: AuthContext; invitationId: string },
  deps: IdentityDeps,
): Promise<InvitationAnswer> {
  const { auth, invitationId } = input;
  const invitation = (await pendingInvitationsOf(deps, auth.userId)).find(
    (i) => i.invitationId === invitationId,
  );
  if (!invitation || !(await storeDecline(deps, invitation, deps.now()))) throw invitationNotFound();
  return { invitationId, companyId: invitation.companyId, status: 'DECLINED' };
}

export const declineInvitationRoute = defineUserAction({
  params: InvitationPath,
  run: ({ auth, params }, deps: IdentityDeps) =>
    declineInvitation({ auth: requireAuth(auth), invitationId: params.invitationId }, deps),
});
