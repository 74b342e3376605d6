import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { paginate } from '@shared/api/listing';
import { ListSessionsQuery, type SessionListItem } from '@shared/schemas/reconciliation';
import type { BankingDeps } from '../store/deps';
import { listSessionItems } from '../store/reconciliation';
import { listedSessionView } from '../store/reconciliation-view';

/** GET banking/reconciliation/sessions?status=&accountId=&page=&size=: the sessions, newest first. */
export const listSessionsRoute = defineCompanyAction({
  query: ListSessionsQuery,
  run: async ({ scope, query }, deps: BankingDeps): Promise<Page<SessionListItem>> => {
    const sessions = (await listSessionItems(deps, scope.companyId))
      .filter((s) => !query.status || s.status === query.status)
      .filter((s) => !query.accountId || s.accountId === query.accountId);
    const page = paginate(sessions, query.page, query.size);
    return { ...page, content: page.content.map(listedSessionView) };
  },
});
