/**
 * What a registration creates (pure): the profile and, for an autónomo or a company owner, the
 * first company with an OWNER membership. A gestoría registers its advisor only; client companies
 * come later through the companies domain.
 */

import type { Role } from '@shared/api/routes';
import {
  CLIENT_PERMISSIONS,
  type Company,
  type CompanyType,
  type FiscalData,
  type MembershipRecord,
  type UserProfile,
} from '@shared/db/records';
import type { AccountType, RegisterBody } from '@shared/schemas/identity';

export interface RegistrationPlan {
  profile: UserProfile;
  company?: Company;
  membership?: MembershipRecord;
}

/** The Cognito group of each account type (spec part 1 §1: autónomos are CLIENTE without advisor). */
export const groupOf = (accountType: AccountType): Role =>
  accountType === 'GESTORIA' ? 'GESTOR' : 'CLIENTE';

const EMPTY_ADDRESS = { street: '', postalCode: '', city: '', province: '', country: 'ES' };

/**
 * Sensible fiscal defaults until the tax profile is configured: the general VAT regime, and IRPF in
 * estimación directa for an autónomo (Ley 35/2006 art. 28) or Impuesto sobre Sociedades for a
 * society (Ley 27/2014 art. 7). CB and SC without legal personality really attribute income to their
 * members (régimen de atribución de rentas); the tax assistant refines that later.
 */
export function defaultFiscalData(companyType: CompanyType): FiscalData {
  return {
    vatRegime: 'GENERAL',
    directTax: companyType === 'AUTONOMO' ? 'IRPF_ESTIMACION_DIRECTA' : 'IMPUESTO_SOCIEDADES',
    largeCompany: false,
    redeme: false,
  };
}

export function planRegistration(
  body: RegisterBody,
  ids: { userId: string; companyId: string },
  now: Date,
): RegistrationPlan {
  const at = now.toISOString();
  const profile: UserProfile = {
    userId: ids.userId,
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    role: groupOf(body.accountType),
    isAutonomous: body.accountType === 'AUTONOMO',
    emailVerified: false,
    isActive: true,
    createdAt: at,
    updatedAt: at,
  };
  if (body.phone) profile.phone = body.phone;
  if (body.accountType === 'GESTORIA' || !body.company) {
    if (body.firmName) profile.firmName = body.firmName;
    return { profile };
  }

  const input = body.company;
  const companyType: CompanyType = body.accountType === 'AUTONOMO' ? 'AUTONOMO' : (input.companyType ?? 'SL');
  const fiscal = defaultFiscalData(companyType);
  if (input.activityCode) fiscal.activityCode = input.activityCode;
  if (input.activityDescription) fiscal.activityDescription = input.activityDescription;
  const company: Company = {
    companyId: ids.companyId,
    name: input.name ?? `${body.firstName} ${body.lastName}`,
    nif: input.nif,
    companyType,
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: false,
    email: input.email ?? body.email,
    address: input.address ?? EMPTY_ADDRESS,
    fiscal,
    createdAt: at,
    updatedAt: at,
    createdBy: ids.userId,
  };
  const phone = input.phone ?? body.phone;
  if (phone) company.phone = phone;
  const membership: MembershipRecord = {
    companyId: ids.companyId,
    userId: ids.userId,
    companyRole: 'OWNER',
    permissions: [...CLIENT_PERMISSIONS],
    isActive: true,
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    createdAt: at,
    updatedAt: at,
  };
  return { profile: { ...profile, defaultCompanyId: ids.companyId }, company, membership };
}
