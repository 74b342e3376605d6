import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { NotificationListQuery } from '@shared/schemas/notifications';
import type { NotificationsDeps } from '../store/deps';
import { listNotifications as storeList } from '../store/notifications';

/** The caller's notifications in the selected company, newest first, paged (size 20, at most 100). */
export function listNotifications(
  input: { auth: AuthContext; scope: CompanyScope; query: NotificationListQuery },
  deps: NotificationsDeps,
) {
  const { auth, scope, query } = input;
  return storeList(
    deps,
    { userId: auth.userId, companyId: scope.companyId },
    { unreadOnly: query.unreadOnly, page: query.page, size: query.size, now: deps.now() },
  );
}

export const listNotificationsRoute = defineCompanyAction({
  query: NotificationListQuery,
  run: ({ auth, scope, query }, deps: NotificationsDeps) => listNotifications({ auth, scope, query }, deps),
});
