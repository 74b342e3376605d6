/**
 * The client portal's 'Mi ficha de cliente' and 'Mis usuarios' (spec part 3 §7 'GET and PUT client
 * profile'; spec part 1 client menu). Routes `clientProfile.get|update` and `clientUsers.list`
 * (companies domain, company-scoped, policy `member`).
 *
 * GET /client/profile answers what the gestoría holds about the caller in the selected company:
 * - `account`: the caller's name and e-mail, read-only (they belong to the account: 'Mi perfil').
 * - `contact`: how the gestoría should reach the caller, editable by PUT:
 *   - `phone` is the account's phone (the same one 'Mi perfil' edits: one phone per person);
 *   - `position`, `preferredChannel` (EMAIL, PHONE, VIDEO) and `preferredHours` (free text such as
 *     'Mañanas, de 9:00 a 14:00') are kept on the caller's membership of this company.
 * - `company`: the company's identification as stored (name, NIF, type, address, e-mail, phone),
 *   read-only for everyone here; `canEditCompanyContact` says whether the caller may change the
 *   company's contact fields (address, e-mail, phone) through PUT: its OWNER or GESTOR (and ADMIN).
 *
 * PUT /client/profile (every field optional, at least one; `null` clears an optional field):
 * - the caller's `phone`, `position`, `preferredChannel`, `preferredHours`;
 * - `company: { address?, email?, phone? }`: only an OWNER, GESTOR or ADMIN; anyone else gets 403
 *   CORE_002 and nothing is written. Name, NIF and company type are changed by the gestoría in the
 *   company's own page, never here.
 * - `preferredChannel: 'PHONE'` needs a phone (sent now or already stored): 400 on field `phone`.
 * - every change of one request is written in one transaction (membership, account, company), each
 *   item conditioned on what was read, so a concurrent edit is refused rather than overwritten.
 * - the caller must be a member: an ADMIN acting on a company it does not belong to has no ficha
 *   (404 CORE_006).
 *
 * GET /client/users answers the company's people a client may see: its members with name, e-mail,
 * role, status and, for CLIENTE members, their permissions. A CLIENTE sees the active members and
 * only in an SL or SA (the menu's rule; other company types 403 CORE_002); the company's staff and
 * ADMIN see active and inactive members of any company. Pending invitations are not listed and
 * nobody invites from here (the gestor does, in the company's users page).
 */

import * as z from 'zod';
import type { ClientPermission, CompanyRole, CompanyType } from '../db/records';
import { Email } from './common';
import { AddressSchema } from './companies';
import { safeText } from './text';

export const CONTACT_CHANNELS = ['EMAIL', 'PHONE', 'VIDEO'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const contactChannelLabels: Record<ContactChannel, string> = {
  EMAIL: 'Email',
  PHONE: 'Teléfono',
  VIDEO: 'Videollamada',
};

/** Company types whose clients have 'Mis usuarios' (spec part 1 client menu). */
export const MY_USERS_COMPANY_TYPES = ['SL', 'SA'] as const satisfies readonly CompanyType[];

export const hasMyUsers = (companyType: CompanyType): boolean =>
  (MY_USERS_COMPANY_TYPES as readonly CompanyType[]).includes(companyType);

export const MY_USERS_NOT_AVAILABLE =
  'Mis usuarios solo está disponible para sociedades limitadas y sociedades anónimas.';
export const COMPANY_CONTACT_FORBIDDEN =
  'Solo el propietario o el gestor de la empresa pueden cambiar sus datos de contacto.';
export const PHONE_NEEDED_FOR_CALLS = 'Para que te llamemos, indica un teléfono de contacto.';
export const NO_CLIENT_PROFILE = 'No perteneces a esta empresa: no tienes ficha de cliente en ella.';
export const NOTHING_TO_UPDATE = 'No hay ningún cambio que guardar.';

export const ClientPhone = z
  .string({ message: 'El teléfono no es válido.' })
  .trim()
  .regex(/^\+?[\d\s]{9,15}$/, {
    message:
      'El teléfono no es válido: usa solo cifras, con prefijo opcional (por ejemplo, +34 612 345 678).',
  });

export const ClientEmail = Email;

export const Position = safeText()
  .min(1, { message: 'Indica tu cargo o déjalo vacío.' })
  .max(100, { message: 'El cargo no puede superar 100 caracteres.' });

export const PreferredHours = safeText()
  .min(1, { message: 'Indica tu horario preferido o déjalo vacío.' })
  .max(100, { message: 'El horario preferido no puede superar 100 caracteres.' });

export const ContactChannelSchema = z.enum(CONTACT_CHANNELS, {
  message: 'El canal de contacto debe ser email, teléfono o videollamada.',
});

export const UpdateCompanyContactBody = z
  .object({
    address: AddressSchema,
    email: ClientEmail.nullable(),
    phone: ClientPhone.nullable(),
  })
  .partial()
  .strict();
export type UpdateCompanyContactBody = z.infer<typeof UpdateCompanyContactBody>;

export const UpdateClientProfileBody = z
  .object({
    phone: ClientPhone.nullable(),
    position: Position.nullable(),
    preferredChannel: ContactChannelSchema.nullable(),
    preferredHours: PreferredHours.nullable(),
    company: UpdateCompanyContactBody,
  })
  .partial()
  .strict();
export type UpdateClientProfileBody = z.infer<typeof UpdateClientProfileBody>;

/** Whether a PUT body asks for anything (an empty one, or an empty `company`, is refused: 400). */
export const asksForChanges = (b: UpdateClientProfileBody): boolean =>
  Object.values(b).some((v) => v !== undefined) &&
  (b.company === undefined || Object.values(b.company).some((v) => v !== undefined));

/** The caller's contact data as the gestoría holds it. */
export interface ClientContact {
  phone: string | null;
  position: string | null;
  preferredChannel: ContactChannel | null;
  preferredHours: string | null;
}

export interface ClientProfileView {
  companyId: string;
  account: { userId: string; firstName: string; lastName: string; email: string };
  companyRole: CompanyRole;
  /** The caller's CLIENTE permissions in this company (empty for staff). */
  permissions: ClientPermission[];
  contact: ClientContact;
  company: {
    name: string;
    nif: string;
    companyType: CompanyType;
    address: { street: string; postalCode: string; city: string; province: string; country: string };
    email: string | null;
    phone: string | null;
  };
  canEditCompanyContact: boolean;
  updatedAt: string;
}

export type ClientUserStatus = 'ACTIVE' | 'INACTIVE';

export interface ClientUserView {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  companyRole: CompanyRole;
  /** Only for CLIENTE members; null for the company's staff. */
  permissions: ClientPermission[] | null;
  position: string | null;
  status: ClientUserStatus;
  /** The caller itself. */
  isYou: boolean;
}

export interface ClientUsersAnswer {
  companyType: CompanyType;
  users: ClientUserView[];
}
