/**
 * Client activation (pure): an invitation of the companies domain (an Invitation item and an INVITE
 * single-use token, both written by its invite action) becomes an account: a profile whose e-mail
 * is verified (the link reached the mailbox) and the membership the invitation promised.
 */

import { AppError } from '@shared/api/errors';
import type { Role } from '@shared/api/routes';
import type { InvitationRecord, MembershipRecord, UserProfile } from '@shared/db/records';
import type { ActivateBody } from '@shared/schemas/activation';

/** The token item the invitation stored (`keys.oneTimeToken`), kind INVITE. */
export interface InviteToken {
  kind: string;
  companyId: string;
  email: string;
  expiresAt: string;
  usedAt?: string;
}

export const isUsableInvite = (token: InviteToken | undefined, now: Date): token is InviteToken =>
  token !== undefined &&
  token.kind === 'INVITE' &&
  token.usedAt === undefined &&
  Date.parse(token.expiresAt) > now.getTime();

/** The invitation a link belongs to: the one stored for its company and e-mail, with this token. */
export const invitationMatches = (invitation: InvitationRecord | undefined, tokenHash: string) =>
  invitation !== undefined && invitation.tokenHash === tokenHash;

/** A person invited as the company's GESTOR is an advisor; anybody else is a client user. */
export const groupOfInvitation = (companyRole: InvitationRecord['companyRole']): Role =>
  companyRole === 'GESTOR' ? 'GESTOR' : 'CLIENTE';

export const accountExists = (): AppError =>
  new AppError('CORE_004', 'Ya existe una cuenta con este email. Inicia sesión para ver la empresa.', {
    field: 'token',
  });

export interface ActivationPlan {
  profile: UserProfile;
  membership: MembershipRecord;
}

/** The names the account gets: the ones typed on the activation page, else the inviter's. */
export const activationNames = (
  invitation: Pick<InvitationRecord, 'firstName' | 'lastName'>,
  body: Pick<ActivateBody, 'firstName' | 'lastName'>,
) => ({ firstName: body.firstName ?? invitation.firstName, lastName: body.lastName ?? invitation.lastName });

export function planActivation(
  invitation: InvitationRecord,
  body: Pick<ActivateBody, 'firstName' | 'lastName'>,
  userId: string,
  now: Date,
): ActivationPlan {
  const at = now.toISOString();
  const { firstName, lastName } = activationNames(invitation, body);
  const profile: UserProfile = {
    userId,
    email: invitation.email,
    firstName,
    lastName,
    role: groupOfInvitation(invitation.companyRole),
    isAutonomous: false,
    invitedByUserId: invitation.invitedByUserId,
    defaultCompanyId: invitation.companyId,
    emailVerified: true,
    isActive: true,
    createdAt: at,
    updatedAt: at,
  };
  const membership: MembershipRecord = {
    companyId: invitation.companyId,
    userId,
    companyRole: invitation.companyRole,
    permissions: [...invitation.permissions],
    isActive: true,
    email: invitation.email,
    firstName,
    lastName,
    ...(invitation.department ? { department: invitation.department } : {}),
    ...(invitation.position ? { position: invitation.position } : {}),
    invitedByUserId: invitation.invitedByUserId,
    createdAt: at,
    updatedAt: at,
  };
  return { profile, membership };
}
