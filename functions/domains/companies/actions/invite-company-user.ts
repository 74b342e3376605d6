import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { hashToken, newToken } from '@functions/platform/tokens';
import { AppError } from '@shared/api/errors';
import { mailOutboxItem } from '@shared/db/outbox';
import type { Company, UserProfile } from '@shared/db/records';
import { CompanyPath, InviteCompanyUserBody, type InviteCompanyUserResult } from '@shared/schemas/companies';
import {
  activationMail,
  baseInvitation,
  consentMail,
  type InvitationTimes,
  invitationNotification,
  invitationTimes,
  inviteResult,
} from '../model/invitation';
import { getCompany } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import {
  createInvitation,
  findAccountByEmail,
  getMembership,
  invitationNotificationItems,
} from '../store/memberships';

/**
 * Invites someone to a company (issue #12 item 1: no one joins without consent). Nobody is added
 * here: an existing account gets a pending invitation it accepts or declines in the app (e-mail and
 * bell notification), anybody else an e-mail with a single-use activation link. Either way the
 * invitation and what announces it are one transaction, and the answer is the same, without a user
 * id, so the route cannot be used to find out who has an account.
 */
export async function inviteCompanyUser(
  input: { auth: AuthContext; scope: CompanyScope; body: InviteCompanyUserBody },
  deps: CompaniesDeps,
): Promise<InviteCompanyUserResult> {
  const { auth, scope, body } = input;
  const company = await getCompany(deps, scope.companyId);
  if (!company) throw new AppError('CORE_006', 'La empresa no existe.');
  const times = invitationTimes(deps.now());
  const invitee = await findAccountByEmail(deps, body.email);
  const args = { auth, body, company, times };
  return invitee ? inviteAccount(args, invitee, deps) : inviteByLink(args, deps);
}

interface InviteArgs {
  auth: AuthContext;
  body: InviteCompanyUserBody;
  company: Company;
  times: InvitationTimes;
}

const newInvitation = ({ auth, body, company, times }: InviteArgs, deps: CompaniesDeps) =>
  baseInvitation(
    { companyId: company.companyId, invitationId: deps.newId(), invitedByUserId: auth.userId, body },
    times,
  );

/** An existing account: a pending invitation, an e-mail and a bell notification; no membership. */
async function inviteAccount(args: InviteArgs, invitee: UserProfile, deps: CompaniesDeps) {
  const invitation = { ...newInvitation(args, deps), userId: invitee.userId };
  const [member, notification] = await Promise.all([
    getMembership(deps, args.company.companyId, invitee.userId),
    invitationNotificationItems(deps, invitee, invitationNotification(invitation, args.company)),
  ]);
  // Only tells what the company's own user list already shows to whoever may invite.
  if (member) throw new AppError('CORE_004', 'Este usuario ya pertenece a la empresa.', { field: 'email' });
  const mail = consentMail(invitation, invitee, args.company, deps.appUrl);
  await createInvitation(deps, {
    invitation,
    ttl: args.times.ttl,
    mail: mailOutboxItem(deps.newId(), mail, args.times.now),
    notification,
  });
  return inviteResult(invitation);
}

/** Someone without an account: an e-mail with a single-use link to activate one (/client/activate). */
async function inviteByLink(args: InviteArgs, deps: CompaniesDeps) {
  const token = newToken();
  const invitation = { ...newInvitation(args, deps), tokenHash: hashToken(token) };
  const link = `${deps.appUrl}/client/activate?token=${encodeURIComponent(token)}`;
  const mail = activationMail(invitation, args.company, link);
  await createInvitation(deps, {
    invitation,
    ttl: args.times.ttl,
    mail: mailOutboxItem(deps.newId(), mail, args.times.now),
  });
  return inviteResult(invitation);
}

export const inviteCompanyUserRoute = defineCompanyAction({
  params: CompanyPath,
  body: InviteCompanyUserBody,
  status: 201,
  run: ({ auth, scope, body }, deps: CompaniesDeps) => inviteCompanyUser({ auth, scope, body }, deps),
});
