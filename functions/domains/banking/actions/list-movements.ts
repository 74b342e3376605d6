import { defineCompanyAction } from '@functions/platform/http';
import { MovementListQuery, type MovementPage } from '@shared/schemas/banking';
import { requireAccountItem } from '../store/accounts';
import type { BankingDeps } from '../store/deps';
import { listMovements, movementView } from '../store/movements';

/**
 * GET banking/movements?accountId=&from=&to=&status=&sign=&search=&limit=&cursor=: one account's
 * movements by booking date, newest first, paged by cursor.
 */
export const listMovementsRoute = defineCompanyAction({
  query: MovementListQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<MovementPage> => {
    await requireAccountItem(deps, scope.companyId, query.accountId);
    const page = await listMovements(deps, scope.companyId, query.accountId, {
      from: query.from,
      to: query.to,
      status: query.status,
      sign: query.sign,
      search: query.search,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { items: page.items.map(movementView), nextCursor: page.nextCursor };
  },
});
