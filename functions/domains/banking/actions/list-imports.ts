import { defineCompanyAction } from '@functions/platform/http';
import { ImportListQuery, type ImportPage } from '@shared/schemas/banking';
import type { BankingDeps } from '../store/deps';
import { listImports } from '../store/imports';

/** GET banking/imports?limit=&cursor=: the company's N43 imports, newest first. */
export const listImportsRoute = defineCompanyAction({
  query: ImportListQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<ImportPage> =>
    listImports(deps, scope.companyId, { limit: query.limit, cursor: query.cursor }),
});
