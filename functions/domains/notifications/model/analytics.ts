/**
 * The company's notification analytics (issue 20, shared/schemas/notification-analytics.ts), computed
 * from the NOTIFSTATS day items only. Pure.
 *
 * How events land on the day items (store/events.ts), each exactly once thanks to its claim:
 *  - every event goes on the notification's CREATION day (Madrid), so a day's rates describe the
 *    notifications created that day and never exceed 100 %;
 *  - `created` on IN_APP (the item is in the bell), `pushed` on WEBSOCKET (an open socket took it),
 *    `emailed` / `emailFailed` on EMAIL;
 *  - `read` and `clicked` on IN_APP, and also on WEBSOCKET / EMAIL when the notification went through
 *    that channel, so each channel's read rate is that of what it delivered;
 *  - minutes sums: `deliveryMinutes` (creation to socket / outbox), `readMinutes`, `clickMinutes`,
 *    and `readWithinHour`; string sets `recipients` (owners, on `created`) and `engaged` (who read
 *    or clicked).
 * Rates are percentages with one decimal (0 when nothing to divide by); averages are null without
 * events.
 */

import type {
  AnalyticsChannel,
  AnalyticsView,
  AnalyticsWindow,
  ChannelAnalytics,
  EventCounts,
  NotificationAnalytics,
  TypeAnalytics,
} from '@shared/schemas/notification-analytics';
import { ANALYTICS_CHANNELS } from '@shared/schemas/notification-analytics';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import { eachDay } from './dates';

/** One NOTIFSTATS day item (day, channel, type) as read back. */
export interface StatsDay extends EventCounts {
  day: string;
  channel: AnalyticsChannel;
  type: string;
  deliveryMinutes: number;
  readMinutes: number;
  clickMinutes: number;
  readWithinHour: number;
  recipients: Set<string>;
  engaged: Set<string>;
}

const COUNT_FIELDS = ['created', 'pushed', 'emailed', 'emailFailed', 'read', 'clicked'] as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v ?? 0) || 0);
const strings = (v: unknown): Set<string> =>
  v instanceof Set ? new Set([...v].map(String)) : Array.isArray(v) ? new Set(v.map(String)) : new Set();

/** A stored day item (any shape the table gives back) as a StatsDay. */
export function toStatsDay(item: Record<string, unknown>): StatsDay {
  return {
    day: String(item.day),
    channel: String(item.channel) as AnalyticsChannel,
    type: String(item.type),
    created: num(item.created),
    pushed: num(item.pushed),
    emailed: num(item.emailed),
    emailFailed: num(item.emailFailed),
    read: num(item.read),
    clicked: num(item.clicked),
    deliveryMinutes: num(item.deliveryMinutes),
    readMinutes: num(item.readMinutes),
    clickMinutes: num(item.clickMinutes),
    readWithinHour: num(item.readWithinHour),
    recipients: strings(item.recipients),
    engaged: strings(item.engaged),
  };
}

/** part / whole as a percentage with one decimal; 0 without a whole. */
export const rate = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
const average = (sum: number, count: number): number | null =>
  count > 0 ? Math.round((sum / count) * 10) / 10 : null;
/** Percentage change with one decimal; null without a base. */
const change = (now: number, before: number): number | null =>
  before !== 0 ? Math.round(((now - before) / before) * 1000) / 10 : null;

const zero = (): EventCounts => ({ created: 0, pushed: 0, emailed: 0, emailFailed: 0, read: 0, clicked: 0 });

/** Event totals: each event from the one channel it belongs to (read and clicked from IN_APP). */
function totals(items: StatsDay[]): EventCounts {
  const t = zero();
  for (const i of items) {
    if (i.channel === 'IN_APP') {
      t.created += i.created;
      t.read += i.read;
      t.clicked += i.clicked;
    } else if (i.channel === 'WEBSOCKET') t.pushed += i.pushed;
    else if (i.channel === 'EMAIL') {
      t.emailed += i.emailed;
      t.emailFailed += i.emailFailed;
    }
  }
  return t;
}

function channelAnalytics(items: StatsDay[]): ChannelAnalytics[] {
  return ANALYTICS_CHANNELS.map((channel) => {
    const mine = items.filter((i) => i.channel === channel);
    const sum = (f: (typeof COUNT_FIELDS)[number]) => mine.reduce((s, i) => s + i[f], 0);
    const [sent, delivered, failed] =
      channel === 'IN_APP'
        ? [sum('created'), sum('created'), 0]
        : channel === 'WEBSOCKET'
          ? [sum('pushed'), sum('pushed'), 0]
          : [sum('emailed') + sum('emailFailed'), sum('emailed'), sum('emailFailed')];
    const read = sum('read');
    const clicked = sum('clicked');
    return {
      channel,
      sent,
      delivered,
      failed,
      read,
      clicked,
      deliveryRate: rate(delivered, sent),
      readRate: rate(read, delivered),
      clickRate: rate(clicked, delivered),
    };
  });
}

function typeAnalytics(items: StatsDay[]): TypeAnalytics[] {
  const byType = new Map<string, { total: number; read: number; clicked: number }>();
  for (const i of items) {
    if (i.channel !== 'IN_APP') continue;
    const t = byType.get(i.type) ?? { total: 0, read: 0, clicked: 0 };
    t.total += i.created;
    t.read += i.read;
    t.clicked += i.clicked;
    byType.set(i.type, t);
  }
  return [...byType.entries()]
    .map(([type, t]) => ({
      type,
      category: notificationCategoryOf(type),
      ...t,
      readRate: rate(t.read, t.total),
      clickRate: rate(t.clicked, t.total),
    }))
    .sort((a, b) => b.total - a.total || a.type.localeCompare(b.type));
}

const union = (items: StatsDay[], f: 'recipients' | 'engaged') => {
  const out = new Set<string>();
  for (const i of items) for (const u of i[f]) out.add(u);
  return out;
};

function minutes(items: StatsDay[]) {
  const inApp = items.filter((i) => i.channel === 'IN_APP');
  const sum = (list: StatsDay[], f: 'deliveryMinutes' | 'readMinutes' | 'clickMinutes' | 'readWithinHour') =>
    list.reduce((s, i) => s + i[f], 0);
  const t = totals(items);
  // Delivery: creation to socket (WEBSOCKET) and to the outbox (EMAIL); IN_APP is there at creation.
  const delivered = t.pushed + t.emailed;
  return {
    averageDeliveryTime: average(sum(items, 'deliveryMinutes'), delivered),
    averageReadTime: average(sum(inApp, 'readMinutes'), t.read),
    averageClickTime: average(sum(inApp, 'clickMinutes'), t.clicked),
    readWithinHourRate: t.read > 0 ? rate(sum(inApp, 'readWithinHour'), t.read) : null,
  };
}

const inWindow = (items: StatsDay[], w: AnalyticsWindow) =>
  items.filter((i) => i.day >= w.from && i.day <= w.to);

function withRates(c: EventCounts) {
  return { ...c, readRate: rate(c.read, c.created), clickRate: rate(c.clicked, c.created) };
}

/**
 * One view of the analytics. `items` are the day items of the window (and, for `comparative`, of
 * the previous window too).
 */
export function analyticsView<V extends AnalyticsView>(
  view: V,
  all: StatsDay[],
  window: AnalyticsWindow,
  previous: AnalyticsWindow,
): NotificationAnalytics[V] {
  const items = inWindow(all, window);
  const w = { from: window.from, to: window.to };
  const t = totals(items);
  const channels = channelAnalytics(items);
  const m = minutes(items);
  const attempts = t.created + t.emailed + t.emailFailed;
  const recipients = union(items, 'recipients');
  const engaged = union(items, 'engaged');
  const build: { [K in AnalyticsView]: () => NotificationAnalytics[K] } = {
    kpis: () => {
      const effective = channels.filter((c) => c.delivered > 0);
      const best = [...effective].sort((a, b) => b.readRate - a.readRate)[0];
      const types = typeAnalytics(items).filter((x) => x.total > 0);
      const bestType = [...types].sort((a, b) => b.readRate - a.readRate || b.total - a.total)[0];
      return {
        ...w,
        deliveryRate: rate(t.created + t.emailed, attempts),
        readRate: rate(t.read, t.created),
        clickRate: rate(t.clicked, t.created),
        engagementRate: rate(engaged.size, recipients.size),
        totalNotifications: t.created,
        activeUsers: engaged.size,
        notificationsPerUser: recipients.size > 0 ? Math.round((t.created / recipients.size) * 10) / 10 : 0,
        averageDeliveryTime: m.averageDeliveryTime,
        averageReadTime: m.averageReadTime,
        averageClickTime: m.averageClickTime,
        bestPerformingChannel: best?.channel ?? null,
        channelEffectiveness: Object.fromEntries(effective.map((c) => [c.channel, c.readRate])),
        bestPerformingType: bestType?.type ?? null,
      };
    },
    metrics: () => ({
      ...w,
      notificationsByChannel: { IN_APP: t.created, WEBSOCKET: t.pushed, EMAIL: t.emailed },
      notificationsByType: Object.fromEntries(typeAnalytics(items).map((x) => [x.type, x.total])),
      totalNotifications: t.created,
    }),
    channels: () => ({ ...w, items: channels }),
    types: () => ({ ...w, items: typeAnalytics(items) }),
    delivery: () => ({
      ...w,
      totals: t,
      deliveryRate: rate(t.created + t.emailed, attempts),
      failureRate: rate(t.emailFailed, attempts),
      byChannel: channels,
    }),
    engagement: () => ({
      ...w,
      readRate: rate(t.read, t.created),
      clickRate: rate(t.clicked, t.created),
      engagementRate: rate(engaged.size, recipients.size),
      activeUsers: engaged.size,
      averageReadTime: m.averageReadTime,
      averageClickTime: m.averageClickTime,
    }),
    trends: () => ({
      ...w,
      points: eachDay(w.from, w.to).map((day) => ({ day, ...totals(items.filter((i) => i.day === day)) })),
    }),
    errors: () => {
      const failures = items
        .filter((i) => i.emailFailed > 0)
        .map((i) => ({ day: i.day, channel: i.channel, type: i.type, count: i.emailFailed }))
        .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : a.type.localeCompare(b.type)));
      return { ...w, total: failures.reduce((s, f) => s + f.count, 0), items: failures };
    },
    comparative: () => {
      const current = withRates(t);
      const before = withRates(totals(inWindow(all, previous)));
      return {
        ...w,
        previous: { from: previous.from, to: previous.to },
        current,
        before,
        change: {
          total: change(current.created, before.created),
          readRate: change(current.readRate, before.readRate),
          clickRate: change(current.clickRate, before.clickRate),
        },
      };
    },
    efficiency: () => ({
      ...w,
      averageDeliveryTime: m.averageDeliveryTime,
      averageReadTime: m.averageReadTime,
      averageClickTime: m.averageClickTime,
      readWithinHourRate: m.readWithinHourRate,
    }),
  };
  return build[view]() as NotificationAnalytics[V];
}
