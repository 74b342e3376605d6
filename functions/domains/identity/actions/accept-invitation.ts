/**
 * POST users/invitations/{invitationId}/accept: the invited account joins the company. One
 * transaction: the invitation deleted (only while still pending for this account), the membership
 * created, the company made default if the account had none, and the inviter notified.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type InvitationAnswer, InvitationPath } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import {
  acceptedNotification,
  adminCannotJoin,
  alreadyMember,
  invitationNotFound,
  membershipOnAccept,
} from '../model/invitations';
import { getCompanyName } from '../store/activation';
import { notificationItems, acceptInvitation as storeAcceptance } from '../store/invitations';
import { getProfile } from '../store/profiles';
import { requireAuth } from './get-profile';
import { pendingInvitationsOf } from './list-invitations';

export async function acceptInvitation(
  input: { auth: AuthContext; invitationId: string },
  deps: IdentityDeps,
): Promise<InvitationAnswer> {
  const { auth, invitationId } = input;
  const [profile, invitations] = await Promise.all([
    getProfile(deps, auth.userId),
    pendingInvitationsOf(deps, auth.userId),
  ]);
  if (!profile) throw new AppError('USER_NOT_FOUND');
  const invitation = invitations.find((i) => i.invitationId === invitationId);
  if (!invitation) throw invitationNotFound();
  if (auth.isAdmin) throw adminCannotJoin();
  const companyName = await getCompanyName(deps, invitation.companyId);
  if (companyName === undefined) throw invitationNotFound();

  const now = deps.now();
  const notify = await notificationItems(deps, {
    ...acceptedNotification(profile, invitation.companyId, companyName),
    userId: invitation.invitedByUserId,
    companyId: invitation.companyId,
  });
  const membership = membershipOnAccept(invitation, profile, now);
  const outcome = await storeAcceptance(deps, { invitation, membership, notify }, now);
  if (outcome === 'NOT_PENDING') throw invitationNotFound();
  if (outcome === 'ALREADY_MEMBER') throw alreadyMember();
  return { invitationId, companyId: invitation.companyId, status: 'ACCEPTED' };
}

export const acceptInvitationRoute = defineUserAction({
  params: InvitationPath,
  run: ({ auth, params }, deps: IdentityDeps) =>
    acceptInvitation({ auth: requireAuth(auth), invitationId: params.invitationId }, deps),
});
