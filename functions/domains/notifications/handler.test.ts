import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { newNotificationId, newNotificationRecord } from '@functions/lib/notifications';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { useEnv } from '@functions/platform/testing/env';
import { routeIds, routes } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import type { Notification, NotificationPreferences } from '@shared/schemas/notifications';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { notificationsActions } from './handler';
import type { NotificationsDeps } from './store/deps';
import { notificationItem } from './store/notifications';

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';
const T0 = new Date('2026-03-02T10:00:00.000Z');

const env: Record<string, string> = { TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' };
useEnv(env);

const db = mockClient(DynamoDBDocumentClient);
let ids = 0;
const deps: NotificationsDeps = {
  db: DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
  ),
  table: TABLE,
  now: () => new Date(T0),
  newId: () => `rand${++ids}`,
  appUrl: 'https://app.cuadra.test',
};
// The real pipeline (auth, membership check through DynamoDB, zod) with injected deps.
const handler = createApiHandler('notifications', notificationsActions, () => deps);

async function call<T = unknown>(options: Omit<ApiEventOptions, 'claims'> & { companyId?: string | null }) {
  const { companyId = COMPANY, ...rest } = options;
  const event = apiEvent({
    claims: { sub: USER, groups: ['GESTOR'] },
    ...rest,
    headers: { ...(companyId ? { 'x-company-id': companyId } : {}), ...rest.headers },
  });
  return readResponse<T>(await handler(event, lambdaContext()));
}

/** A stored notification item of the caller, `minutesAgo` old. */
function stored(n: number, opts: { isRead?: boolean; userId?: string } = {}) {
  const at = new Date(T0.getTime() - n * 60_000);
  const record = newNotificationRecord(
    {
      userId: opts.userId ?? USER,
      companyId: COMPANY,
      type: 'invoice_created',
      title: `Factura ${n}`,
      message: `Mensaje ${n}`,
      severity: 'success',
    },
    newNotificationId(at, `r${n}`),
    at,
  );
  const isRead = opts.isRead ?? false;
  return notificationItem({ ...record, isRead, readAt: isRead ? T0.toISOString() : null });
}
const idOf = (item: Record<string, unknown>) => String(item.notificationId);
const notifKey = (id: string) => keys.notification(USER, COMPANY, id);
const counterKey = keys.notificationCounter(USER, COMPANY);

const transactions = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
const queries = () =>
  db
    .commandCalls(QueryCommand)
    .map((c) => c.args[0].input)
    .filter((q) => q.Select !== 'COUNT');

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

beforeEach(() => {
  db.reset();
  ids = 0;
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(TransactWriteCommand).resolves({});
  db.on(PutCommand).resolves({});
});

describe('notifications handler', () => {
  it('wires exactly the notifications routes of the route table', () => {
    const own = routeIds.filter((id) => routes[id].domain === 'notifications').sort();
    expect(Object.keys(notificationsActions).sort()).toEqual(own);
  });

  it('refuses a company the caller does not belong to with 403 CORE_003', async () => {
    const res = await call({ routeId: 'notifications.list', companyId: 'co-foreign' });

    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_003');
    expect(db.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('GET notifications', () => {
  it('reads page N by skipping forward with shrinking Limits, newest first, and counts the rest', async () => {
    const items = Array.from({ length: 10 }, (_, i) => stored(i));
    const pages = [
      { Items: items.slice(0, 6), LastEvaluatedKey: { pk: 'k', sk: 's6' } },
      { Items: items.slice(6, 10), LastEvaluatedKey: { pk: 'k', sk: 's10' } },
    ];
    db.on(QueryCommand).callsFake((input: QueryCommandInput) =>
      input.Select === 'COUNT' ? { Count: 42 } : pages.shift(),
    );

    const res = await call<{ content: Notification[]; totalElements: number; totalPages: number }>({
      routeId: 'notifications.list',
      query: { page: '1', size: '5' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ page: 1, size: 5, totalElements: 42, totalPages: 9 });
    expect(res.envelope.data?.content.map((n) => n.notificationId)).toEqual(items.slice(5, 10).map(idOf));
    expect(res.envelope.data?.content[0]).not.toHaveProperty('userId');
    const q = queries();
    expect(q.map((x) => x.Limit)).toEqual([10, 4]);
    expect(q[0]).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)',
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':pk': `NOTIF#${USER}#${COMPANY}`, ':n': 'N#' },
    });
    expect(q[0]!.FilterExpression).toContain('#ttl');
    expect(q[1]!.ExclusiveStartKey).toEqual({ pk: 'k', sk: 's6' });
  });

  it('defaults to page 0 of 20', async () => {
    db.on(QueryCommand).callsFake((input: QueryCommandInput) =>
      input.Select === 'COUNT' ? { Count: 0 } : { Items: [] },
    );

    const res = await call({ routeId: 'notifications.list' });

    expect(res.envelope.data).toEqual({ content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 });
    expect(queries()[0]!.Limit).toBe(20);
  });

  it.each(['101', '0', 'veinte'])('refuses size=%s with 400 CORE_004 on the field size', async (size) => {
    const res = await call({ routeId: 'notifications.list', query: { size } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'size' });
    expect(db.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('with unreadOnly=true reads the sparse unread index and takes the total from the counter', async () => {
    db.on(QueryCommand).resolves({ Items: [stored(1), stored(2)] });
    db.on(GetCommand, { Key: counterKey }).resolves({ Item: { ...counterKey, unread: 2 } });

    const res = await call<{ content: Notification[]; totalElements: number }>({
      routeId: 'notifications.list',
      query: { unreadOnly: 'true' },
    });

    expect(res.envelope.data).toMatchObject({ totalElements: 2, totalPages: 1 });
    expect(queries()[0]).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :g',
      ExpressionAttributeValues: { ':g': `NOTIF#${USER}#${COMPANY}#UNREAD` },
      ScanIndexForward: false,
    });
    expect(db.commandCalls(QueryCommand).some((c) => c.args[0].input.Select === 'COUNT')).toBe(false);
  });

  it('refuses an unreadOnly that is not true or false', async () => {
    const res = await call({ routeId: 'notifications.list', query: { unreadOnly: 'yes' } });

    expect(res.status).toBe(400);
    expect(res.envelope.error?.field).toBe('unreadOnly');
  });
});

describe('GET notifications/unread', () => {
  it('answers the exact count and the latest 10, read or not', async () => {
    db.on(GetCommand, { Key: counterKey }).resolves({ Item: { ...counterKey, unread: 4 } });
    db.on(QueryCommand).resolves({ Items: [stored(1), stored(2, { isRead: true })] });

    const res = await call<{ count: number; latest: Notification[] }>({ routeId: 'notifications.unread' });

    expect(res.status).toBe(200);
    expect(res.envelope.data?.count).toBe(4);
    expect(res.envelope.data?.latest.map((n) => n.isRead)).toEqual([false, true]);
    expect(queries()[0]!.Limit).toBe(10);
    expect(
      db.commandCalls(GetCommand).find((c) => c.args[0].input.Key?.sk === 'COUNTER')?.args[0].input,
    ).toMatchObject({ ConsistentRead: true });
  });

  it('counts 0 before the first notification', async () => {
    db.on(QueryCommand).resolves({ Items: [] });

    const res = await call({ routeId: 'notifications.unread' });

    expect(res.envelope.data).toEqual({ count: 0, latest: [] });
  });
});

describe('POST notifications/test', () => {
  it('creates the notification and +1 on the unread counter in one transaction, answering 201', async () => {
    const res = await call<Notification>({ routeId: 'notifications.test', body: { type: 'ocr_completed' } });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      type: 'ocr_completed',
      title: 'Prueba: Documento procesado',
      severity: 'success',
      isRead: false,
      readAt: null,
      createdAt: T0.toISOString(),
      companyId: COMPANY,
      link: '/app/notifications',
    });
    expect(res.envelope.data?.message).toContain('«factura-proveedor.pdf»');
    const id = res.envelope.data!.notificationId;
    expect(id.startsWith(String(T0.getTime()))).toBe(true);

    const [tx] = transactions();
    expect(tx).toHaveLength(2);
    expect(tx![0]!.Put).toMatchObject({
      TableName: TABLE,
      ConditionExpression: 'attribute_not_exists(pk)',
      Item: {
        ...notifKey(id),
        gsi1pk: `NOTIF#${USER}#${COMPANY}#UNREAD`,
        gsi1sk: `N#${id}`,
        entity: 'Notification',
        userId: USER,
        companyId: COMPANY,
        isRead: false,
      },
    });
    expect(tx![0]!.Put!.Item).not.toHaveProperty('ttl');
    expect(tx![1]!.Update).toMatchObject({
      Key: counterKey,
      UpdateExpression: expect.stringContaining('ADD unread :d'),
      ExpressionAttributeValues: expect.objectContaining({ ':d': 1 }),
    });
  });

  it.each(['ocr_started', 'ocr_failed', 'invoice_created'])('accepts %s with a test title', async (type) => {
    const res = await call<Notification>({ routeId: 'notifications.test', body: { type } });

    expect(res.status).toBe(201);
    expect(res.envelope.data?.title).toMatch(/^Prueba: /);
  });

  it.each([
    ['an unknown type', { type: 'payroll_ready' }],
    ['no type', {}],
  ])('refuses %s with 400 CORE_004 naming the field and the allowed values', async (_case, body) => {
    const res = await call({ routeId: 'notifications.test', body });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'type' });
    expect(res.envelope.error?.message).toContain('ocr_started, ocr_completed, ocr_failed, invoice_created');
    expect(transactions()).toHaveLength(0);
  });
});

describe('PUT notifications/{id}/read and /unread', () => {
  it('marks read once; the second click finds it read and writes nothing (the counter moves once)', async () => {
    const item = stored(3);
    const id = idOf(item);
    db.on(GetCommand, { Key: notifKey(id) })
      .resolvesOnce({ Item: item })
      .resolves({ Item: { ...item, isRead: true, readAt: T0.toISOString() } });

    const first = await call<Notification>({
      routeId: 'notifications.markRead',
      params: { notificationId: id },
    });
    const second = await call<Notification>({
      routeId: 'notifications.markRead',
      params: { notificationId: id },
    });

    expect(first.status).toBe(200);
    expect(first.envelope.data).toMatchObject({ notificationId: id, isRead: true, readAt: T0.toISOString() });
    expect(second.status).toBe(200);
    expect(second.envelope.data?.isRead).toBe(true);
    const txs = transactions();
    expect(txs).toHaveLength(1);
    expect(txs[0]![0]!.Update).toMatchObject({
      Key: notifKey(id),
      ConditionExpression: 'attribute_exists(pk) AND isRead = :false',
      UpdateExpression: expect.stringContaining('REMOVE gsi1pk, gsi1sk'),
    });
    // Read notifications expire 90 days after creation (TTL).
    const ttl = txs[0]![0]!.Update!.ExpressionAttributeValues![':ttl'];
    expect(ttl).toBe(Math.floor((T0.getTime() - 3 * 60_000) / 1000) + 90 * 86_400);
    expect(txs[0]![1]!.Update).toMatchObject({
      Key: counterKey,
      ExpressionAttributeValues: expect.objectContaining({ ':d': -1 }),
    });
  });

  it('a click that loses the race to another (condition failed) reads again and changes nothing', async () => {
    const item = stored(3);
    const id = idOf(item);
    db.on(GetCommand, { Key: notifKey(id) })
      .resolvesOnce({ Item: item })
      .resolves({ Item: { ...item, isRead: true, readAt: T0.toISOString() } });
    db.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));

    const res = await call<Notification>({
      routeId: 'notifications.markRead',
      params: { notificationId: id },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data?.isRead).toBe(true);
    expect(transactions()).toHaveLength(1);
  });

  it('marks unread: back into the unread index, TTL removed, +1 on the counter', async () => {
    const item = stored(5, { isRead: true });
    const id = idOf(item);
    db.on(GetCommand, { Key: notifKey(id) }).resolves({ Item: item });

    const res = await call<Notification>({
      routeId: 'notifications.markUnread',
      params: { notificationId: id },
    });

    expect(res.envelope.data).toMatchObject({ isRead: false, readAt: null });
    const [tx] = transactions();
    expect(tx![0]!.Update).toMatchObject({
      ConditionExpression: 'attribute_exists(pk) AND isRead = :true',
      UpdateExpression: expect.stringContaining('REMOVE #ttl'),
      ExpressionAttributeValues: expect.objectContaining({
        ':g': `NOTIF#${USER}#${COMPANY}#UNREAD`,
        ':gs': `N#${id}`,
      }),
    });
    expect(tx![1]!.Update!.ExpressionAttributeValues).toMatchObject({ ':d': 1 });
  });

  it('is 404 CORE_006 for an id the caller does not have', async () => {
    const res = await call({ routeId: 'notifications.markRead', params: { notificationId: 'missing1' } });

    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CORE_006');
    expect(transactions()).toHaveLength(0);
  });

  it('treats an expired notification TTL has not removed yet as gone', async () => {
    const item = { ...stored(1, { isRead: true }), ttl: Math.floor(T0.getTime() / 1000) - 1 };
    db.on(GetCommand, { Key: notifKey(idOf(item)) }).resolves({ Item: item });

    const res = await call({ routeId: 'notifications.markUnread', params: { notificationId: idOf(item) } });

    expect(res.status).toBe(404);
  });
});

describe('DELETE notifications/{id}', () => {
  it("is 404 for another user's notification: it is only looked up under the caller's partition", async () => {
    const foreign = stored(2, { userId: 'user-2' });

    const res = await call({ routeId: 'notifications.delete', params: { notificationId: idOf(foreign) } });

    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CORE_006');
    const lookups = db
      .commandCalls(GetCommand)
      .map((c) => c.args[0].input.Key)
      .filter((k) => k?.sk !== keys.membership(COMPANY, USER).sk);
    expect(lookups).toEqual([notifKey(idOf(foreign))]);
    expect(transactions()).toHaveLength(0);
  });

  it('deletes an unread one together with its count', async () => {
    const item = stored(2);
    db.on(GetCommand, { Key: notifKey(idOf(item)) }).resolves({ Item: item });

    const res = await call({ routeId: 'notifications.delete', params: { notificationId: idOf(item) } });

    expect(res.status).toBe(200);
    const [tx] = transactions();
    expect(tx).toHaveLength(2);
    expect(tx![0]!.Delete).toMatchObject({
      Key: notifKey(idOf(item)),
      ConditionExpression: 'attribute_exists(pk) AND isRead = :was',
      ExpressionAttributeValues: { ':was': false },
    });
    expect(tx![1]!.Update!.ExpressionAttributeValues).toMatchObject({ ':d': -1 });
  });

  it('deletes a read one without touching the counter', async () => {
    const item = stored(2, { isRead: true });
    db.on(GetCommand, { Key: notifKey(idOf(item)) }).resolves({ Item: item });

    await call({ routeId: 'notifications.delete', params: { notificationId: idOf(item) } });

    expect(transactions()[0]).toHaveLength(1);
  });
});

describe('PUT notifications/read-all', () => {
  it('marks every unread one read in batched transactions, each moving the counter by its size', async () => {
    const unread = Array.from({ length: 60 }, (_, i) => stored(i));
    db.on(QueryCommand)
      .resolvesOnce({ Items: unread.slice(0, 30), LastEvaluatedKey: { pk: 'x' } })
      .resolvesOnce({ Items: unread.slice(30) });
    db.on(GetCommand, { Key: counterKey }).resolves({ Item: { ...counterKey, unread: 0 } });

    const res = await call({ routeId: 'notifications.markAllRead' });

    expect(res.envelope.data).toEqual({ updated: 60, count: 0 });
    expect(db.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':g': `NOTIF#${USER}#${COMPANY}#UNREAD` },
    });
    const txs = transactions();
    expect(txs.map((t) => t.length)).toEqual([51, 11]);
    expect(txs[0]!.at(-1)!.Update!.ExpressionAttributeValues).toMatchObject({ ':d': -50 });
    expect(txs[1]!.at(-1)!.Update!.ExpressionAttributeValues).toMatchObject({ ':d': -10 });
  });

  it('redoes a batch that lost a race one by one, counting only what it changed', async () => {
    const [a, b] = [stored(1), stored(2)];
    db.on(QueryCommand).resolves({ Items: [a, b] });
    db.on(TransactWriteCommand)
      .rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None'))
      .resolves({});
    // `a` was read in another tab meanwhile; `b` is still unread.
    db.on(GetCommand, { Key: notifKey(idOf(a!)) }).resolves({ Item: { ...a, isRead: true } });
    db.on(GetCommand, { Key: notifKey(idOf(b!)) }).resolves({ Item: b });
    db.on(GetCommand, { Key: counterKey }).resolves({ Item: { unread: 0 } });

    const res = await call({ routeId: 'notifications.markAllRead' });

    expect(res.envelope.data).toEqual({ updated: 1, count: 0 });
    const txs = transactions();
    expect(txs).toHaveLength(2);
    expect(txs[1]![0]!.Update!.Key).toEqual(notifKey(idOf(b!)));
  });

  it('with nothing unread writes nothing', async () => {
    db.on(QueryCommand).resolves({ Items: [] });

    const res = await call({ routeId: 'notifications.markAllRead' });

    expect(res.envelope.data).toEqual({ updated: 0, count: 0 });
    expect(transactions()).toHaveLength(0);
  });
});

describe('notification preferences', () => {
  const prefsKey = keys.notificationPreferences(USER);

  it('answers the defaults before anything was saved, without a company', async () => {
    const res = await call<NotificationPreferences>({
      routeId: 'notifications.getPreferences',
      companyId: null,
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      channels: { IN_APP: true, EMAIL: true },
      types: {
        ocr: true,
        invoices: true,
        tax_deadlines: true,
        verifactu: true,
        sii: true,
        payroll: true,
        documents: true,
        messages: true,
        system: true,
      },
      emailDigest: 'daily',
    });
  });

  it('changes what is sent and keeps the rest', async () => {
    db.on(GetCommand, { Key: prefsKey }).resolves({
      Item: { ...prefsKey, preferences: { channels: { IN_APP: true, EMAIL: false } } },
    });

    const res = await call<NotificationPreferences>({
      routeId: 'notifications.updatePreferences',
      companyId: null,
      body: { types: { ocr: false }, emailDigest: 'daily' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      channels: { IN_APP: true, EMAIL: false },
      types: { ocr: false, invoices: true },
      emailDigest: 'daily',
    });
    const put = db.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toMatchObject({ ...prefsKey, entity: 'NotificationPreferences', userId: USER });
    expect(put.Item!.preferences).toEqual(res.envelope.data);
  });

  it.each([
    [{ types: { weather: true } }, 'types'],
    [{ channels: { SMS: true } }, 'channels'],
    [{ emailDigest: 'weekly' }, 'emailDigest'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const res = await call({ routeId: 'notifications.updatePreferences', companyId: null, body });

    expect(res.status).toBe(400);
    expect(res.envelope.error?.field).toBe(field);
    expect(db.commandCalls(PutCommand)).toHaveLength(0);
  });
});
