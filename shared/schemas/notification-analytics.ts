/**
 * Notifications, completed (issue 20 item 6, spec part 3 §3 Notifications, §7): clicks, the caller's
 * stats, history and pending deliveries, cleanup, delegations, and the company's analytics computed
 * from recorded delivery, read and click events (never estimated).
 *
 * Events are counted once each (a claim per notification and event): `created` (IN_APP delivery: the
 * item exists in the bell), `pushed` (reached an open socket), `emailed` / `email_failed` (the e-mail
 * channel, immediate or in the daily digest), `read`, `clicked`. Times are minutes.
 */

import * as z from 'zod';
import { Id, PageQuery } from './common';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from './notifications';

export const NOTIFICATION_EVENTS = [
  'created',
  'pushed',
  'emailed',
  'email_failed',
  'read',
  'clicked',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Channels as counted by the analytics. */
export const ANALYTICS_CHANNELS = ['IN_APP', 'WEBSOCKET', 'EMAIL'] as const;
export type AnalyticsChannel = (typeof ANALYTICS_CHANNELS)[number];

// --- the caller's own -------------------------------------------------------------------------

/** GET notifications/stats: the caller's notifications in the company. */
export interface NotificationStats {
  total: number;
  unread: number;
  read: number;
  /** Created in the last 7 days. */
  last7Days: number;
  byCategory: Partial<Record<NotificationCategory, number>>;
  bySeverity: Record<string, number>;
}

export const NotificationHistoryQuery = PageQuery.extend({
  from: z.iso.date({ message: 'from debe ser una fecha (yyyy-mm-dd).' }).optional(),
  to: z.iso.date({ message: 'to debe ser una fecha (yyyy-mm-dd).' }).optional(),
});
export type NotificationHistoryQuery = z.infer<typeof NotificationHistoryQuery>;

/** One entry of GET notifications/history: the notification and how it was delivered. */
export interface NotificationHistoryEntry {
  notificationId: string;
  type: string;
  title: string;
  createdAt: string;
  isRead: boolean;
  readAt: string | null;
  clickedAt: string | null;
  /** Channels it went through: IN_APP always, WEBSOCKET when pushed, EMAIL when e-mailed. */
  channels: AnalyticsChannel[];
  emailStatus: 'SENT' | 'FAILED' | 'PENDING_DIGEST' | 'NOT_SENT';
}

/** GET notifications/pending: what has not reached the caller yet. */
export interface PendingNotifications {
  unread: number;
  /** Notifications waiting for the next daily digest e-mail. */
  awaitingDigest: number;
  /** When that digest goes out (ISO), null when the caller has no daily digest. */
  nextDigestAt: string | null;
}

export const CleanupBody = z
  .object({
    /** Read notifications older than this many days are deleted (unread ones never). */
    olderThanDays: z.coerce.number().int().min(1).max(365).default(30),
  })
  .strict();
export type CleanupBody = z.infer<typeof CleanupBody>;

// --- delegations ------------------------------------------------------------------------------

export interface NotificationDelegation {
  delegationId: string;
  companyId: string;
  fromUserId: string;
  fromName: string;
  toUserId: string;
  toName: string;
  /** The families delegated; all of them when absent in the request. */
  categories: NotificationCategory[];
  /** yyyy-mm-dd, both included (Europe/Madrid). */
  startsOn: string;
  endsOn: string;
  createdAt: string;
  /** Today within [startsOn, endsOn]. */
  active: boolean;
}

export const CreateDelegationBody = z
  .object({
    toUserId: Id,
    categories: z.array(z.enum(NOTIFICATION_CATEGORIES)).min(1).optional(),
    startsOn: z.iso.date({ message: 'La fecha de inicio no es válida.' }),
    endsOn: z.iso.date({ message: 'La fecha de fin no es válida.' }),
  })
  .strict()
  .refine((b) => b.endsOn >= b.startsOn, {
    message: 'La fecha de fin debe ser igual o posterior a la de inicio.',
    path: ['endsOn'],
  });
export type CreateDelegationBody = z.infer<typeof CreateDelegationBody>;

export const DelegationPath = z.object({ delegationId: Id });

// --- analytics --------------------------------------------------------------------------------

export const ANALYTICS_VIEWS = [
  'kpis',
  'metrics',
  'channels',
  'types',
  'delivery',
  'engagement',
  'trends',
  'errors',
  'comparative',
  'efficiency',
] as const;
export type AnalyticsView = (typeof ANALYTICS_VIEWS)[number];

export const AnalyticsPath = z.object({
  view: z.enum(ANALYTICS_VIEWS, { message: `La vista debe ser una de: ${ANALYTICS_VIEWS.join(', ')}.` }),
});

/** `from`/`to` (yyyy-mm-dd, both included); the last 30 days by default (spec part 3 §9). */
export const AnalyticsQuery = z
  .object({
    from: z.iso.date({ message: 'from debe ser una fecha (yyyy-mm-dd).' }).optional(),
    to: z.iso.date({ message: 'to debe ser una fecha (yyyy-mm-dd).' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from debe ser anterior a to.',
    path: ['from'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 366;

export interface AnalyticsWindow {
  from: string;
  to: string;
}

/** Counters of one slice (a channel, a type, a day). */
export interface EventCounts {
  created: number;
  pushed: number;
  emailed: number;
  emailFailed: number;
  read: number;
  clicked: number;
}

export interface NotificationKpis extends AnalyticsWindow {
  /** Percentages 0-100 with one decimal. */
  deliveryRate: number;
  readRate: number;
  clickRate: number;
  engagementRate: number;
  totalNotifications: number;
  activeUsers: number;
  notificationsPerUser: number;
  /** Minutes; null without events to average. */
  averageDeliveryTime: number | null;
  averageReadTime: number | null;
  averageClickTime: number | null;
  bestPerformingChannel: AnalyticsChannel | null;
  /** Read rate per channel (0-100). */
  channelEffectiveness: Partial<Record<AnalyticsChannel, number>>;
  bestPerformingType: string | null;
}

export interface NotificationMetrics extends AnalyticsWindow {
  notificationsByChannel: Partial<Record<AnalyticsChannel, number>>;
  notificationsByType: Record<string, number>;
  totalNotifications: number;
}

export interface ChannelAnalytics {
  channel: AnalyticsChannel;
  sent: number;
  delivered: number;
  failed: number;
  read: number;
  clicked: number;
  deliveryRate: number;
  readRate: number;
  clickRate: number;
}

export interface TypeAnalytics {
  type: string;
  category: NotificationCategory;
  total: number;
  read: number;
  clicked: number;
  readRate: number;
  clickRate: number;
}

export interface TrendPoint extends EventCounts {
  /** yyyy-mm-dd */
  day: string;
}

export interface NotificationAnalytics {
  kpis: NotificationKpis;
  metrics: NotificationMetrics;
  channels: AnalyticsWindow & { items: ChannelAnalytics[] };
  types: AnalyticsWindow & { items: TypeAnalytics[] };
  delivery: AnalyticsWindow & {
    totals: EventCounts;
    deliveryRate: number;
    failureRate: number;
    byChannel: ChannelAnalytics[];
  };
  engagement: AnalyticsWindow & {
    readRate: number;
    clickRate: number;
    engagementRate: number;
    activeUsers: number;
    averageReadTime: number | null;
    averageClickTime: number | null;
  };
  /** One point per day of the window, zeros included. */
  trends: AnalyticsWindow & { points: TrendPoint[] };
  errors: AnalyticsWindow & {
    total: number;
    items: { day: string; channel: AnalyticsChannel; type: string; count: number }[];
  };
  /** The window against the previous window of the same length. */
  comparative: AnalyticsWindow & {
    previous: AnalyticsWindow;
    current: EventCounts & { readRate: number; clickRate: number };
    before: EventCounts & { readRate: number; clickRate: number };
    /** Percentage change of created, read rate and click rate; null without a base. */
    change: { total: number | null; readRate: number | null; clickRate: number | null };
  };
  efficiency: AnalyticsWindow & {
    averageDeliveryTime: number | null;
    averageReadTime: number | null;
    averageClickTime: number | null;
    /** Share of read notifications read within an hour (0-100). */
    readWithinHourRate: number | null;
  };
}

// --- answers of the caller's actions ----------------------------------------------------------

/** POST notifications/{id}/click: where to go; the click is counted once, and the notification is read. */
export interface NotificationClickResult {
  notificationId: string;
  /** The notification's in-app link, null without one. */
  link: string | null;
  /** False when this notification's click had been counted before. */
  firstClick: boolean;
}

/** POST notifications/cleanup. */
export interface CleanupResult {
  deleted: number;
}
