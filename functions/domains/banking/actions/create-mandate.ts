import { defineCompanyAction } from '@functions/platform/http';
import { CreateMandateBody, type Mandate } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { createMandate } from '../store/sepa';

/**
 * POST banking/mandates: records a mandate the customer signed (reference unique per company, IBAN of
 * the SEPA zone, signature date not in the future). Its first collection goes as FRST, then RCUR.
 */
export const createMandateRoute = defineCompanyAction({
  body: CreateMandateBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<Mandate> =>
    createMandate(deps, scope.companyId, auth.userId, body),
});
