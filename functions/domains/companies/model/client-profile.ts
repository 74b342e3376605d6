/**
 * The client portal's ficha and its people, as pure rules (shared/schemas/client-profile.ts documents
 * the contract): what the caller sees, what a PUT may change, and who appears in 'Mis usuarios'.
 */

import { AppError } from '@shared/api/errors';
import type { Company, CompanyRole, MembershipRecord, UserProfile } from '@shared/db/records';
import {
  asksForChanges,
  type ClientContact,
  type ClientProfileView,
  type ClientUsersAnswer,
  type ClientUserView,
  COMPANY_CONTACT_FORBIDDEN,
  type ContactChannel,
  hasMyUsers,
  MY_USERS_NOT_AVAILABLE,
  NOTHING_TO_UPDATE,
  PHONE_NEEDED_FOR_CALLS,
  type UpdateClientProfileBody,
} from '@shared/schemas/client-profile';

/** What the membership item carries for the ficha, beyond `position` (a nested attribute). */
export interface StoredClientContact {
  preferredChannel?: ContactChannel;
  preferredHours?: string;
}

export type ClientMembership = MembershipRecord & { clientContact?: StoredClientContact };

/** Who may change the company's contact fields: its owner and gestor, and ADMIN. */
export const canEditCompanyContact = (isAdmin: boolean, companyRole: CompanyRole | undefined): boolean =>
  isAdmin || companyRole === 'OWNER' || companyRole === 'GESTOR';

export function contactOf(membership: ClientMembership, profile: UserProfile | undefined): ClientContact {
  return {
    phone: profile?.phone ?? null,
    position: membership.position ?? null,
    preferredChannel: membership.clientContact?.preferredChannel ?? null,
    preferredHours: membership.clientContact?.preferredHours ?? null,
  };
}

export function clientProfileView(input: {
  isAdmin: boolean;
  membership: ClientMembership;
  profile: UserProfile | undefined;
  company: Company;
}): ClientProfileView {
  const { membership: m, profile, company } = input;
  return {
    companyId: company.companyId,
    account: {
      userId: m.userId,
      firstName: profile?.firstName ?? m.firstName,
      lastName: profile?.lastName ?? m.lastName,
      email: profile?.email ?? m.email,
    },
    companyRole: m.companyRole,
    permissions: m.companyRole === 'CLIENTE' ? [...m.permissions] : [],
    contact: contactOf(m, profile),
    company: {
      name: company.name,
      nif: company.nif,
      companyType: company.companyType,
      address: { ...company.address },
      email: company.email ?? null,
      phone: company.phone ?? null,
    },
    canEditCompanyContact: canEditCompanyContact(input.isAdmin, m.companyRole),
    updatedAt: m.updatedAt,
  };
}

/** What one PUT writes: each part only when the body touches it. */
export interface ClientProfilePlan {
  membership?: ClientMembership;
  /** The account's phone: a string sets it, null removes it. */
  phone?: string | null;
  company?: Company;
}

/**
 * Applies a PUT body to what was read. Refuses the company's fields to whoever may not manage the
 * company (403, nothing written) and a phone call preference without any phone (400).
 */
export function planClientProfileUpdate(input: {
  isAdmin: boolean;
  membership: ClientMembership;
  profile: UserProfile | undefined;
  company: Company;
  body: UpdateClientProfileBody;
  now: Date;
}): ClientProfilePlan {
  const { membership: m, company, body } = input;
  const at = input.now.toISOString();
  if (!asksForChanges(body)) throw new AppError('CORE_004', NOTHING_TO_UPDATE);
  if (body.company !== undefined && !canEditCompanyContact(input.isAdmin, m.companyRole)) {
    throw new AppError('CORE_002', COMPANY_CONTACT_FORBIDDEN, { field: 'company' });
  }
  const phoneAfter = body.phone === undefined ? (input.profile?.phone ?? null) : body.phone;
  const channelAfter =
    body.preferredChannel === undefined ? (m.clientContact?.preferredChannel ?? null) : body.preferredChannel;
  if (channelAfter === 'PHONE' && !phoneAfter) {
    throw new AppError('CORE_004', PHONE_NEEDED_FOR_CALLS, { field: 'phone' });
  }

  const plan: ClientProfilePlan = {};
  if (body.phone !== undefined && body.phone !== (input.profile?.phone ?? null)) plan.phone = body.phone;

  const touchesMembership =
    body.position !== undefined || body.preferredChannel !== undefined || body.preferredHours !== undefined;
  if (touchesMembership) {
    const contact: StoredClientContact = { ...m.clientContact };
    if (body.preferredChannel === null) delete contact.preferredChannel;
    else if (body.preferredChannel) contact.preferredChannel = body.preferredChannel;
    if (body.preferredHours === null) delete contact.preferredHours;
    else if (body.preferredHours) contact.preferredHours = body.preferredHours;
    const next: ClientMembership = { ...m, clientContact: contact, updatedAt: at };
    if (body.position === null) delete next.position;
    else if (body.position) next.position = body.position;
    plan.membership = next;
  }

  if (body.company) {
    const next: Company = { ...company, updatedAt: at };
    if (body.company.address) next.address = body.company.address;
    if (body.company.email === null) delete next.email;
    else if (body.company.email) next.email = body.company.email;
    if (body.company.phone === null) delete next.phone;
    else if (body.company.phone) next.phone = body.company.phone;
    plan.company = next;
  }
  return plan;
}

const ROLE_ORDER: Record<CompanyRole, number> = { OWNER: 0, GESTOR: 1, MEMBER: 2, CLIENTE: 3 };

/**
 * 'Mis usuarios': a CLIENTE sees the active members of an SL or SA (403 elsewhere); staff and ADMIN
 * see active and inactive members of any company. Owners first, then gestores, members and clients,
 * each by name.
 */
export function clientUsers(input: {
  callerId: string;
  isAdmin: boolean;
  callerRole: CompanyRole | undefined;
  company: Pick<Company, 'companyType'>;
  members: readonly MembershipRecord[];
}): ClientUsersAnswer {
  const isClient = !input.isAdmin && input.callerRole === 'CLIENTE';
  if (isClient && !hasMyUsers(input.company.companyType)) {
    throw new AppError('CORE_002', MY_USERS_NOT_AVAILABLE);
  }
  const users = input.members
    .filter((m) => !isClient || m.isActive)
    .map(
      (m): ClientUserView => ({
        userId: m.userId,
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.email,
        companyRole: m.companyRole,
        permissions: m.companyRole === 'CLIENTE' ? [...m.permissions] : null,
        position: m.position ?? null,
        status: m.isActive ? 'ACTIVE' : 'INACTIVE',
        isYou: m.userId === input.callerId,
      }),
    )
    .sort(
      (a, b) =>
        ROLE_ORDER[a.companyRole] - ROLE_ORDER[b.companyRole] ||
        `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`, 'es') ||
        a.email.localeCompare(b.email),
    );
  return { companyType: input.company.companyType, users };
}
