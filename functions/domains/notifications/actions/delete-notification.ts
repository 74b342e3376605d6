import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { NotificationPath } from '@shared/schemas/notifications';
import type { NotificationsDeps } from '../store/deps';
import { deleteNotification as storeDelete } from '../store/notifications';

/** Deletes one of the caller's notifications; 404 CORE_006 for any id that is not theirs. */
export async function deleteNotification(
  input: { auth: AuthContext; scope: CompanyScope; notificationId: string },
  deps: NotificationsDeps,
): Promise<{ notificationId: string }> {
  const owner = { userId: input.auth.userId, companyId: input.scope.companyId };
  await storeDelete(deps, owner, input.notificationId, deps.now());
  return { notificationId: input.notificationId };
}

export const deleteNotificationRoute = defineCompanyAction({
  params: NotificationPath,
  run: ({ auth, scope, params }, deps: NotificationsDeps) =>
    deleteNotification({ auth, scope, notificationId: params.notificationId }, deps),
});
