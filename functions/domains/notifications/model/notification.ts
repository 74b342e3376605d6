/** Notifications: the public view of a stored item and its expiry. Pure. */

import type { Notification, NotificationSeverity } from '@shared/schemas/notifications';

// Read notifications expire 90 days after creation, at least a week after being read; unread ones
// never do (readExpiry, functions/lib/notifications/read-state.ts, beside the read-state writes).

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
