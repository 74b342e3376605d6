import { defineCompanyAction } from '@functions/platform/http';
import type { AccountingAccess } from '@shared/schemas/accounting';
import type { AccountingDeps } from '../store/deps';
import { accountingAccess } from '../store/plan';

/**
 * GET accounting/access (spec part 2 §3 access info): whether the company's plan includes
 * accounting. Not gated by the plan itself: the web reads it to show the 'Funcionalidad Premium'
 * page. An ADMIN sees the company's plan and always has access.
 */
export const accessRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: AccountingDeps): Promise<AccountingAccess> => {
    const access = await accountingAccess(deps, scope.companyId);
    return auth.isAdmin ? { ...access, hasAccess: true } : access;
  },
});
