import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { type Notification, NotificationPath } from '@shared/schemas/notifications';
import type { NotificationsDeps } from '../store/deps';
import { setReadState } from '../store/notifications';

/** Read -> unread (readAt cleared). Marking an unread notification unread again changes nothing. */
export async function markNotificationUnread(
  input: { auth: AuthContext; scope: CompanyScope; notificationId: string },
  deps: NotificationsDeps,
): Promise<Notification> {
  const owner = { userId: input.auth.userId, companyId: input.scope.companyId };
  return (await setReadState(deps, owner, input.notificationId, false, deps.now())).notification;
}

export const markNotificationUnreadRoute = defineCompanyAction({
  params: NotificationPath,
  run: ({ auth, scope, params }, deps: NotificationsDeps) =>
    markNotificationUnread({ auth, scope, notificationId: params.notificationId }, deps),
});
