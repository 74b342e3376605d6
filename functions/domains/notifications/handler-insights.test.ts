/**
 * The issue-20 routes of the notifications domain through the real pipeline (auth, membership,
 * policy, zod) over the in-memory table: click, stats, history, pending, cleanup, delegations and
 * analytics.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { newNotificationRecord } from '@functions/lib/notifications';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { type CompanyRole, membershipItem } from '@shared/db/records';
import type {
  NotificationAnalytics,
  NotificationClickResult,
  NotificationDelegation,
  NotificationHistoryEntry,
  NotificationStats,
  PendingNotifications,
} from '@shared/schemas/notification-analytics';
import { defaultNotificationPreferences, NOTIFICATION_CATEGORIES } from '@shared/schemas/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { notificationsActions } from './handler';
import { madridInstant } from './model/dates';
import type { NotificationsDeps } from './store/deps';
import { claimItem, recordEvent } from './store/events';
import { notificationItem } from './store/notifications';
import { putPreferences } from './store/preferences';

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';
const NOW = new Date('2026-03-10T10:00:00.000Z');

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable();
let ids = 0;
const deps: NotificationsDeps = {
  db: DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
  ),
  table: TABLE,
  now: () => new Date(NOW),
  newId: () => `rand${++ids}`,
  appUrl: 'https://app.cuadra.test',
};
const handler = createApiHandler('notifications', notificationsActions, () => deps);

async function call<T = unknown>(options: Omit<ApiEventOptions, 'claims'> & { as?: string }) {
  const { as = USER, ...rest } = options;
  const event = apiEvent({
    claims: { sub: as, groups: ['GESTOR'] },
    ...rest,
    headers: { 'x-company-id': COMPANY, ...rest.headers },
  });
  return readResponse<T>(await handler(event, lambdaContext()));
}

const member = (userId: string, companyRole: CompanyRole, firstName: string, isActive = true) =>
  table.put(
    membershipItem({
      companyId: COMPANY,
      userId,
      companyRole,
      permissions: [],
      isActive,
      email: `${userId}@example.test`,
      firstName,
      lastName: 'Pérez',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }),
  );

let seq = 0;
function stored(
  createdAt: string,
  opts: { isRead?: boolean; userId?: string; type?: string; link?: string } = {},
) {
  const at = new Date(createdAt);
  const record = newNotificationRecord(
    {
      userId: opts.userId ?? USER,
      companyId: COMPANY,
      type: opts.type ?? 'invoice_created',
      title: `Aviso ${++seq}`,
      message: 'Mensaje',
      severity: 'info',
      ...(opts.link ? { link: opts.link } : {}),
    },
    `${String(at.getTime()).padStart(13, '0')}x${seq}`,
    at,
  );
  const full = opts.isRead ? { ...record, isRead: true, readAt: createdAt } : record;
  table.put(notificationItem(full));
  return full;
}
const setUnread = (n: number) => table.put({ ...keys.notificationCounter(USER, COMPANY), unread: n });

beforeEach(() => {
  table.reset();
  ids = 0;
  seq = 0;
  member(USER, 'GESTOR', 'Ana');
  member('user-2', 'GESTOR', 'Luis');
  member('owner-1', 'OWNER', 'Olga');
  member('client-1', 'CLIENTE', 'Carla');
  member('gone-1', 'GESTOR', 'Gonzalo', false);
});

describe('POST notifications/{id}/click', () => {
  it('counts the click once, marks it read and answers the link', async () => {
    const n = stored('2026-03-10T09:30:00.000Z', { link: '/app/invoices/F-1' });
    setUnread(1);

    const first = await call<NotificationClickResult>({
      routeId: 'notifications.click',
      params: { notificationId: n.notificationId },
    });
    const second = await call<NotificationClickResult>({
      routeId: 'notifications.click',
      params: { notificationId: n.notificationId },
    });

    expect(first.status).toBe(200);
    expect(first.envelope.data).toEqual({
      notificationId: n.notificationId,
      link: '/app/invoices/F-1',
      firstClick: true,
    });
    expect(second.envelope.data?.firstClick).toBe(false);
    expect(table.get(keys.notification(USER, COMPANY, n.notificationId))).toMatchObject({ isRead: true });
    expect(table.get(keys.notificationCounter(USER, COMPANY))).toMatchObject({ unread: 0 });
    expect(
      table.get(keys.notificationStatsDay(COMPANY, '2026-03-10', 'IN_APP', 'invoice_created')),
    ).toMatchObject({
      clicked: 1,
      clickMinutes: 30,
    });
  });

  it("answers 404 for another user's notification and 400 for a malformed id", async () => {
    const theirs = stored('2026-03-10T09:00:00.000Z', { userId: 'user-2' });

    const other = await call({
      routeId: 'notifications.click',
      params: { notificationId: theirs.notificationId },
    });
    const bad = await call({ routeId: 'notifications.click', params: { notificationId: 'no such!' } });

    expect(other.status).toBe(404);
    expect(other.envelope.error?.code).toBe('CORE_006');
    expect(bad.status).toBe(400);
    expect(table.all('NotificationEventClaim')).toHaveLength(0);
  });
});

describe('GET notifications/stats, history, pending', () => {
  it('stats count the caller’s notifications by state, age, family and severity', async () => {
    stored('2026-03-09T10:00:00.000Z');
    stored('2026-03-01T10:00:00.000Z', { isRead: true, type: 'ocr_completed' });
    stored('2026-03-09T10:00:00.000Z', { userId: 'user-2' });

    const res = await call<NotificationStats>({ routeId: 'notifications.stats' });

    expect(res.envelope.data).toEqual({
      total: 2,
      unread: 1,
      read: 1,
      last7Days: 1,
      byCategory: { invoices: 1, ocr: 1 },
      bySeverity: { info: 2 },
    });
  });

  it('history lists the window newest first with the channels each went through', async () => {
    await putPreferences(deps, USER, { ...defaultNotificationPreferences(), emailDigest: 'daily' }, NOW);
    const pushed = stored('2026-03-08T10:00:00.000Z');
    const mailed = stored('2026-03-07T10:00:00.000Z', { isRead: true });
    const failed = stored('2026-03-06T10:00:00.000Z', { isRead: true });
    stored('2026-02-01T10:00:00.000Z'); // outside the window
    table.put(claimItem(TABLE, pushed, 'pushed', new Date('2026-03-08T10:00:01Z')).Put!.Item!);
    table.put(claimItem(TABLE, mailed, 'emailed', new Date('2026-03-07T10:01:00Z')).Put!.Item!);
    table.put(claimItem(TABLE, mailed, 'clicked', new Date('2026-03-07T11:00:00Z')).Put!.Item!);
    table.put(claimItem(TABLE, failed, 'email_failed', new Date('2026-03-06T10:01:00Z')).Put!.Item!);

    const res = await call<{ content: NotificationHistoryEntry[]; totalElements: number }>({
      routeId: 'notifications.history',
      query: { from: '2026-03-01', to: '2026-03-10' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data?.totalElements).toBe(3);
    expect(
      res.envelope.data?.content.map((e) => [e.notificationId, e.channels, e.emailStatus, e.clickedAt]),
    ).toEqual([
      [pushed.notificationId, ['IN_APP', 'WEBSOCKET'], 'PENDING_DIGEST', null],
      [mailed.notificationId, ['IN_APP', 'EMAIL'], 'SENT', '2026-03-07T11:00:00.000Z'],
      [failed.notificationId, ['IN_APP'], 'FAILED', null],
    ]);
  });

  it.each([
    [{ from: '2026-03-10', to: '2026-03-01' }, 'from'],
    [{ from: '10/03/2026' }, 'from'],
  ])('history refuses %j with 400 on %s', async (query, field) => {
    const res = await call({ routeId: 'notifications.history', query });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field });
  });

  it('pending says how many unread wait for the next digest and when it goes out', async () => {
    await putPreferences(deps, USER, { ...defaultNotificationPreferences(), emailDigest: 'daily' }, NOW);
    stored('2026-03-10T08:00:00.000Z');
    stored('2026-03-10T09:00:00.000Z');
    stored('2026-03-10T09:30:00.000Z', { isRead: true });
    const mailed = stored('2026-03-10T09:40:00.000Z');
    table.put(claimItem(TABLE, mailed, 'emailed', NOW).Put!.Item!);
    stored('2026-03-08T09:00:00.000Z'); // before the next digest's 24 h
    setUnread(4);

    const res = await call<PendingNotifications>({ routeId: 'notifications.pending' });

    expect(res.envelope.data).toEqual({
      unread: 4,
      awaitingDigest: 2,
      nextDigestAt: madridInstant('2026-03-11', 8).toISOString(),
    });
  });

  it('pending has no digest for someone who takes e-mails at once', async () => {
    await putPreferences(deps, USER, { ...defaultNotificationPreferences(), emailDigest: 'never' }, NOW);
    stored('2026-03-10T08:00:00.000Z');
    setUnread(1);

    const res = await call<PendingNotifications>({ routeId: 'notifications.pending' });

    expect(res.envelope.data).toEqual({ unread: 1, awaitingDigest: 0, nextDigestAt: null });
  });
});

describe('POST notifications/cleanup', () => {
  it('deletes only read notifications older than the given days, leaving unread ones and the counter', async () => {
    const oldRead = stored('2026-01-20T10:00:00.000Z', { isRead: true });
    const oldUnread = stored('2026-01-20T10:00:00.000Z');
    const recentRead = stored('2026-03-05T10:00:00.000Z', { isRead: true });
    const theirs = stored('2026-01-20T10:00:00.000Z', { isRead: true, userId: 'user-2' });
    setUnread(1);

    const res = await call<{ deleted: number }>({
      routeId: 'notifications.cleanup',
      body: { olderThanDays: 30 },
    });

    expect(res.envelope.data).toEqual({ deleted: 1 });
    expect(table.get(keys.notification(USER, COMPANY, oldRead.notificationId))).toBeUndefined();
    expect(table.get(keys.notification(USER, COMPANY, oldUnread.notificationId))).toBeDefined();
    expect(table.get(keys.notification(USER, COMPANY, recentRead.notificationId))).toBeDefined();
    expect(table.get(keys.notification('user-2', COMPANY, theirs.notificationId))).toBeDefined();
    expect(table.get(keys.notificationCounter(USER, COMPANY))).toMatchObject({ unread: 1 });
  });

  it.each([[{ olderThanDays: 0 }], [{ olderThanDays: 400 }], [{ days: 3 }]])(
    'refuses %j with 400',
    async (body) => {
      const res = await call({ routeId: 'notifications.cleanup', body });

      expect(res.status).toBe(400);
      expect(res.envelope.error?.code).toBe('CORE_004');
    },
  );
});

describe('notification delegations', () => {
  const create = (body: Record<string, unknown>, as = USER) =>
    call<NotificationDelegation>({ routeId: 'notifications.createDelegation', body, as });

  it('creates, lists and ends a delegation', async () => {
    const created = await create({
      toUserId: 'user-2',
      categories: ['invoices'],
      startsOn: '2026-03-09',
      endsOn: '2026-03-20',
    });

    expect(created.status).toBe(201);
    expect(created.envelope.data).toMatchObject({
      companyId: COMPANY,
      fromUserId: USER,
      fromName: 'Ana Pérez',
      toUserId: 'user-2',
      toName: 'Luis Pérez',
      categories: ['invoices'],
      active: true,
    });
    const id = created.envelope.data!.delegationId;
    expect(table.get(keys.notificationDelegationFrom(COMPANY, USER, id))).toMatchObject({
      toUserId: 'user-2',
    });

    const list = await call<NotificationDelegation[]>({ routeId: 'notifications.listDelegations' });
    expect(list.envelope.data?.map((d) => d.delegationId)).toEqual([id]);

    const other = await call({
      routeId: 'notifications.deleteDelegation',
      params: { delegationId: id },
      as: 'user-2',
    });
    expect(other.status).toBe(403);
    const removed = await call({ routeId: 'notifications.deleteDelegation', params: { delegationId: id } });
    expect(removed.status).toBe(200);
    expect(table.all('NotificationDelegation')).toHaveLength(0);
    expect(table.all('NotificationDelegationPointer')).toHaveLength(0);
    const again = await call({ routeId: 'notifications.deleteDelegation', params: { delegationId: id } });
    expect(again.status).toBe(404);
  });

  it('all families when none are given; the OWNER may end anyone’s delegation', async () => {
    const created = await create({ toUserId: 'owner-1', startsOn: '2026-03-11', endsOn: '2026-03-12' });

    expect(created.envelope.data?.categories).toEqual([...NOTIFICATION_CATEGORIES]);
    expect(created.envelope.data?.active).toBe(false);
    const removed = await call({
      routeId: 'notifications.deleteDelegation',
      params: { delegationId: created.envelope.data!.delegationId },
      as: 'owner-1',
    });
    expect(removed.status).toBe(200);
  });

  it.each([
    [{ toUserId: USER, startsOn: '2026-03-10', endsOn: '2026-03-11' }, 'toUserId'],
    [{ toUserId: 'client-1', startsOn: '2026-03-10', endsOn: '2026-03-11' }, 'toUserId'],
    [{ toUserId: 'gone-1', startsOn: '2026-03-10', endsOn: '2026-03-11' }, 'toUserId'],
    [{ toUserId: 'nobody', startsOn: '2026-03-10', endsOn: '2026-03-11' }, 'toUserId'],
    [{ toUserId: 'user-2', startsOn: '2026-03-10', endsOn: '2026-03-09' }, 'endsOn'],
    [{ toUserId: 'user-2', startsOn: '2026-03-01', endsOn: '2026-03-09' }, 'endsOn'],
    [{ toUserId: 'user-2', startsOn: 'mañana', endsOn: '2026-03-11' }, 'startsOn'],
    [
      { toUserId: 'user-2', categories: ['weather'], startsOn: '2026-03-10', endsOn: '2026-03-11' },
      'categories',
    ],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const res = await create(body);

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004' });
    expect(res.envelope.error?.field).toMatch(new RegExp(`^${field}`));
    expect(table.all('NotificationDelegation')).toHaveLength(0);
  });

  it('a CLIENTE can neither list nor create delegations', async () => {
    const list = await call({ routeId: 'notifications.listDelegations', as: 'client-1' });
    const made = await create(
      { toUserId: 'user-2', startsOn: '2026-03-10', endsOn: '2026-03-11' },
      'client-1',
    );

    expect(list.status).toBe(403);
    expect(made.status).toBe(403);
  });
});

describe('GET notifications/analytics/{view}', () => {
  /** Records real events through the store, as the stream consumer and click do. */
  async function history() {
    const a = stored('2026-03-09T10:00:00.000Z', { type: 'invoice_created' });
    const b = stored('2026-03-09T11:00:00.000Z', { type: 'ocr_completed', userId: 'user-2' });
    const c = stored('2026-02-05T10:00:00.000Z', { type: 'invoice_created' });
    for (const n of [a, b, c])
      await recordEvent(deps, n, { event: 'created', channels: ['IN_APP'], at: new Date(n.createdAt) });
    await recordEvent(deps, a, { event: 'pushed', channels: ['WEBSOCKET'], at: NOW, minutes: 2 });
    await recordEvent(deps, a, { event: 'emailed', channels: ['EMAIL'], at: NOW, minutes: 4 });
    await recordEvent(deps, b, { event: 'email_failed', channels: ['EMAIL'], at: NOW });
    await recordEvent(deps, a, {
      event: 'read',
      channels: ['IN_APP', 'WEBSOCKET', 'EMAIL'],
      at: NOW,
      minutes: 30,
    });
    await recordEvent(deps, a, {
      event: 'clicked',
      channels: ['IN_APP', 'WEBSOCKET', 'EMAIL'],
      at: NOW,
      minutes: 40,
    });
    await recordEvent(deps, c, { event: 'read', channels: ['IN_APP'], at: NOW, minutes: 120 });
  }
  const view = <V extends keyof NotificationAnalytics>(v: V, query: Record<string, string> = {}) =>
    call<NotificationAnalytics[V]>({ routeId: 'notifications.analytics', params: { view: v }, query });

  it('kpis of the last 30 days from the recorded events', async () => {
    await history();

    const res = await view('kpis');

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      from: '2026-02-09',
      to: '2026-03-10',
      deliveryRate: 75, // 2 created + 1 e-mailed of 4 attempts
      readRate: 50,
      clickRate: 50,
      engagementRate: 50, // 1 of the 2 people notified read something
      totalNotifications: 2,
      activeUsers: 1,
      notificationsPerUser: 1,
      averageDeliveryTime: 3,
      averageReadTime: 30,
      averageClickTime: 40,
      bestPerformingChannel: 'WEBSOCKET',
      channelEffectiveness: { IN_APP: 50, WEBSOCKET: 100, EMAIL: 100 },
      bestPerformingType: 'invoice_created',
    });
  });

  it('trends have one point per day, zeros included; comparative sets the window against the one before', async () => {
    await history();

    const trends = await view('trends', { from: '2026-03-08', to: '2026-03-10' });
    expect(trends.envelope.data?.points.map((p) => [p.day, p.created, p.read])).toEqual([
      ['2026-03-08', 0, 0],
      ['2026-03-09', 2, 1],
      ['2026-03-10', 0, 0],
    ]);

    const comparative = await view('comparative', { from: '2026-03-01', to: '2026-03-10' });
    expect(comparative.envelope.data).toMatchObject({
      previous: { from: '2026-02-19', to: '2026-02-28' },
      current: { created: 2, read: 1, readRate: 50 },
      before: { created: 0 },
      change: { total: null, readRate: null, clickRate: null },
    });

    const errors = await view('errors');
    expect(errors.envelope.data).toMatchObject({
      total: 1,
      items: [{ day: '2026-03-09', channel: 'EMAIL', type: 'ocr_completed', count: 1 }],
    });
  });

  it.each([
    ['weekly', {}, 'view'],
    ['kpis', { from: '2025-01-01', to: '2026-03-10' }, 'from'],
    ['kpis', { from: '2026-03-10', to: '2026-03-01' }, 'from'],
    ['kpis', { from: 'ayer' }, 'from'],
  ])('refuses view %s with %j: 400 on %s', async (v, query, field) => {
    const res = await call({ routeId: 'notifications.analytics', params: { view: v }, query });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field });
  });

  it('is for staff only', async () => {
    const res = await view('kpis').then(() =>
      call({ routeId: 'notifications.analytics', params: { view: 'kpis' }, as: 'client-1' }),
    );

    expect(res.status).toBe(403);
  });
});
