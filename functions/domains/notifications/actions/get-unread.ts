import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { BELL_LATEST, type UnreadSummary } from '@shared/schemas/notifications';
import type { NotificationsDeps } from '../store/deps';
import { latestNotifications, unreadCount } from '../store/notifications';

/** The bell: the unread count and the latest notifications, read or not. */
export async function getUnread(
  input: { auth: AuthContext; scope: CompanyScope },
  deps: NotificationsDeps,
): Promise<UnreadSummary> {
  const owner = { userId: input.auth.userId, companyId: input.scope.companyId };
  const [count, latest] = await Promise.all([
    unreadCount(deps, owner),
    latestNotifications(deps, owner, BELL_LATEST, deps.now()),
  ]);
  return { count, latest };
}

export const getUnreadRoute = defineCompanyAction({
  run: ({ auth, scope }, deps: NotificationsDeps) => getUnread({ auth, scope }, deps),
});
