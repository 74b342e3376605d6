/**
 * Messaging between a client and its gestoría (issue 21 item 3) on the local cloud, over real HTTP:
 * - the demo client (cliente@cuadra.test) writes to Panadería La Espiga's gestoría; the demo gestor's
 *   WebSocket for the bakery receives the `message_received` notification at once, and its unread
 *   messages count grows by one;
 * - the gestor reads the thread (the staff's unread goes back to 0) and answers; the client's unread
 *   count is 1, its bell has the notification, and — its preferences asking for each e-mail as it
 *   happens — the notifications domain e-mails it; reading zeroes the client's count;
 * - another client's view: the gestor's own conversation list has the bakery's client, a gestor of
 *   another gestoría gets 403 on the bakery.
 */

import type { Page } from '@shared/api/envelope';
import type { Conversation, ConversationMessage, UnreadCount } from '@shared/schemas/messaging';
import type {
  Notification,
  NotificationPreferences,
  NotificationPushMessage,
} from '@shared/schemas/notifications';
import { afterEach, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const PANADERIA = 'demo-panaderia-espiga';
const PUSH_TIMEOUT_MS = 10_000;

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>): T => {
  if (!res.body.success) throw new Error(`${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

/** The notifications pushed to one person's socket for one company. */
async function listen(token: string, companyId: string) {
  const url = new URL('/ws', cloud.url.replace(/^http/, 'ws'));
  url.searchParams.set('token', token);
  url.searchParams.set('companyId', companyId);
  const socket = new WebSocket(url);
  sockets.push(socket);
  const pushed: Notification[] = [];
  socket.on('message', (data) => {
    const text = data.toString();
    if (text === 'pong') return;
    const m = JSON.parse(text) as NotificationPushMessage;
    if (m.type === 'notification') pushed.push(m.notification);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    async waitFor(match: (n: Notification) => boolean): Promise<Notification> {
      const deadline = Date.now() + PUSH_TIMEOUT_MS;
      while (Date.now() < deadline) {
        const hit = pushed.find(match);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no matching notification pushed within ${PUSH_TIMEOUT_MS} ms`);
    },
  };
}

async function waitForMail(to: string, match: (m: SentMail) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(new URL('/_dev/mailbox.json', cloud.url));
    const found = ((await res.json()) as SentMail[]).find((m) => m.to.includes(to) && match(m));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no matching mail to ${to} within ${timeoutMs} ms`);
}

describe('messaging: the client and its gestor exchange messages', () => {
  it('the other side is told live, by its unread count, in its bell and by e-mail', async () => {
    const client = await api.login('cliente@cuadra.test');
    const gestor = await api.login('gestor@cuadra.test');
    const unread = async (token: string) =>
      dataOf(
        await api.request<UnreadCount>('GET', '/api/v1/messages/unread-count', {
          token,
          companyId: PANADERIA,
        }),
      );

    // The client wants each e-mail as it happens (restored at the end).
    const prefs = dataOf(
      await api.request<NotificationPreferences>('GET', '/api/v1/notifications/preferences', {
        token: client,
      }),
    );
    dataOf(
      await api.request('PUT', '/api/v1/notifications/preferences', {
        token: client,
        body: { emailDigest: 'never', channels: { IN_APP: true, EMAIL: true }, types: { messages: true } },
      }),
    );

    try {
      const conversation = dataOf(
        await api.request<Conversation>('POST', '/api/v1/messages/conversations', {
          token: client,
          companyId: PANADERIA,
          body: {},
        }),
      );
      const path = `/api/v1/messages/conversations/${conversation.conversationId}`;
      const staffBefore = await unread(gestor);
      const gestorSocket = await listen(gestor, PANADERIA);

      const question = `¿Necesitas los tickets de marzo? ${Date.now().toString(36)}`;
      const sent = dataOf(
        await api.request<ConversationMessage>('POST', `${path}/messages`, {
          token: client,
          companyId: PANADERIA,
          body: { content: question },
        }),
      );
      expect(sent).toMatchObject({ content: question, isFromGestor: false, kind: 'TEXT' });

      const live = await gestorSocket.waitFor(
        (n) => n.type === 'message_received' && n.message.includes(question),
      );
      expect(live.link).toBe(`/app/messaging?conversationId=${conversation.conversationId}`);
      expect((await unread(gestor)).unread).toBe(staffBefore.unread + 1);

      // The gestor finds the conversation, reads the thread and answers.
      const list = dataOf(
        await api.request<Conversation[]>('GET', '/api/v1/messages/conversations', {
          token: gestor,
          companyId: PANADERIA,
        }),
      );
      expect(list[0]).toMatchObject({
        conversationId: conversation.conversationId,
        lastMessage: { isFromGestor: false },
      });
      const thread = dataOf(
        await api.request<ConversationMessage[]>('GET', `${path}/messages`, {
          token: gestor,
          companyId: PANADERIA,
        }),
      );
      expect(thread.at(-1)?.id).toBe(sent.id);
      // Reading the conversation reads all of it (the seed's unread message too): the staff's count
      // drops by everything this conversation had unread.
      const before = list[0]!.unreadCount;
      expect(before).toBeGreaterThanOrEqual(1);
      dataOf(await api.request('POST', `${path}/read`, { token: gestor, companyId: PANADERIA }));
      expect((await unread(gestor)).unread).toBe(staffBefore.unread + 1 - before);

      const clientSocket = await listen(client, PANADERIA);
      const answer = `Sí, súbelos esta semana ${Date.now().toString(36)}`;
      dataOf(
        await api.request<ConversationMessage>('POST', `${path}/messages`, {
          token: gestor,
          companyId: PANADERIA,
          body: { content: answer, priority: 'HIGH' },
        }),
      );
      const toClient = await clientSocket.waitFor(
        (n) => n.type === 'message_received' && n.message.includes(answer),
      );
      expect(toClient).toMatchObject({
        title: 'Nuevo mensaje de tu gestoría',
        severity: 'warning',
        link: `/app/messages?conversationId=${conversation.conversationId}`,
      });
      expect(await unread(client)).toEqual({ unread: 1, conversations: 1 });
      const bell = dataOf(
        await api.request<Page<Notification>>('GET', '/api/v1/notifications', {
          token: client,
          companyId: PANADERIA,
          query: { size: '20' },
        }),
      );
      expect(bell.content.map((n) => n.notificationId)).toContain(toClient.notificationId);
      const mail = await waitForMail(
        'cliente@cuadra.test',
        (m) => m.subject.endsWith(': Nuevo mensaje de tu gestoría') && (m.text ?? '').includes(answer),
      );
      expect(mail.text).toContain(`/app/messages?conversationId=${conversation.conversationId}`);

      dataOf(await api.request('POST', `${path}/read`, { token: client, companyId: PANADERIA }));
      expect(await unread(client)).toEqual({ unread: 0, conversations: 0 });

      // Another gestoría's gestor cannot reach the bakery's conversation.
      const other = await api.login('gestor2@cuadra.test');
      const refused = await api.request('GET', `${path}/messages`, { token: other, companyId: PANADERIA });
      expect(refused.status).toBe(403);
    } finally {
      await api.request('PUT', '/api/v1/notifications/preferences', {
        token: client,
        body: { emailDigest: prefs.emailDigest, channels: prefs.channels },
      });
    }
  });
});
