import { defineCompanyAction } from '@functions/platform/http';
import { ListMandatesQuery, type Mandate } from '@shared/schemas/sepa';
import type { BankingDeps } from '../store/deps';
import { listMandates } from '../store/sepa';

/** GET banking/mandates?customerId&status: the SEPA direct-debit mandates, newest first. */
export const listMandatesRoute = defineCompanyAction({
  query: ListMandatesQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<{ items: Mandate[] }> => ({
    items: await listMandates(deps, scope.companyId, query),
  }),
});
