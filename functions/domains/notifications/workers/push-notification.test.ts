import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { marshall } from '@aws-sdk/util-dynamodb';
import { type NewNotification, newNotificationRecord } from '@functions/lib/notifications';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { defaultNotificationPreferences, type NotificationPreferences } from '@shared/schemas/notifications';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationItem } from '../store/notifications';
import { handler } from './push-notification';

const table = fakeTable();
const wsMock = mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2026-03-01T10:00:00.000Z');
const inOneHour = NOW.getTime() / 1000 + 3600;
const ID = '1772359200000abc';
const DAY_ITEM = (channel: string, type = 'invoice_created') =>
  table.get(keys.notificationStatsDay('co-1', '2026-03-01', channel, type));

const connection = (connectionId: string, companyId?: string, userId = 'user-1') => ({
  ...keys.wsConnection(connectionId),
  ...keys.wsConnectionByUser(userId, connectionId),
  entity: 'WsConnection',
  connectionId,
  userId,
  ...(companyId ? { companyId } : {}),
  connectedAt: NOW.toISOString(),
  ttl: inOneHour,
});

const notification = (over: Partial<NewNotification> = {}, id = ID) =>
  notificationItem(
    newNotificationRecord(
      {
        userId: 'user-1',
        companyId: 'co-1',
        type: 'invoice_created',
        title: 'Factura creada',
        message: 'Se ha creado la factura F-1.',
        severity: 'success',
        link: '/app/invoices/F-1',
        ...over,
      },
      id,
      NOW,
    ),
  );
const item = notification();

type Image = NonNullable<DynamoDBRecord['dynamodb']>['NewImage'];
const image = (v: Record<string, unknown>) => marshall(v, { removeUndefinedValues: true }) as Image;
const record = (
  seq: string,
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  newImage?: Record<string, unknown>,
  oldImage?: Record<string, unknown>,
) =>
  ({
    eventID: `ev-${seq}`,
    eventName,
    dynamodb: {
      SequenceNumber: seq,
      ...(newImage ? { NewImage: image(newImage) } : {}),
      ...(oldImage ? { OldImage: image(oldImage) } : {}),
    },
  }) as DynamoDBRecord;

const posts = () => wsMock.commandCalls(PostToConnectionCommand).map((c) => c.args[0].input);
const outbox = () => table.all('Outbox');
const profile = (userId: string, email: string | null, firstName = 'Ana') =>
  table.put({
    ...keys.userProfile(userId),
    entity: 'UserProfile',
    userId,
    ...(email ? { email } : {}),
    firstName,
    lastName: 'Ruiz',
    isActive: true,
  });
const prefs = (userId: string, update: Partial<NotificationPreferences>) =>
  table.put({
    ...keys.notificationPreferences(userId),
    entity: 'NotificationPreferences',
    userId,
    preferences: { ...defaultNotificationPreferences(), ...update },
  });

beforeEach(() => {
  table.reset();
  wsMock.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubEnv('TABLE_NAME', 'cuadra-test');
  vi.stubEnv('APP_URL', 'https://app.cuadra.test');
  vi.stubEnv('WS_MANAGEMENT_ENDPOINT', 'https://ws.example.test/prod');
  vi.stubEnv('LOG_LEVEL', 'silent');
  wsMock.on(PostToConnectionCommand).resolves({});
  for (const c of [connection('same-co', 'co-1'), connection('other-co', 'co-2'), connection('no-co')])
    table.put(c);
  table.put({ ...keys.company('co-1'), entity: 'Company', companyId: 'co-1', name: 'Panadería Espiga SL' });
  profile('user-1', 'ana@example.test');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('push-notification: push', () => {
  it("pushes an inserted notification to the owner's sockets of that company and to those without one", async () => {
    const res = await handler({ Records: [record('1', 'INSERT', item)] });

    expect(res.batchItemFailures).toEqual([]);
    expect(
      posts()
        .map((p) => p.ConnectionId)
        .sort(),
    ).toEqual(['no-co', 'same-co']);
    expect(JSON.parse(String(posts()[0]!.Data))).toEqual({
      type: 'notification',
      notification: {
        notificationId: ID,
        type: 'invoice_created',
        title: 'Factura creada',
        message: 'Se ha creado la factura F-1.',
        isRead: false,
        readAt: null,
        createdAt: NOW.toISOString(),
        companyId: 'co-1',
        link: '/app/invoices/F-1',
        severity: 'success',
      },
    });
  });

  it('ignores deletions (REMOVE) and other entities', async () => {
    await handler({
      Records: [
        record('1', 'REMOVE', undefined, item),
        record('2', 'INSERT', {
          ...keys.notificationCounter('user-1', 'co-1'),
          entity: 'NotificationCounter',
        }),
      ],
    });

    expect(posts()).toHaveLength(0);
    expect(table.all('NotificationEventClaim')).toHaveLength(0);
  });

  it('reports the record when the table cannot be read, so the batch retries from it', async () => {
    table.failWhen((command) => (command === 'Query' ? new Error('DynamoDB unavailable') : undefined));

    const res = await handler({ Records: [record('7', 'INSERT', item)] });

    expect(res.batchItemFailures).toEqual([{ itemIdentifier: '7' }]);
  });
});

describe('push-notification: events counted exactly once', () => {
  it('a redelivered batch counts created and pushed once, and read once with its read time', async () => {
    const read = { ...item, isRead: true, readAt: '2026-03-01T10:30:00.000Z' };
    const batch = { Records: [record('1', 'INSERT', item), record('2', 'MODIFY', read, item)] };

    expect((await handler(batch)).batchItemFailures).toEqual([]);
    expect((await handler(batch)).batchItemFailures).toEqual([]);

    expect(DAY_ITEM('IN_APP')).toMatchObject({
      entity: 'NotificationStatsDay',
      day: '2026-03-01',
      channel: 'IN_APP',
      type: 'invoice_created',
      category: 'invoices',
      created: 1,
      read: 1,
      readMinutes: 30,
      readWithinHour: 1,
    });
    expect(DAY_ITEM('IN_APP')!.recipients).toEqual(new Set(['user-1']));
    expect(DAY_ITEM('IN_APP')!.engaged).toEqual(new Set(['user-1']));
    // Pushed to a socket: the WEBSOCKET channel delivered it, and its read counts there too.
    expect(DAY_ITEM('WEBSOCKET')).toMatchObject({ pushed: 1, read: 1, deliveryMinutes: 0 });
    expect(
      table
        .all('NotificationEventClaim')
        .map((c) => c.event)
        .sort(),
    ).toEqual(['created', 'pushed', 'read']);
    expect(table.get(keys.notificationEngagedUser('co-1', 'user-1'))).toMatchObject({
      lastReadAt: '2026-03-01T10:30:00.000Z',
    });
  });

  it('counts no push without an open socket, and a read back and forth only once', async () => {
    table.reset();
    profile('user-1', 'ana@example.test');
    const read = { ...item, isRead: true, readAt: '2026-03-01T12:00:00.000Z' };
    await handler({
      Records: [
        record('1', 'INSERT', item),
        record('2', 'MODIFY', read, item),
        record('3', 'MODIFY', item, read),
        record('4', 'MODIFY', { ...read, readAt: '2026-03-02T09:00:00.000Z' }, item),
      ],
    });

    expect(DAY_ITEM('WEBSOCKET')).toBeUndefined();
    expect(DAY_ITEM('IN_APP')).toMatchObject({ created: 1, read: 1, readMinutes: 120 });
    expect(DAY_ITEM('IN_APP')!.readWithinHour).toBeUndefined();
  });
});

describe('push-notification: e-mail channel', () => {
  const mailed = () => outbox().map((o) => ({ id: o.outboxId, to: (o.payload as { to: string[] }).to }));

  it("'never' e-mails each notification at once, with an outbox id from the notification id, once", async () => {
    prefs('user-1', { emailDigest: 'never' });
    const batch = { Records: [record('1', 'INSERT', item)] };

    await handler(batch);
    await handler(batch);

    expect(mailed()).toEqual([{ id: `notif-${ID}`, to: ['ana@example.test'] }]);
    const payload = outbox()[0]!.payload as { subject: string; text: string; template: string };
    expect(payload.subject).toBe('Panadería Espiga SL: Factura creada');
    expect(payload.text).toContain('Se ha creado la factura F-1.');
    expect(payload.text).toContain('Ver en Cuadra: https://app.cuadra.test/app/invoices/F-1');
    expect(DAY_ITEM('EMAIL')).toMatchObject({ emailed: 1 });
  });

  it.each([
    ['the EMAIL channel is off', { emailDigest: 'never' as const, channels: { IN_APP: true, EMAIL: false } }],
    [
      'the family is off',
      {
        emailDigest: 'never' as const,
        types: { ...defaultNotificationPreferences().types, invoices: false },
      },
    ],
    ['the person chose the daily digest', { emailDigest: 'daily' as const }],
  ])('sends nothing at once when %s', async (_label, update) => {
    prefs('user-1', update);

    await handler({ Records: [record('1', 'INSERT', item)] });

    expect(outbox()).toHaveLength(0);
    expect(DAY_ITEM('EMAIL')).toBeUndefined();
  });

  it('skips a notification its producer already mailed (emailSent)', async () => {
    prefs('user-1', { emailDigest: 'never' });

    await handler({ Records: [record('1', 'INSERT', notification({ emailSent: true }))] });

    expect(outbox()).toHaveLength(0);
  });

  it('counts email_failed when the person has no address', async () => {
    profile('user-1', null);
    prefs('user-1', { emailDigest: 'never' });

    await handler({ Records: [record('1', 'INSERT', item)] });

    expect(outbox()).toHaveLength(0);
    expect(DAY_ITEM('EMAIL')).toMatchObject({ emailFailed: 1 });
  });

  it('stores the default preferences (daily digest, on the digest index) for an owner who never saved any', async () => {
    await handler({ Records: [record('1', 'INSERT', item)] });

    expect(table.get(keys.notificationPreferences('user-1'))).toMatchObject({
      ...keys.dailyDigestIndex('user-1'),
      preferences: defaultNotificationPreferences(),
    });
    expect(outbox()).toHaveLength(0);
  });

  it('puts daily preferences saved before the index existed on the index, and keeps a stored choice', async () => {
    prefs('user-1', { emailDigest: 'daily' });
    await handler({ Records: [record('1', 'INSERT', item)] });
    expect(table.get(keys.notificationPreferences('user-1'))).toMatchObject(keys.dailyDigestIndex('user-1'));

    prefs('user-1', { emailDigest: 'never' });
    await handler({ Records: [record('2', 'INSERT', notification({}, '1772359200001xyz'))] });
    expect(table.get(keys.notificationPreferences('user-1'))!.gsi2pk).toBeUndefined();
    expect(table.get(keys.notificationPreferences('user-1'))!.preferences).toMatchObject({
      emailDigest: 'never',
    });
  });
});

describe('push-notification: delegations', () => {
  const delegation = (over: Record<string, unknown> = {}) => {
    const record = {
      delegationId: 'd1',
      companyId: 'co-1',
      fromUserId: 'user-1',
      fromName: 'Ana Ruiz',
      toUserId: 'user-2',
      toName: 'Luis Gil',
      categories: ['invoices'],
      startsOn: '2026-02-25',
      endsOn: '2026-03-05',
      createdAt: NOW.toISOString(),
      ...over,
    };
    table.put({
      ...keys.notificationDelegationFrom('co-1', 'user-1', String(record.delegationId)),
      entity: 'NotificationDelegationPointer',
      ...record,
    });
  };
  const copies = () => table.all('Notification').filter((n) => n.userId === 'user-2');

  it('copies a covered notification to the delegate once, with delegatedFrom, and counts it', async () => {
    delegation();
    const batch = { Records: [record('1', 'INSERT', item)] };

    await handler(batch);
    await handler(batch);

    expect(copies()).toHaveLength(1);
    expect(copies()[0]).toMatchObject({
      companyId: 'co-1',
      title: 'Factura creada',
      isRead: false,
      delegatedFrom: { userId: 'user-1', name: 'Ana Ruiz' },
      ...keys.notification('user-2', 'co-1', String(copies()[0]!.notificationId)),
    });
    expect(String(copies()[0]!.notificationId)).toMatch(new RegExp(`^${ID}D[0-9a-f]{8}$`));
    expect(table.get(keys.notificationCounter('user-2', 'co-1'))).toMatchObject({ unread: 1 });
  });

  it('never delegates a copy again, nor outside the range or families of the delegation', async () => {
    delegation();
    delegation({ delegationId: 'd2', toUserId: 'user-3', startsOn: '2026-03-02', endsOn: '2026-03-09' });
    delegation({ delegationId: 'd3', toUserId: 'user-4', categories: ['ocr'] });

    await handler({
      Records: [record('1', 'INSERT', notification({ delegatedFrom: { userId: 'user-0', name: 'Otra' } }))],
    });
    expect(table.all('Notification').filter((n) => n.userId !== 'user-1')).toHaveLength(0);

    await handler({ Records: [record('2', 'INSERT', item)] });
    expect(
      table
        .all('Notification')
        .filter((n) => n.userId !== 'user-1')
        .map((n) => n.userId),
    ).toEqual(['user-2']);
  });

  it("honours the delegate's own in-app preference", async () => {
    delegation();
    prefs('user-2', { channels: { IN_APP: false, EMAIL: true } });

    await handler({ Records: [record('1', 'INSERT', item)] });

    expect(copies()).toHaveLength(0);
  });
});
