/**
 * messages.markRead and the bell, through the real pipeline over the in-memory table: reading a
 * conversation also reads the caller's `message_received` notifications of that conversation (the
 * ones messages.send left), the unread counter dropping by exactly their number; the caller's
 * other notifications and other people's stay unread; reading again changes nothing.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createNotification } from '@functions/lib/notifications';
import type { ActionsOf } from '@functions/platform/http';
import { keys } from '@shared/db/keys';
import type { Conversation } from '@shared/schemas/messaging';
import { describe, expect, it } from 'vitest';
import { conversationIdOf, MESSAGE_NOTIFICATION_TYPE } from '../model/messaging';
import type { PortalDeps } from '../store/deps';
import { CLIENT, CLIENT2, CO, GESTOR, OWNER, portalDeps } from '../testing/fixtures';
import { portalCaller, portalFixture } from '../testing/portal-fixture';
import { messagingActions } from './messaging';

const { table, clock } = portalFixture({
  seed: async () => {
    for (const client of [CLIENT, CLIENT2])
      expect((await call(client, 'messages.startConversation', { body: {} })).status).toBe(200);
  },
});
const call = portalCaller(clock, messagingActions as unknown as ActionsOf<'portal', PortalDeps>);

const conv = (clientUserId = CLIENT) => ({ conversationId: conversationIdOf(clientUserId) });
const tick = () => {
  clock.now = new Date(clock.now.getTime() + 1000);
};
const send = async (user: string, content: string, clientUserId = CLIENT) => {
  tick();
  expect((await call(user, 'messages.send', { params: conv(clientUserId), body: { content } })).status).toBe(
    201,
  );
};
const markRead = (user: string, clientUserId = CLIENT) =>
  call<Conversation>(user, 'messages.markRead', { params: conv(clientUserId) });

/** The bell's count (GET notifications/unread reads this counter). */
const bell = (userId: string) => table.get(keys.notificationCounter(userId, CO))?.unread;
const notices = (userId: string) =>
  table.all('Notification').filter((n) => n.userId === userId && n.companyId === CO);
const unreadLinks = (userId: string) =>
  notices(userId)
    .filter((n) => n.isRead === false)
    .map((n) => `${n.type} ${n.link}`)
    .sort();

describe('messages.markRead reads the bell too', () => {
  it("reads the caller's message notices of the conversation; the count drops by exactly their number", async () => {
    await send(CLIENT, 'uno');
    await send(CLIENT, 'dos');
    await send(CLIENT2, 'tres', CLIENT2);
    // A notice of another kind, linked nowhere near the conversation.
    await createNotification(portalDeps(clock), {
      userId: GESTOR,
      companyId: CO,
      type: 'meeting_confirmed',
      title: 'Cita confirmada',
      message: 'Mañana a las 10:00',
      severity: 'success',
      link: '/app/meetings?id=m1',
    });
    expect(bell(GESTOR)).toBe(4);
    expect(bell(OWNER)).toBe(3);

    const res = await markRead(GESTOR);

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ unreadCount: 0 });
    expect(bell(GESTOR)).toBe(2);
    expect(unreadLinks(GESTOR)).toEqual([
      'meeting_confirmed /app/meetings?id=m1',
      `${MESSAGE_NOTIFICATION_TYPE} /app/messaging?conversationId=${CLIENT2}`,
    ]);
    // The counter stays what is really unread; the other staff member has read nothing.
    expect(bell(GESTOR)).toBe(notices(GESTOR).filter((n) => n.isRead === false).length);
    expect(bell(OWNER)).toBe(3);
    expect(notices(OWNER).every((n) => n.isRead === false)).toBe(true);
  });

  it('a second markRead changes nothing; a later message is read by the next one', async () => {
    await send(CLIENT, 'uno');
    await send(CLIENT2, 'dos', CLIENT2);
    await markRead(GESTOR);
    const transactions = table.stub.commandCalls(TransactWriteCommand).length;
    const before = notices(GESTOR);

    const again = await markRead(GESTOR);

    expect(again.status).toBe(200);
    expect(table.stub.commandCalls(TransactWriteCommand)).toHaveLength(transactions);
    expect(notices(GESTOR)).toEqual(before);
    expect(bell(GESTOR)).toBe(1);

    await send(CLIENT, 'tres');
    expect(bell(GESTOR)).toBe(2);
    await markRead(GESTOR);
    expect(bell(GESTOR)).toBe(1);
  });

  it("reads the client's notices of the staff's replies when the client reads its conversation", async () => {
    await send(CLIENT, 'Hola');
    await send(GESTOR, 'Buenos días');
    await send(GESTOR, '¿Nos manda la factura?');
    expect(bell(CLIENT)).toBe(2);

    await markRead(CLIENT);

    expect(bell(CLIENT)).toBe(0);
    expect(notices(CLIENT).every((n) => n.isRead === true)).toBe(true);
    // The staff's notices are theirs: the client reading does not read them.
    expect(bell(GESTOR)).toBe(1);
  });

  it("another client marking a conversation it cannot see is 404 and reads nobody's bell", async () => {
    await send(CLIENT, 'Hola');
    await send(GESTOR, 'Hola, ¿en qué le ayudo?');

    const res = await markRead(CLIENT2);

    expect(res.status).toBe(404);
    expect(bell(CLIENT)).toBe(1);
    expect(bell(GESTOR)).toBe(1);
  });
});
