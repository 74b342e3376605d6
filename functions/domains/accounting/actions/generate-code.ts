import { defineCompanyAction } from '@functions/platform/http';
import { GenerateCodeBody, type GeneratedCode } from '@shared/schemas/accounting';
import { generateSubAccountCode } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { requireAccountingPlan } from '../store/plan';

/** POST accounting/accounts/generate-code: the next free sub-account code under a PGC account (not taken yet). */
export const generateCodeRoute = defineCompanyAction({
  body: GenerateCodeBody,
  run: async ({ auth, scope, body }, deps: AccountingDeps): Promise<GeneratedCode> => {
    await requireAccountingPlan(deps, auth, scope.companyId);
    return generateSubAccountCode(deps, scope.companyId, body.parentCode);
  },
});
