/**
 * Request and response contracts of the identity domain: authentication on Cognito and the users
 * endpoints (spec part 1 §3 and §7). The web reads the same schemas for its forms, so the password
 * policy and the registration rules are written once, here.
 */

import * as z from 'zod';
import type { Role } from '../api/routes';
import type { ClientPermission, CompanyRole } from '../db/records';
import { validateTaxId } from '../fiscal/nif';
import { Email, Id } from './common';
import { AddressSchema, type CompanyEntry } from './companies';
import { PASSWORD_MAX_LENGTH, passwordProblems } from './password';
import { safeText } from './text';

// --- password policy ----------------------------------------------------------------------------

// The rule itself (12+ characters, no control characters, not a common password) lives in password.ts.
export { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblems } from './password';

/** A new password (registration, reset, change): never trimmed, the policy applies. */
export const Password = z
  .string({ message: 'La contraseña es obligatoria.' })
  .max(PASSWORD_MAX_LENGTH, { message: `La contraseña no puede superar ${PASSWORD_MAX_LENGTH} caracteres.` })
  .superRefine((value, ctx) => {
    const [first] = passwordProblems(value);
    if (first) ctx.addIssue({ code: 'custom', message: first });
  });

/** An existing password (login, current password): only presence is checked. */
const ExistingPassword = z
  .string({ message: 'La contraseña es obligatoria.' })
  .min(1, { message: 'La contraseña es obligatoria.' })
  .max(PASSWORD_MAX_LENGTH, { message: 'La contraseña no es válida.' });

const PersonName = (label: string) =>
  z
    .string({ message: `${label} es obligatorio.` })
    .trim()
    .min(1, { message: `${label} es obligatorio.` })
    .max(100, { message: `${label} no puede superar 100 caracteres.` });

const Phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s]{9,15}$/, { message: 'El teléfono no es válido.' });

/** Single-use tokens travel in links; the length bound only keeps garbage out of the lookup. */
const LinkToken = z
  .string({ message: 'El enlace no es válido o ha caducado.' })
  .trim()
  .min(1, { message: 'El enlace no es válido o ha caducado.' })
  .max(200, { message: 'El enlace no es válido o ha caducado.' });

// --- login, session -----------------------------------------------------------------------------

export const LoginBody = z.object({
  email: Email,
  password: ExistingPassword,
  rememberMe: z.boolean().default(false),
});
export type LoginBody = z.infer<typeof LoginBody>;

const RefreshToken = z
  .string({ message: 'El refresh token es obligatorio.' })
  .trim()
  .min(1, { message: 'El refresh token es obligatorio.' })
  .max(8192)
  // JWT/JWE segments only: control characters or lone surrogates are never part of one (issue #12).
  .regex(/^[\w.~+/=-]+$/, { message: 'El refresh token no es válido.' });

export const RefreshBody = z.object({ refreshToken: RefreshToken });
export type RefreshBody = z.infer<typeof RefreshBody>;

/** Logout is idempotent: a client that lost its refresh token may still call it. */
export const LogoutBody = z.object({ refreshToken: RefreshToken.optional() }).optional();
export type LogoutBody = z.infer<typeof LogoutBody>;

// --- registration ---------------------------------------------------------------------------------

export const ACCOUNT_TYPES = ['AUTONOMO', 'COMPANY', 'GESTORIA'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Company types a company owner may register with; AUTONOMO is implied by the account type. */
export const SOCIETY_TYPES = ['SL', 'SA', 'CB', 'SC'] as const;

const RegisterCompany = z.object({
  name: safeText().min(2, { message: 'El nombre de la empresa es obligatorio.' }).max(200).optional(),
  nif: z
    .string({ message: 'El NIF es obligatorio.' })
    .trim()
    .min(1, { message: 'El NIF es obligatorio.' })
    .max(20),
  companyType: z
    .enum(['AUTONOMO', ...SOCIETY_TYPES], { message: 'El tipo de empresa no es válido.' })
    .optional(),
  address: AddressSchema.optional(),
  email: Email.optional(),
  phone: Phone.optional(),
  activityCode: safeText().max(10).optional(),
  activityDescription: safeText().max(200).optional(),
});

export const RegisterBody = z
  .object({
    email: Email,
    password: Password,
    firstName: PersonName('El nombre'),
    lastName: PersonName('El apellido'),
    phone: Phone.optional(),
    accountType: z.enum(ACCOUNT_TYPES, { message: 'El tipo de cuenta no es válido.' }),
    firmName: z
      .string()
      .trim()
      .min(2, { message: 'El nombre de la gestoría es obligatorio.' })
      .max(200)
      .optional(),
    company: RegisterCompany.optional(),
    acceptTerms: z.literal(true, { message: 'Debes aceptar los términos y condiciones.' }),
  })
  .superRefine((body, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (body.accountType === 'GESTORIA') {
      if (!body.firmName) issue(['firmName'], 'El nombre de la gestoría es obligatorio.');
      return;
    }
    // Autónomos and company owners get their first company at registration, so its NIF is required.
    if (!body.company) {
      issue(['company', 'nif'], 'El NIF es obligatorio.');
      return;
    }
    const taxId = validateTaxId(body.company.nif);
    if (body.accountType === 'AUTONOMO') {
      if (body.company.companyType && body.company.companyType !== 'AUTONOMO') {
        issue(['company', 'companyType'], 'Una cuenta de autónomo solo puede tener el tipo AUTONOMO.');
      }
      if (!taxId.valid) issue(['company', 'nif'], taxId.reason ?? 'El NIF no es válido.');
      else if (taxId.kind === 'CIF')
        issue(['company', 'nif'], 'El NIF de un autónomo debe ser un DNI o un NIE.');
      return;
    }
    if (!body.company.name) issue(['company', 'name'], 'El nombre de la empresa es obligatorio.');
    if (!body.company.companyType || body.company.companyType === 'AUTONOMO') {
      issue(['company', 'companyType'], 'Indica el tipo de sociedad (SL, SA, CB o SC).');
    }
    if (!taxId.valid) issue(['company', 'nif'], taxId.reason ?? 'El NIF no es válido.');
    else if (taxId.kind !== 'CIF') issue(['company', 'nif'], 'El NIF de una sociedad debe ser un CIF.');
  })
  .transform((body) =>
    body.company
      ? { ...body, company: { ...body.company, nif: validateTaxId(body.company.nif).normalized } }
      : body,
  );
export type RegisterBody = z.infer<typeof RegisterBody>;

// --- e-mail verification and password reset -------------------------------------------------------

/** Forgot-password and resend-by-email: the e-mail comes in the query or in the body. */
export const EmailInput = z.object({ email: Email });
export type EmailInput = z.infer<typeof EmailInput>;

/** Links from e-mails: `?token=` (or a body with `token`). */
export const TokenInput = z.object({ token: LinkToken });
export type TokenInput = z.infer<typeof TokenInput>;

export const ResetPasswordInput = z.object({ token: LinkToken, newPassword: Password });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const ResendVerificationQuery = z.object({ userId: Id });
export type ResendVerificationQuery = z.infer<typeof ResendVerificationQuery>;

export const ChangePasswordInput = z
  .object({ currentPassword: ExistingPassword, newPassword: Password })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'La nueva contraseña debe ser distinta de la actual.',
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

// --- users ----------------------------------------------------------------------------------------

/** E-mail and role are not editable here: unknown keys are dropped, not refused. */
export const UpdateProfileBody = z.object({
  firstName: PersonName('El nombre').optional(),
  lastName: PersonName('El apellido').optional(),
  /** `null` removes the phone. */
  phone: Phone.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const UserIdPath = z.object({ userId: Id });
export type UserIdPath = z.infer<typeof UserIdPath>;

/** `PUT admin/users/{userId}/status`: an ADMIN disables or re-enables an account. */
export const SetUserStatusBody = z.object({
  isActive: z.boolean({ message: 'Indica si la cuenta está activa.' }),
});
export type SetUserStatusBody = z.infer<typeof SetUserStatusBody>;

/** The answer of `PUT admin/users/{userId}/status`. */
export interface UserStatusResult {
  userId: string;
  isActive: boolean;
}

export const InvitationPath = z.object({ invitationId: Id });
export type InvitationPath = z.infer<typeof InvitationPath>;

// --- responses ------------------------------------------------------------------------------------

/** What another user may see of a profile (`GET users/{userId}`): no tokens, no secrets. */
export interface PublicUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  role: Role;
  isAutonomous: boolean;
  firmName?: string;
  emailVerified: boolean;
  isActive: boolean;
  createdAt: string;
}

/**
 * What a manager (policy `manage`) of a company both share sees of another user through
 * `GET users/{userId}`: what its company user list shows, no phone, no other companies.
 */
export interface ManagedUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The user's role in each company the caller manages and the user belongs to. */
  companies: { companyId: string; companyRole: CompanyRole; isActive: boolean }[];
}

/** `GET users/invitations`: an invitation waiting for the caller's answer (it is not a member yet). */
export interface PendingInvitation {
  invitationId: string;
  companyId: string;
  companyName: string;
  companyRole: CompanyRole;
  permissions: ClientPermission[];
  invitedAt: string;
  expiresAt: string;
}

/** `POST users/invitations/{invitationId}/accept|decline`. */
export interface InvitationAnswer {
  invitationId: string;
  companyId: string;
  status: 'ACCEPTED' | 'DECLINED';
}

/** The caller's own profile (spec part 1 §3 "User profile"), as in the login answer. */
export interface UserView extends PublicUser {
  /** For a CLIENTE, the union of its memberships' permissions (spec part 1 §6); empty otherwise. */
  clientPermissions: ClientPermission[];
  invitedByUserId: string | null;
  defaultCompanyId: string | null;
}

/** `GET users/profile`: the profile and the caller's company entries. */
export interface ProfileResult extends UserView {
  companies: CompanyEntry[];
}

export interface SessionTokens {
  /** The token clients send as `Authorization: Bearer` (the API authorizer accepts access tokens). */
  accessToken: string;
  refreshToken: string;
  idToken?: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  tokenType: 'Bearer';
}

export interface LoginResult extends SessionTokens {
  user: UserView;
  companies: CompanyEntry[];
}

export interface RegisterResult {
  userId: string;
  email: string;
  requiresEmailVerification: true;
}

/** Neutral answers (no account enumeration): the same text whether the account exists or not. */
export interface MessageResult {
  message: string;
}

export interface VerifyEmailResult extends MessageResult {
  verified: true;
}

export interface TokenValidation {
  valid: boolean;
  /** Masked e-mail of the account the link belongs to (reset links only). */
  email?: string;
}

export type GestorType = 'GESTORIA' | 'AUTONOMO' | 'EMPRESA' | 'ADMIN';

export interface GestorTypeResult {
  type: GestorType;
  companyCount: number;
  isAutonomous: boolean;
  clientCount: number;
}
