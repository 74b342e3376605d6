/** Notifications: ids, retention and the public view of a stored item. Pure. */

import type { Notification, NotificationSeverity } from '@shared/schemas/notifications';

/**
 * Read notifications expire 90 days after they were created (DynamoDB TTL), and never sooner than
 * a week after they were read, so reading an old one does not make it vanish under the user's
 * finger. Unread ones do not expire: the unread counter is exact only while nothing deletes an
 * unread item behind its back, and TTL deletions do not go through our transactions.
 */
export const RETENTION_DAYS = 90;
export const MIN_DAYS_AFTER_READ = 7;
const DAY_MS = 86_400_000;

export function readExpiry(createdAt: string, readAt: Date): number {
  const byAge = Date.parse(createdAt) + RETENTION_DAYS * DAY_MS;
  const byRead = readAt.getTime() + MIN_DAYS_AFTER_READ * DAY_MS;
  return Math.floor(Math.max(byAge, byRead) / 1000);
}

// Creating a notification is shared with other domains' workers: functions/platform/store/notifications.ts.

/** The public shape of a stored item (stream image or table item): no keys, owner or TTL. */
export function toNotification(raw: object): Notification {
  const item = raw as Record<string, unknown>;
  return {
    notificationId: String(item.notificationId),
    type: String(item.type),
    title: String(item.title),
    message: String(item.message),
    isRead: item.isRead === true,
    readAt: typeof item.readAt === 'string' ? item.readAt : null,
    createdAt: String(item.createdAt),
    companyId: String(item.companyId),
    ...(typeof item.link === 'string' ? { link: item.link } : {}),
    severity: (typeof item.severity === 'string' ? item.severity : 'info') as NotificationSeverity,
    ...(isDelegatedFrom(item.delegatedFrom) ? { delegatedFrom: item.delegatedFrom } : {}),
    ...(item.emailSent === true ? { emailSent: true } : {}),
  };
}

function isDelegatedFrom(v: unknown): v is { userId: string; name: string } {
  const o = v as { userId?: unknown; name?: unknown } | null | undefined;
  return typeof o?.userId === 'string' && typeof o.name === 'string';
}

/** Expired but not yet removed by TTL (DynamoDB deletes lazily, within days): readers skip it. */
export const hasExpired = (item: { ttl?: unknown }, now: Date): boolean =>
  typeof item.ttl === 'number' && item.ttl * 1000 <= now.getTime();
