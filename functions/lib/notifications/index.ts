/**
 * The face of the notifications library: the only module other code imports (infra/architecture.test.ts).
 * A store library (any worker notifies a user: item + unread counter, preferences): only store/ and workers/ import it.
 */

export {
  createNotification,
  getNotificationPreferences,
  type NewNotification,
  type NotificationRecord,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
  notifyUser,
} from './notifications';
