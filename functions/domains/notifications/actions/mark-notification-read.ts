import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { type Notification, NotificationPath } from '@shared/schemas/notifications';
import type { NotificationsDeps } from '../store/deps';
import { setReadState } from '../store/notifications';

/** Unread -> read (readAt set). Marking a read notification read again changes nothing. */
export async function markNotificationRead(
  input: { auth: AuthContext; scope: CompanyScope; notificationId: string },
  deps: NotificationsDeps,
): Promise<Notification> {
  const owner = { userId: input.auth.userId, companyId: input.scope.companyId };
  return (await setReadState(deps, owner, input.notificationId, true, deps.now())).notification;
}

export const markNotificationReadRoute = defineCompanyAction({
  params: NotificationPath,
  run: ({ auth, scope, params }, deps: NotificationsDeps) =>
    markNotificationRead({ auth, scope, notificationId: params.notificationId }, deps),
});
