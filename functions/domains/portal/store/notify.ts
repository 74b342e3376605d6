/**
 * What a meeting change tells each side, as transaction items written with the change itself
 * (store/meetings.ts writeMeeting): in-app notifications (item + unread counter; the table stream
 * pushes them, and the notifications domain e-mails them as the owner's preferences say) and the
 * invitation mails of a confirmation (mail outbox). Each recipient's preferences decide:
 * in the app only with the IN_APP channel and the notification's family on; the invitation only
 * with the EMAIL channel on and an address. A notification whose owner got the invitation is
 * marked `emailSent`, so the e-mail channel does not send it a second time.
 */

import {
  getNotificationPreferences,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { mailOutboxItem } from '@shared/db/outbox';
import { type NotificationSeverity, notificationCategoryOf } from '@shared/schemas/notifications';
import { confirmationMail } from '../model/ics';
import type { MeetingRecord } from '../model/meeting';
import type { PortalDeps } from './deps';

type NotifyDeps = Pick<PortalDeps, 'db' | 'table' | 'newId' | 'appUrl'>;

export const MEETING_NOTIFICATION_TYPES = [
  'meeting_requested',
  'meeting_confirmed',
  'meeting_proposed',
  'meeting_cancelled',
  'meeting_reminder',
] as const;
export type MeetingNotificationType = (typeof MEETING_NOTIFICATION_TYPES)[number];

/** The in-app link of a meeting. */
export const meetingLink = (meetingId: string): string => `/app/meetings?id=${encodeURIComponent(meetingId)}`;

export const absoluteLink = (appUrl: string, meetingId: string): string =>
  `${appUrl.replace(/\/+$/, '')}${meetingLink(meetingId)}`;

export interface Channels {
  inApp: boolean;
  email: boolean;
}

/** The channels a person's preferences allow for a notification type. */
export async function channelsFor(
  deps: Pick<PortalDeps, 'db' | 'table'>,
  userId: string,
  type: MeetingNotificationType,
): Promise<Channels> {
  const p = await getNotificationPreferences(deps, userId);
  return {
    inApp: p.channels.IN_APP && p.types[notificationCategoryOf(type)],
    email: p.channels.EMAIL,
  };
}

export interface MeetingNotice {
  userId: string;
  companyId: string;
  type: MeetingNotificationType;
  title: string;
  message: string;
  severity: NotificationSeverity;
  meetingId: string;
  emailSent?: boolean;
}

/** The notification and its +1 on the unread counter (conditional Put: never twice). */
export function notificationWrites(deps: NotifyDeps, now: Date, n: MeetingNotice): TransactItem[] {
  const record = newNotificationRecord(
    {
      userId: n.userId,
      companyId: n.companyId,
      type: n.type,
      title: n.title,
      message: n.message,
      severity: n.severity,
      link: meetingLink(n.meetingId),
      ...(n.emailSent ? { emailSent: true } : {}),
    },
    newNotificationId(now, deps.newId()),
    now,
  );
  return [
    {
      Put: {
        TableName: deps.table,
        Item: notificationItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    notificationCounterUpdate(deps.table, { userId: n.userId, companyId: n.companyId }, 1),
  ];
}

/** A notice to one person if its preferences allow it in the app; nothing otherwise. */
export async function noticeWrites(
  deps: NotifyDeps,
  now: Date,
  n: Omit<MeetingNotice, 'emailSent'>,
): Promise<TransactItem[]> {
  const ch = await channelsFor(deps, n.userId, n.type);
  return ch.inApp ? notificationWrites(deps, now, n) : [];
}

/**
 * A confirmation (by the advisor, or the client accepting a proposal): the invitation mail to both
 * sides (each as its EMAIL channel allows, outbox id derived from the meeting version: once), and
 * the in-app notice to `notify` (the side that did not act).
 */
export async function confirmationWrites(
  deps: NotifyDeps,
  now: Date,
  m: MeetingRecord,
  notify: { userId: string; title: string; message: string },
): Promise<TransactItem[]> {
  const sides = [
    { userId: m.clientId, email: m.clientEmail, otherSide: m.advisorName ?? 'tu gestor', role: 'C' },
    ...(m.advisorId
      ? [{ userId: m.advisorId, email: m.advisorEmail, otherSide: m.clientName, role: 'A' }]
      : []),
  ];
  const items: TransactItem[] = [];
  const mailed = new Set<string>();
  const link = absoluteLink(deps.appUrl, m.meetingId);
  for (const side of sides) {
    const ch = await channelsFor(deps, side.userId, 'meeting_confirmed');
    if (side.email && ch.email) {
      const mail = confirmationMail({ meeting: m, now, link, to: side.email, otherSide: side.otherSide });
      items.push({
        Put: {
          TableName: deps.table,
          Item: mailOutboxItem(`meeting-${m.meetingId}-v${m.version}-${side.role}`, mail, now),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
      mailed.add(side.userId);
    }
    if (side.userId === notify.userId && ch.inApp)
      items.push(
        ...notificationWrites(deps, now, {
          userId: notify.userId,
          companyId: m.companyId,
          type: 'meeting_confirmed',
          title: notify.title,
          message: notify.message,
          severity: 'success',
          meetingId: m.meetingId,
          emailSent: mailed.has(notify.userId),
        }),
      );
  }
  return items;
}
