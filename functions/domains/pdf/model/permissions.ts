/**
 * Who may use a company's invoices here (the same rule as the invoices domain, kept in this domain
 * because domains never import each other): OWNER, GESTOR and MEMBER users and ADMIN read and
 * write; a CLIENTE user only reads, and only with VIEW_INVOICES (spec part 1 §6).
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { AppError } from '@shared/api/errors';

export function assertCanRead(auth: AuthContext | undefined, scope: CompanyScope | undefined): void {
  if (!auth || !scope) throw new AppError('CORE_002');
  if (auth.isAdmin) return;
  const m = scope.membership;
  if (m?.companyRole === 'CLIENTE' && !m.permissions.includes('VIEW_INVOICES'))
    throw new AppError('CORE_002');
}

export function assertCanWrite(auth: AuthContext | undefined, scope: CompanyScope | undefined): void {
  if (!auth || !scope) throw new AppError('CORE_002');
  if (auth.isAdmin) return;
  if (scope.membership?.companyRole === 'CLIENTE') throw new AppError('CORE_002');
}
