/**
 * What the companies endpoints answer (functions/domains/companies/actions): the shapes the pages
 * read. Requests use the zod-inferred bodies of `@shared/schemas/companies`.
 */
import type { Address, ClientPermission, CompanyRole, FiscalData } from '@shared/db/records';
import type { CompanyEntry } from '@shared/schemas/companies';

export type { Address, ClientPermission, CompanyRole, FiscalData };

/** `GET companies.get`, and the answer of update and set-default. */
export interface CompanyDetail extends CompanyEntry {
  email: string | null;
  phone: string | null;
  address: Address;
  fiscal: FiscalData;
  updatedAt: string;
  /** The caller's role in the company; ADMIN for an administrator who is not a member. */
  myRole: CompanyRole | 'ADMIN' | null;
  myPermissions: ClientPermission[];
  /** OWNER, GESTOR of the company, or ADMIN: may edit it and manage its users. */
  canManage: boolean;
}

/** `POST companies.create`: the new company's entry with its address and fiscal data. */
export interface CreatedCompany extends CompanyEntry {
  address: Address;
  fiscal: FiscalData;
}

export type CompanyUserStatus = 'ACTIVE' | 'INACTIVE' | 'INVITED';

/** A member of the company, or a pending invitation (`userId` null, status INVITED). */
export interface CompanyUser {
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  companyRole: CompanyRole;
  permissions: ClientPermission[];
  department: string | null;
  position: string | null;
  isActive: boolean;
  status: CompanyUserStatus;
  createdAt: string;
}

export interface CompanyUserStats {
  /** Members, active or not; invitations are counted apart. */
  total: number;
  active: number;
  inactive: number;
  invited: number;
  byRole: Record<CompanyRole, number>;
}

/** Always INVITED: nobody joins until they accept, and the answer does not say who has an account. */
export type { InviteCompanyUserResult as InviteResult } from '@shared/schemas/companies';

/** The CompanyEntry part of a detail: what `selected_company` stores. */
export const toCompanyEntry = (c: CompanyEntry): CompanyEntry => ({
  companyId: c.companyId,
  name: c.name,
  nif: c.nif,
  companyType: c.companyType,
  isActive: c.isActive,
  isDefault: c.isDefault,
  siiEnabled: c.siiEnabled,
  verifactuEnabled: c.verifactuEnabled,
  createdAt: c.createdAt,
});
