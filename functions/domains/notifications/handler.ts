/** The notifications domain's Lambda: the caller's notifications in the selected company, and its preferences. */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
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

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const notificationsActions: ActionsOf<'notifications', NotificationsDeps> = {
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
