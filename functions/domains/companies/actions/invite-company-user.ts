import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { hashToken, newToken } from '@functions/platform/tokens';
import { AppError } from '@shared/api/errors';
import { mailOutboxItem } from '@shared/db/outbox';
import { CLIENT_PERMISSIONS, type MembershipRecord } from '@shared/db/records';
import { CompanyPath, InviteCompanyUserBody } from '@shared/schemas/companies';
import { getCompany, getProfile } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import {
  addMembership,
  createInvitation,
  findUserIdByEmail,
  touchProfileDefault,
} from '../store/memberships';

const INVITE_DAYS = 7;

/**
 * Invites someone to a company. A person who already has an account joins at once; anybody else
 * gets an invitation e-mail with a single-use activation link, written in the same transaction as
 * the invitation so it cannot be lost.
 */
export async function inviteCompanyUser(
  input: { auth: AuthContext; scope: CompanyScope; body: InviteCompanyUserBody },
  deps: CompaniesDeps,
) {
  const { auth, scope, body } = input;
  const company = await getCompany(deps, scope.companyId);
  if (!company) throw new AppError('CORE_006', 'La empresa no existe.');
  const now = deps.now();
  const permissions = body.companyRole === 'CLIENTE' ? body.permissions : [...CLIENT_PERMISSIONS];

  const existingUserId = await findUserIdByEmail(deps, body.email);
  if (existingUserId) {
    const profile = await getProfile(deps, existingUserId);
    const membership: MembershipRecord = {
      companyId: scope.companyId,
      userId: existingUserId,
      companyRole: body.companyRole,
      permissions,
      isActive: true,
      email: body.email,
      firstName: profile?.firstName ?? body.firstName,
      lastName: profile?.lastName ?? body.lastName,
      ...(body.department ? { department: body.department } : {}),
      ...(body.position ? { position: body.position } : {}),
      invitedByUserId: auth.userId,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await addMembership(deps, membership);
    await touchProfileDefault(deps, existingUserId, scope.companyId);
    return { status: 'ADDED' as const, userId: existingUserId, email: body.email };
  }

  const token = newToken();
  const tokenHash = hashToken(token);
  const expires = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
  const ttl = Math.floor(expires.getTime() / 1000);
  const link = `${deps.appUrl}/client/activate?token=${encodeURIComponent(token)}`;
  const invitation = {
    companyId: scope.companyId,
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    companyRole: body.companyRole,
    permissions,
    ...(body.department ? { department: body.department } : {}),
    ...(body.position ? { position: body.position } : {}),
    invitedByUserId: auth.userId,
    tokenHash,
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
  };
  await createInvitation(
    deps,
    invitation,
    ttl,
    mailOutboxItem(
      deps.newId(),
      {
        to: [body.email],
        template: 'company-invitation',
        companyId: scope.companyId,
        subject: `Te han invitado a ${company.name} en Cuadra`,
        text: [
          `Hola ${body.firstName}:`,
          '',
          `Te han invitado a acceder a ${company.name} (${company.nif}) en Cuadra.`,
          `Activa tu cuenta desde este enlace (válido durante ${INVITE_DAYS} días):`,
          link,
          '',
          'Si no esperabas esta invitación, ignora este mensaje.',
        ].join('\n'),
      },
      now,
    ),
  );
  return { status: 'INVITED' as const, userId: null, email: body.email, expiresAt: invitation.expiresAt };
}

export const inviteCompanyUserRoute = defineCompanyAction({
  params: CompanyPath,
  body: InviteCompanyUserBody,
  status: 201,
  run: ({ auth, scope, body }, deps: CompaniesDeps) => inviteCompanyUser({ auth, scope, body }, deps),
});
