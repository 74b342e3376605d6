/**
 * The face of the notifications library: the only module other code imports (infra/architecture.test.ts).
 * A store library (any worker notifies a user: item + unread counter, preferences; read state: a
 * notification marked read with its counter): only store/ and workers/ import it.
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
export {
  lostRace,
  MAX_READ_ATTEMPTS,
  markNotificationsRead,
  markUnreadNotificationsRead,
  type NotificationOwner,
  READ_ALL_BATCH,
  type ReadTarget,
  readExpiry,
  readStateWrites,
  type UnreadMatch,
  unreadNotifications,
} from './read-state';
