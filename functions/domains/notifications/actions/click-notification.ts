import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { NotificationClickResult } from '@shared/schemas/notification-analytics';
import { NotificationPath } from '@shared/schemas/notifications';
import { deliveredChannels } from '../store/delivery';
import type { NotificationsDeps } from '../store/deps';
import { minutesSince, recordEvent } from '../store/events';
import { getNotification, setReadState } from '../store/notifications';

/**
 * The caller opened a notification: counts `clicked` once (with its click time), marks it read (the
 * stream counts that `read`), and answers its link. 404 for another user's or an unknown id.
 */
export async function clickNotification(
  input: { auth: AuthContext; scope: CompanyScope; notificationId: string },
  deps: NotificationsDeps,
): Promise<NotificationClickResult> {
  const owner = { userId: input.auth.userId, companyId: input.scope.companyId };
  const now = deps.now();
  const item = await getNotification(deps, owner, input.notificationId, now);
  if (!item) throw new AppError('CORE_006', 'La notificación no existe.');
  const firstClick = await recordEvent(deps, item, {
    event: 'clicked',
    channels: await deliveredChannels(deps, item),
    at: now,
    minutes: minutesSince(item.createdAt, now),
  });
  if (!item.isRead) await setReadState(deps, owner, input.notificationId, true, now);
  return { notificationId: item.notificationId, link: item.link ?? null, firstClick };
}

export const clickNotificationRoute = defineCompanyAction({
  params: NotificationPath,
  run: ({ auth, scope, params }, deps: NotificationsDeps) =>
    clickNotification({ auth, scope, notificationId: params.notificationId }, deps),
});
