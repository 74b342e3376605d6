import { defineCompanyAction } from '@functions/platform/http';
import { type Psd2Institution, Psd2InstitutionsQuery } from '@shared/schemas/psd2';
import type { BankingDeps } from '../store/deps';
import { listInstitutions } from '../store/psd2';

/** GET banking/psd2/institutions?country=ES: the banks the open-banking provider reaches, by name. */
export const psd2InstitutionsRoute = defineCompanyAction({
  query: Psd2InstitutionsQuery,
  run: async ({ query }, deps: BankingDeps): Promise<{ items: Psd2Institution[] }> => {
    const items = await listInstitutions(deps, query.country);
    return { items: [...items].sort((a, b) => a.name.localeCompare(b.name, 'es')) };
  },
});
