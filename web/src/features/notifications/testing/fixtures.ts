import type {
  ChannelAnalytics,
  NotificationAnalytics,
  NotificationDelegation,
  TrendPoint,
} from '@shared/schemas/notification-analytics';
import type { NotificationItem } from '../types';

export const WINDOW = { from: '2026-10-29', to: '2026-11-27' };

export const kpis = (
  overrides: Partial<NotificationAnalytics['kpis']> = {},
): NotificationAnalytics['kpis'] => ({
  ...WINDOW,
  deliveryRate: 92.5,
  readRate: 64,
  clickRate: 12.3,
  engagementRate: 40,
  totalNotifications: 120,
  activeUsers: 4,
  notificationsPerUser: 30,
  averageDeliveryTime: 0.2,
  averageReadTime: 95.5,
  averageClickTime: 120,
  bestPerformingChannel: 'WEBSOCKET',
  channelEffectiveness: { IN_APP: 64, WEBSOCKET: 70 },
  bestPerformingType: 'invoice_created',
  ...overrides,
});

export const channel = (
  c: Partial<ChannelAnalytics> & Pick<ChannelAnalytics, 'channel'>,
): ChannelAnalytics => ({
  sent: 10,
  delivered: 10,
  failed: 0,
  read: 5,
  clicked: 1,
  deliveryRate: 100,
  readRate: 50,
  clickRate: 10,
  ...c,
});

export const trendPoint = (day: string, created = 0, read = 0, clicked = 0): TrendPoint => ({
  day,
  created,
  pushed: created,
  emailed: 0,
  emailFailed: 0,
  read,
  clicked,
});

export const notification = (n: number, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  notificationId: `n-${n}`,
  type: 'invoice_created',
  title: `Aviso ${n}`,
  message: `Mensaje ${n}`,
  isRead: false,
  readAt: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  companyId: 'c-1',
  severity: 'info',
  ...overrides,
});

export const delegation = (overrides: Partial<NotificationDelegation> = {}): NotificationDelegation => ({
  delegationId: 'd-1',
  companyId: 'c-1',
  fromUserId: 'u-1',
  fromName: 'Ana Gestora',
  toUserId: 'u-2',
  toName: 'Luis Martín',
  categories: ['invoices', 'tax_deadlines'],
  startsOn: '2026-12-01',
  endsOn: '2026-12-15',
  createdAt: '2026-11-27T10:00:00.000Z',
  active: false,
  ...overrides,
});
