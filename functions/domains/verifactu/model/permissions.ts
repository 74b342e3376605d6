/**
 * Who may use the VeriFacTu data of a company (spec part 1 §6, brief of issue #5):
 * - read: ADMIN and every member of the company; a CLIENTE user (the gestoría's client in the
 *   portal) only with the VIEW_TAX_DOCUMENTS permission on its membership;
 * - write (configuration, certificates, sending, corrections, anulaciones): ADMIN, the company's
 *   GESTOR and its OWNER. MEMBER and CLIENTE users are refused.
 * Membership itself is checked by the pipeline (company scope); these refine it with CORE_002.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { AppError } from '@shared/api/errors';

export function assertCanRead(auth: AuthContext | undefined, scope: CompanyScope | undefined): void {
  if (!auth || !scope) throw new AppError('CORE_002');
  if (auth.isAdmin) return;
  const m = scope.membership;
  if (!m) throw new AppError('CORE_002');
  if (m.companyRole === 'CLIENTE' && !m.permissions.includes('VIEW_TAX_DOCUMENTS'))
    throw new AppError('CORE_002');
}

export function assertCanWrite(auth: AuthContext | undefined, scope: CompanyScope | undefined): void {
  if (!auth || !scope) throw new AppError('CORE_002');
  if (auth.isAdmin) return;
  const role = scope.membership?.companyRole;
  if (role !== 'OWNER' && role !== 'GESTOR') throw new AppError('CORE_002');
}
