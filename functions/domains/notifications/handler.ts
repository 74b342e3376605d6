/**
 * The notifications domain's Lambda: the caller's notifications in the selected company (list,
 * unread, read state, delete, click, stats, history, pending, cleanup), preferences, delegations and
 * the company's notification analytics.
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { cleanupNotificationsRoute } from './actions/cleanup-notifications';
import { clickNotificationRoute } from './actions/click-notification';
import { createDelegationRoute, deleteDelegationRoute, listDelegationsRoute } from './actions/delegations';
import { deleteNotificationRoute } from './actions/delete-notification';
import { notificationAnalyticsRoute } from './actions/get-analytics';
import { notificationHistoryRoute } from './actions/get-history';
import { pendingNotificationsRoute } from './actions/get-pending';
import { getNotificationPreferencesRoute } from './actions/get-preferences';
import { notificationStatsRoute } from './actions/get-stats';
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
  'notifications.click': clickNotificationRoute,
  'notifications.stats': notificationStatsRoute,
  'notifications.history': notificationHistoryRoute,
  'notifications.pending': pendingNotificationsRoute,
  'notifications.cleanup': cleanupNotificationsRoute,
  'notifications.listDelegations': listDelegationsRoute,
  'notifications.createDelegation': createDelegationRoute,
  'notifications.deleteDelegation': deleteDelegationRoute,
  'notifications.analytics': notificationAnalyticsRoute,
};

export const handler = createApiHandler('notifications', notificationsActions, makeDeps);
