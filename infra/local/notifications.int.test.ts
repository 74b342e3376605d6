/**
 * Notifications end to end on the local cloud: a notification created through the API is written
 * with its unread count, travels the table stream to the push consumer and arrives on the user's
 * WebSocket for that company; read, unread and delete keep the count exact; nobody else reaches it.
 */

import type { Notification, NotificationPushMessage, UnreadSummary } from '@shared/schemas/notifications';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const COMPANY = 'demo-panaderia-espiga'; // a client company of gestor@cuadra.test
const OTHER_COMPANY = 'demo-romero-fontaneria'; // another one of gestor@cuadra.test
const GESTOR2_COMPANY = 'demo-navarro-asesores';
const PUSH_TIMEOUT_MS = 5_000;

interface Listener {
  socket: WebSocket;
  messages: NotificationPushMessage[];
  /** Resolves with the first pushed notification that matches, or rejects after the timeout. */
  notification(id: string, timeoutMs?: number): Promise<Notification>;
}

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

async function listen(token: string, companyId: string): Promise<Listener> {
  const url = new URL('/ws', cloud.url.replace(/^http/, 'ws'));
  url.searchParams.set('token', token);
  url.searchParams.set('companyId', companyId);
  const socket = new WebSocket(url);
  sockets.push(socket);
  const messages: NotificationPushMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const text = data.toString();
    if (text === 'pong') return;
    messages.push(JSON.parse(text) as NotificationPushMessage);
    for (const w of waiters) w();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  const notification = (id: string, timeoutMs = PUSH_TIMEOUT_MS) =>
    new Promise<Notification>((resolve, reject) => {
      const check = () => {
        const hit = messages.find((m) => m.type === 'notification' && m.notification.notificationId === id);
        if (hit?.type !== 'notification') return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(hit.notification);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`notification ${id} not pushed within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { socket, messages, notification };
}

describe('notifications on the local cloud', () => {
  let gestor: string;
  let gestor2: string;
  beforeAll(async () => {
    [gestor, gestor2] = await Promise.all([
      api.login('gestor@cuadra.test'),
      api.login('gestor2@cuadra.test'),
    ]);
  });

  const unread = async (token = gestor, companyId = COMPANY) => {
    const res = await api.request<UnreadSummary>('GET', '/api/v1/notifications/unread', { token, companyId });
    expect(res.status).toBe(200);
    if (!res.body.success) throw new Error('unread failed');
    return res.body.data;
  };
  const createTest = async (type = 'invoice_created', token = gestor, companyId = COMPANY) => {
    const res = await api.request<Notification>('POST', '/api/v1/notifications/test', {
      token,
      companyId,
      body: { type },
    });
    expect(res.status).toBe(201);
    if (!res.body.success) throw new Error('test notification failed');
    return res.body.data;
  };
  const mark = (id: string, state: 'read' | 'unread', token = gestor, companyId = COMPANY) =>
    api.request<Notification>('PUT', `/api/v1/notifications/${id}/${state}`, { token, companyId });

  it('a test notification reaches the open socket of that company at once, and the bell counts it', async () => {
    const here = await listen(gestor, COMPANY);
    const elsewhere = await listen(gestor, OTHER_COMPANY);
    const before = (await unread()).count;

    const created = await createTest('invoice_created');

    expect(created).toMatchObject({ type: 'invoice_created', isRead: false, companyId: COMPANY });
    expect(created.title).toMatch(/^Prueba: /);
    const pushed = await here.notification(created.notificationId);
    expect(pushed).toEqual(created);
    // The socket opened for another company is not told (give it a moment to prove it).
    await new Promise((r) => setTimeout(r, 500));
    expect(elsewhere.messages).toEqual([]);

    const bell = await unread();
    expect(bell.count).toBe(before + 1);
    expect(bell.latest[0]?.notificationId).toBe(created.notificationId);

    const list = await api.request<{ content: Notification[]; totalElements: number }>(
      'GET',
      '/api/v1/notifications',
      { token: gestor, companyId: COMPANY, query: { size: '5', unreadOnly: 'true' } },
    );
    expect(list.status).toBe(200);
    expect(list.body.success && list.body.data.content[0]?.notificationId).toBe(created.notificationId);
    expect(list.body.success && list.body.data.totalElements).toBe(before + 1);
  });

  it('mark read decrements once (a double click is a no-op), unread and delete keep the count exact', async () => {
    const created = await createTest('ocr_completed');
    const start = (await unread()).count;

    const read = await mark(created.notificationId, 'read');
    expect(read.status).toBe(200);
    expect(read.body.success && read.body.data.isRead).toBe(true);
    expect((await unread()).count).toBe(start - 1);

    const again = await mark(created.notificationId, 'read');
    expect(again.status).toBe(200);
    expect((await unread()).count).toBe(start - 1);

    await mark(created.notificationId, 'unread');
    expect((await unread()).count).toBe(start);

    const removed = await api.request('DELETE', `/api/v1/notifications/${created.notificationId}`, {
      token: gestor,
      companyId: COMPANY,
    });
    expect(removed.status).toBe(200);
    expect((await unread()).count).toBe(start - 1);
    const twice = await api.request('DELETE', `/api/v1/notifications/${created.notificationId}`, {
      token: gestor,
      companyId: COMPANY,
    });
    expect(twice.status).toBe(404);
  });

  it('mark all read leaves nothing unread in the company', async () => {
    await Promise.all([createTest('ocr_started'), createTest('ocr_failed'), createTest('ocr_completed')]);

    const res = await api.request<{ updated: number; count: number }>(
      'PUT',
      '/api/v1/notifications/read-all',
      {
        token: gestor,
        companyId: COMPANY,
      },
    );

    expect(res.status).toBe(200);
    expect(res.body.success && res.body.data.count).toBe(0);
    expect(res.body.success && res.body.data.updated).toBeGreaterThanOrEqual(3);
    const bell = await unread();
    expect(bell.count).toBe(0);
    expect(bell.latest.every((n) => n.isRead)).toBe(true);
  });

  it("another gestoría cannot reach gestor's notification: 403 for the company, 404 for the id in its own", async () => {
    const created = await createTest('invoice_created');

    const viaCompany = await mark(created.notificationId, 'read', gestor2, COMPANY);
    expect(viaCompany.status).toBe(403);
    expect(viaCompany.body.success === false && viaCompany.body.error.code).toBe('CORE_003');

    const viaOwn = await mark(created.notificationId, 'read', gestor2, GESTOR2_COMPANY);
    expect(viaOwn.status).toBe(404);
    expect(viaOwn.body.success === false && viaOwn.body.error.code).toBe('CORE_006');
    const deleteViaOwn = await api.request('DELETE', `/api/v1/notifications/${created.notificationId}`, {
      token: gestor2,
      companyId: GESTOR2_COMPANY,
    });
    expect(deleteViaOwn.status).toBe(404);

    const stillThere = await unread();
    expect(stillThere.latest.find((n) => n.notificationId === created.notificationId)?.isRead).toBe(false);
  });

  it('refuses a test type outside the four allowed with 400 naming the field', async () => {
    const res = await api.request('POST', '/api/v1/notifications/test', {
      token: gestor,
      companyId: COMPANY,
      body: { type: 'payroll_ready' },
    });

    expect(res.status).toBe(400);
    expect(res.body.success === false && res.body.error).toMatchObject({ code: 'CORE_004', field: 'type' });
  });

  it('preferences are per user and survive a round trip', async () => {
    const put = await api.request('PUT', '/api/v1/notifications/preferences', {
      token: gestor2,
      body: { types: { payroll: false }, emailDigest: 'daily' },
    });
    expect(put.status).toBe(200);

    const mine = await api.request<{ types: Record<string, boolean>; emailDigest: string }>(
      'GET',
      '/api/v1/notifications/preferences',
      { token: gestor2 },
    );
    expect(mine.body.success && mine.body.data).toMatchObject({
      types: { payroll: false },
      emailDigest: 'daily',
    });
    const theirs = await api.request<{ types: Record<string, boolean> }>(
      'GET',
      '/api/v1/notifications/preferences',
      {
        token: gestor,
      },
    );
    expect(theirs.body.success && theirs.body.data.types.payroll).toBe(true);
  });
});
