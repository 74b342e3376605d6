/** What `GET companies/{companyId}/users` answers (functions/domains/companies/actions/company-users.ts). */
import type { ClientPermission, CompanyRole } from '@shared/db/records';

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

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  OWNER: 'Propietario',
  GESTOR: 'Gestor',
  CLIENTE: 'Cliente',
  MEMBER: 'Miembro',
};

export const USER_STATUS_LABELS: Record<CompanyUserStatus, string> = {
  ACTIVE: 'Activo',
  INACTIVE: 'Inactivo',
  INVITED: 'Invitación pendiente',
};
