/**
 * Who may change a company: its OWNER, its GESTOR (the advisor who manages it) and ADMIN.
 * CLIENTE and ordinary MEMBER users may read what their membership allows, never administer.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { AppError } from '@shared/api/errors';

export function canManageCompany(auth: AuthContext, scope: CompanyScope): boolean {
  if (auth.isAdmin) return true;
  const role = scope.membership?.companyRole;
  return role === 'OWNER' || role === 'GESTOR';
}

export function assertCanManage(auth: AuthContext | undefined, scope: CompanyScope | undefined): void {
  if (!auth || !scope || !canManageCompany(auth, scope)) throw new AppError('CORE_002');
}
