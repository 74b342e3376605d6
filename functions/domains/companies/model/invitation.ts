/**
 * Invitations to a company (issue #12 item 1): nobody joins without consent. Someone without an
 * account gets a link to activate one; an existing account is asked in the app and joins only when
 * it accepts. The inviter gets the same answer either way, so the route cannot tell who has an
 * account. Pure: the records, mails and notification the invite action writes.
 */

import type { Company, CompanyRole, InvitationRecord, UserProfile } from '@shared/db/records';
import { CLIENT_PERMISSIONS } from '@shared/db/records';
import type { InviteCompanyUserBody, InviteCompanyUserResult } from '@shared/schemas/companies';

export const INVITE_DAYS = 7;

/** Where the invited account answers (the profile page's invitations section). */
export const INVITATIONS_LINK = '/app/profile#invitaciones';

/** The notification type of an invitation (category `system` of the preferences). */
export const INVITATION_NOTIFICATION_TYPE = 'company_invitation';

const ROLE_LABELS: Record<CompanyRole, string> = {
  OWNER: 'titular',
  GESTOR: 'gestor',
  CLIENTE: 'cliente',
  MEMBER: 'miembro',
};

export interface InvitationTimes {
  now: Date;
  expires: Date;
  /** Epoch seconds: DynamoDB removes the invitation (and its link) after it expires. */
  ttl: number;
}

export function invitationTimes(now: Date): InvitationTimes {
  const expires = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
  return { now, expires, ttl: Math.floor(expires.getTime() / 1000) };
}

/** The invitation as the inviter wrote it; `userId` or `tokenHash` is added by who is invited. */
export function baseInvitation(
  input: { companyId: string; invitationId: string; invitedByUserId: string; body: InviteCompanyUserBody },
  times: InvitationTimes,
): InvitationRecord {
  const { body } = input;
  return {
    invitationId: input.invitationId,
    companyId: input.companyId,
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    companyRole: body.companyRole,
    permissions: body.companyRole === 'CLIENTE' ? body.permissions : [...CLIENT_PERMISSIONS],
    ...(body.department ? { department: body.department } : {}),
    ...(body.position ? { position: body.position } : {}),
    invitedByUserId: input.invitedByUserId,
    createdAt: times.now.toISOString(),
    expiresAt: times.expires.toISOString(),
  };
}

/** One answer for every e-mail: no user id, no "added". */
export const inviteResult = (invitation: InvitationRecord): InviteCompanyUserResult => ({
  status: 'INVITED',
  email: invitation.email,
  expiresAt: invitation.expiresAt,
});

const subjectOf = (company: Company) => `Te han invitado a ${company.name} en Cuadra`;

/** The mail of someone without an account: a single-use link to activate one. */
export function activationMail(invitation: InvitationRecord, company: Company, activationUrl: string) {
  return {
    to: [invitation.email],
    template: 'company-invitation',
    companyId: company.companyId,
    subject: subjectOf(company),
    text: [
      `Hola ${invitation.firstName}:`,
      '',
      `Te han invitado a acceder a ${company.name} (${company.nif}) en Cuadra.`,
      `Activa tu cuenta desde este enlace (válido durante ${INVITE_DAYS} días):`,
      activationUrl,
      '',
      'Si no esperabas esta invitación, ignora este mensaje.',
    ].join('\n'),
  };
}

/** The mail of an existing account: it joins only if it accepts in the app. */
export function consentMail(
  invitation: InvitationRecord,
  invitee: UserProfile,
  company: Company,
  appUrl: string,
) {
  return {
    to: [invitee.email],
    template: 'company-invitation-existing',
    companyId: company.companyId,
    subject: subjectOf(company),
    text: [
      `Hola ${invitee.firstName}:`,
      '',
      `Te han invitado a unirte a ${company.name} (${company.nif}) en Cuadra como ${ROLE_LABELS[invitation.companyRole]}.`,
      'No formarás parte de la empresa hasta que aceptes la invitación.',
      `Entra en Cuadra para aceptarla o rechazarla (caduca en ${INVITE_DAYS} días):`,
      `${appUrl}${INVITATIONS_LINK}`,
      '',
      'Si no esperabas esta invitación, recházala o ignora este mensaje.',
    ].join('\n'),
  };
}

/** The bell notification of an existing account, shown in a company it already belongs to. */
export function invitationNotification(invitation: InvitationRecord, company: Company) {
  return {
    type: INVITATION_NOTIFICATION_TYPE,
    title: 'Invitación a una empresa',
    message: `${company.name} te invita a unirte como ${ROLE_LABELS[invitation.companyRole]}. Acéptala o recházala en tu perfil.`,
    severity: 'info' as const,
    link: INVITATIONS_LINK,
  };
}
