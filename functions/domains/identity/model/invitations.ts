/**
 * The invited account's side of an invitation (issue #12 item 1): it sees the invitations waiting
 * for its answer and joins a company only by accepting one. Pure: what is shown, who may accept,
 * and the membership an acceptance creates.
 */

import { AppError } from '@shared/api/errors';
import type { Company, InvitationRecord, MembershipRecord, UserProfile } from '@shared/db/records';
import type { PendingInvitation } from '@shared/schemas/identity';

/** An invitation addressed to an account, with the fields such invitations always carry. */
export type AccountInvitation = InvitationRecord & { invitationId: string; userId: string };

export const isPendingFor = (
  invitation: InvitationRecord,
  userId: string,
  now: Date,
): invitation is AccountInvitation =>
  invitation.userId === userId &&
  typeof invitation.invitationId === 'string' &&
  invitation.expiresAt > now.toISOString();

/** Unknown, expired, answered or somebody else's: all look the same. */
export const invitationNotFound = (): AppError =>
  new AppError('CORE_006', 'La invitación no existe o ha caducado.');

export const alreadyMember = (): AppError => new AppError('CORE_004', 'Ya perteneces a esta empresa.');

/** The platform administrator already sees every company; it never becomes a member of one. */
export const adminCannotJoin = (): AppError =>
  new AppError('CORE_002', 'Un administrador de la plataforma no puede unirse a una empresa.');

/** The caller's pending invitations, newest first; those of companies that no longer exist are left out. */
export function pendingInvitations(
  invitations: AccountInvitation[],
  companies: Company[],
): PendingInvitation[] {
  const names = new Map(companies.map((c) => [c.companyId, c.name]));
  return invitations
    .filter((i) => names.has(i.companyId))
    .map((i) => ({
      invitationId: i.invitationId,
      companyId: i.companyId,
      companyName: names.get(i.companyId)!,
      companyRole: i.companyRole,
      permissions: i.permissions,
      invitedAt: i.createdAt,
      expiresAt: i.expiresAt,
    }))
    .sort((a, b) => b.invitedAt.localeCompare(a.invitedAt));
}

/** The membership an acceptance creates: the role the inviter chose, the names the account has. */
export function membershipOnAccept(
  invitation: AccountInvitation,
  profile: UserProfile,
  now: Date,
): MembershipRecord {
  return {
    companyId: invitation.companyId,
    userId: profile.userId,
    companyRole: invitation.companyRole,
    permissions: invitation.permissions,
    isActive: true,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    ...(invitation.department ? { department: invitation.department } : {}),
    ...(invitation.position ? { position: invitation.position } : {}),
    invitedByUserId: invitation.invitedByUserId,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** What the inviter's bell says when the invitation is accepted. */
export function acceptedNotification(profile: UserProfile, companyId: string, companyName: string) {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return {
    type: 'company_invitation_accepted',
    title: 'Invitación aceptada',
    message: `${name} ha aceptado la invitación a ${companyName}.`,
    severity: 'success' as const,
    link: `/app/companies/${encodeURIComponent(companyId)}/users`,
  };
}
