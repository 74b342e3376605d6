/**
 * Item builders for the records more than one domain writes in its own transactions
 * (registration creates a profile, a company and a membership; the companies domain creates
 * companies and memberships; the local seed creates all three). Pure: no SDK, no I/O.
 */

import type { Role } from '../api/routes';
import { keys } from './keys';

export const COMPANY_TYPES = ['AUTONOMO', 'SL', 'SA', 'CB', 'SC'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const COMPANY_ROLES = ['OWNER', 'GESTOR', 'CLIENTE', 'MEMBER'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const CLIENT_PERMISSIONS = [
  'VIEW_INVOICES',
  'VIEW_TAX_DOCUMENTS',
  'VIEW_ACCOUNTING_DATA',
  'UPLOAD_DOCUMENTS',
] as const;
export type ClientPermission = (typeof CLIENT_PERMISSIONS)[number];

export interface Address {
  street: string;
  postalCode: string;
  city: string;
  province: string;
  country: string;
}

export interface FiscalData {
  /** IVA regime: general, simplificado, recargo de equivalencia, criterio de caja... */
  vatRegime: 'GENERAL' | 'SIMPLIFICADO' | 'RECARGO_EQUIVALENCIA' | 'CRITERIO_CAJA' | 'EXENTO';
  /** Direct tax: IRPF (autónomos, estimación directa/objetiva) or Impuesto sobre Sociedades. */
  directTax: 'IRPF_ESTIMACION_DIRECTA' | 'IRPF_ESTIMACION_OBJETIVA' | 'IMPUESTO_SOCIEDADES';
  /** Epígrafe IAE or CNAE code of the main activity. */
  activityCode?: string;
  activityDescription?: string;
  /** Large companies (> 6.010.121,04 € turnover) file monthly and are in the SII. */
  largeCompany: boolean;
  /** Registered in REDEME (monthly VAT refunds), which also brings the SII. */
  redeme: boolean;
}

export interface Company {
  companyId: string;
  name: string;
  /** Tax id (NIF/CIF/NIE), normalised: upper case, no spaces or dashes. */
  nif: string;
  companyType: CompanyType;
  isActive: boolean;
  siiEnabled: boolean;
  /**
   * The day (ISO, Madrid) the company last entered the SII (issue 16): set when `siiEnabled` turns on,
   * cleared when it turns off. Absent on companies stored before it existed.
   */
  siiSince?: string | null;
  verifactuEnabled: boolean;
  email?: string;
  phone?: string;
  address: Address;
  fiscal: FiscalData;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

export interface UserProfile {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  role: Role;
  isAutonomous: boolean;
  /** Name of the gestoría (GESTOR users). */
  firmName?: string;
  invitedByUserId?: string;
  defaultCompanyId?: string;
  emailVerified: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface MembershipRecord {
  companyId: string;
  userId: string;
  companyRole: CompanyRole;
  /** A CLIENTE's permissions live with its membership (spec part 1 §6). */
  permissions: ClientPermission[];
  isActive: boolean;
  department?: string;
  position?: string;
  /** Snapshots for the company's user list (one Query instead of a fan-out of GetItems). */
  email: string;
  firstName: string;
  lastName: string;
  invitedByUserId?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * A pending invitation (`keys.invitation`), written by the companies domain. Someone without an
 * account gets a link (`tokenHash`) consumed by the identity domain's client activation; an
 * existing account (`userId`) is asked in the app and joins only when it accepts.
 */
export interface InvitationRecord {
  /** Opaque id the invited account accepts or declines by (absent on invitations older than consent). */
  invitationId?: string;
  /** The existing account invited (then there is no link token). */
  userId?: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  companyRole: MembershipRecord['companyRole'];
  permissions: MembershipRecord['permissions'];
  department?: string;
  position?: string;
  invitedByUserId: string;
  /** SHA-256 of the link's token: a re-invitation replaces it, so only the latest link works. */
  tokenHash?: string;
  createdAt: string;
  expiresAt: string;
}

export const SCHEMA_VERSION = 1;

export const companyItem = (c: Company) => ({
  ...keys.company(c.companyId),
  ...keys.companyInDirectory(c.createdAt, c.companyId),
  entity: 'Company',
  v: SCHEMA_VERSION,
  ...c,
});

export const profileItem = (p: UserProfile) => ({
  ...keys.userProfile(p.userId),
  ...keys.userByEmail(p.email),
  ...keys.userInDirectory(p.createdAt, p.userId),
  entity: 'UserProfile',
  v: SCHEMA_VERSION,
  ...p,
});

/** Guards e-mail uniqueness: put with attribute_not_exists(pk) in the registration transaction. */
export const emailClaimItem = (email: string, userId: string) => ({
  ...keys.emailClaim(email),
  entity: 'EmailClaim',
  v: SCHEMA_VERSION,
  userId,
});

export const membershipItem = (m: MembershipRecord) => ({
  ...keys.membership(m.companyId, m.userId),
  ...keys.membershipByUser(m.userId, m.companyId),
  entity: 'Membership',
  v: SCHEMA_VERSION,
  ...m,
});

/** Strips the storage attributes from an item, leaving the record. */
export function stripKeys<T extends Record<string, unknown>>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'entity' | 'v' | 'ttl'> {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, entity, v, ttl, ...rest } = item;
  return rest;
}
