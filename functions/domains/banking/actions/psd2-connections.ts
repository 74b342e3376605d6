import { defineCompanyAction } from '@functions/platform/http';
import type { Psd2ConnectionList } from '@shared/schemas/psd2';
import type { BankingDeps } from '../store/deps';
import { connectionView, listConnections } from '../store/psd2';

/** GET banking/psd2/connections: the company's consents, newest first (never a token). */
export const psd2ConnectionsRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<Psd2ConnectionList> => {
    const now = deps.now();
    return { items: (await listConnections(deps, scope.companyId)).map((c) => connectionView(c, now)) };
  },
});
