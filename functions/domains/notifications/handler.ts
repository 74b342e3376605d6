import { type AnyAction, createApiHandler, type RoutesOf } from '@functions/platform/http';
import { deleteNotificationRoute } from './actions/delete-notification';
import { getNotificationPreferencesRoute } from './actions/get-preferences';
import { getUnreadRoute } from './actions/get-unread';
import { listNotificationsRoute } from './actions/list-notifications';
import { markAllReadRoute } from './actions/mark-all-read';
import { markNotificationReadRoute } from './actions/mark-notification-read';
import { markNotificationUnreadRoute } from './actions/mark-notification-unread';
import { sendTestNotificationRoute } from './actions/send-test-notification';
import { updateNotificationPreferencesRoute } from './actions/update-preferences';
import { makeDeps, type NotificationsDeps } from './store/deps';

/** Route id -> action; the type refuses a missing or unknown notifications route. */
export const notificationsActions: { [K in RoutesOf<'notifications'>]: AnyAction<NotificationsDeps> } = {
  'notifications.list': listNotificationsRoute,
  'notifications.unread': getUnreadRoute,
  'notifications.markAllRead': markAllReadRoute,
  'notifications.markRead': markNotificationReadRoute,
  'notifications.markUnread': markNotificationUnreadRoute,
  'notifications.delete': deleteNotificationRoute,
  'notifications.getPreferences': getNotificationPreferencesRoute,
  'notifications.updatePreferences': updateNotificationPreferencesRoute,
  'notifications.test': sendTestNotificationRoute,
};

export const handler = createApiHandler('notifications', notificationsActions, makeDeps);
