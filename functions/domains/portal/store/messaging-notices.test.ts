/**
 * Reading a conversation's bell notices on the in-memory table: the reader's unread
 * `message_received` notifications of that conversation become read and the unread counter drops by
 * exactly their number; other conversations, other kinds, other companies and other people keep
 * theirs; a second call writes nothing; a batch that loses a race is redone one by one and counts
 * only what it changed.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newNotificationRecord, notificationItem, READ_ALL_BATCH } from '@functions/lib/notifications';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { conversationIdOf, conversationLink, MESSAGE_NOTIFICATION_TYPE, type Side } from '../model/messaging';
import { CLIENT, CLIENT2, CO, CO2, GESTOR, OWNER, T0 } from '../testing/fixtures';
import { portalFixture } from '../testing/portal-fixture';
import { markConversationNoticesRead } from './messaging-notices';

const { table, clock, deps } = portalFixture();
const CONV = conversationIdOf(CLIENT);
const OTHER_CONV = conversationIdOf(CLIENT2);
const gestor = { userId: GESTOR, companyId: CO };

let seq = 0;
/** Stores one notification and counts it on its owner's counter when unread (as a create does). */
function notice(
  userId: string,
  companyId: string,
  opts: { type?: string; conversationId?: string; side?: Side; isRead?: boolean } = {},
): string {
  const at = new Date(T0.getTime() - 60_000 + ++seq);
  const record = newNotificationRecord(
    {
      userId,
      companyId,
      type: opts.type ?? MESSAGE_NOTIFICATION_TYPE,
      title: 'Nuevo mensaje de cliente Test',
      message: 'Hola',
      severity: 'info',
      link: conversationLink(opts.side ?? 'staff', opts.conversationId ?? CONV),
    },
    `${String(at.getTime()).padStart(13, '0')}n${seq}`,
    at,
  );
  const stored = opts.isRead ? { ...record, isRead: true, readAt: T0.toISOString() } : record;
  table.put(notificationItem(stored));
  if (!opts.isRead) addToCounter(userId, companyId, 1);
  return record.notificationId;
}

function addToCounter(userId: string, companyId: string, delta: number) {
  const key = keys.notificationCounter(userId, companyId);
  const unread = Number(table.get(key)?.unread ?? 0) + delta;
  table.put({ ...key, entity: 'NotificationCounter', userId, companyId, unread });
}

const counter = (userId: string, companyId: string) =>
  table.get(keys.notificationCounter(userId, companyId))?.unread;
const stored = (userId: string, companyId: string, id: string) =>
  table.get(keys.notification(userId, companyId, id));
const isRead = (userId: string, companyId: string, id: string) => stored(userId, companyId, id)?.isRead;
const transactions = () => table.stub.commandCalls(TransactWriteCommand).length;

beforeEach(() => {
  table.stub.resetHistory();
});

describe('markConversationNoticesRead', () => {
  it("reads the reader's message notices of the conversation and drops the counter by exactly their number", async () => {
    const mine = [notice(GESTOR, CO), notice(GESTOR, CO), notice(GESTOR, CO, { side: 'client' })];
    notice(GESTOR, CO, { isRead: true });
    const otherConversation = notice(GESTOR, CO, { conversationId: OTHER_CONV });
    const otherKind = notice(GESTOR, CO, { type: 'meeting_confirmed' });
    expect(counter(GESTOR, CO)).toBe(5);

    const changed = await markConversationNoticesRead(deps, gestor, CONV, clock.now);

    expect(changed).toBe(3);
    expect(counter(GESTOR, CO)).toBe(2);
    for (const id of mine) {
      const item = stored(GESTOR, CO, id);
      expect(item).toMatchObject({ isRead: true, readAt: T0.toISOString() });
      // Out of the sparse unread index, and expiring like any read notification.
      expect(item?.gsi1pk).toBeUndefined();
      expect(typeof item?.ttl).toBe('number');
    }
    expect(isRead(GESTOR, CO, otherConversation)).toBe(false);
    expect(isRead(GESTOR, CO, otherKind)).toBe(false);
    expect(transactions()).toBe(1);
  });

  it("leaves other people's and other companies' notices of the same conversation unread", async () => {
    const owners = notice(OWNER, CO);
    const otherCompany = notice(GESTOR, CO2);
    notice(GESTOR, CO);

    expect(await markConversationNoticesRead(deps, gestor, CONV, clock.now)).toBe(1);

    expect(isRead(OWNER, CO, owners)).toBe(false);
    expect(counter(OWNER, CO)).toBe(1);
    expect(isRead(GESTOR, CO2, otherCompany)).toBe(false);
    expect(counter(GESTOR, CO2)).toBe(1);
    expect(counter(GESTOR, CO)).toBe(0);
  });

  it('a second call changes nothing and writes nothing', async () => {
    notice(GESTOR, CO);
    notice(GESTOR, CO, { conversationId: OTHER_CONV });
    await markConversationNoticesRead(deps, gestor, CONV, clock.now);
    const before = transactions();
    const writes = table.writes.length;

    expect(await markConversationNoticesRead(deps, gestor, CONV, clock.now)).toBe(0);

    expect(transactions()).toBe(before);
    expect(table.writes.length).toBe(writes);
    expect(counter(GESTOR, CO)).toBe(1);
  });

  it('with no notice of the conversation writes nothing', async () => {
    expect(await markConversationNoticesRead(deps, gestor, CONV, clock.now)).toBe(0);
    expect(transactions()).toBe(0);
    expect(counter(GESTOR, CO)).toBeUndefined();
  });

  it('reads more notices than one transaction holds in batches, each moving the counter by its size', async () => {
    const total = READ_ALL_BATCH + 5;
    for (let i = 0; i < total; i++) notice(GESTOR, CO);

    expect(await markConversationNoticesRead(deps, gestor, CONV, clock.now)).toBe(total);

    const sizes = table.stub
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems?.length);
    expect(sizes).toEqual([READ_ALL_BATCH + 1, 6]);
    expect(counter(GESTOR, CO)).toBe(0);
  });

  it('a notice read meanwhile (another tab) is not counted twice: the batch is redone one by one', async () => {
    const [a, b] = [notice(GESTOR, CO), notice(GESTOR, CO)];
    let raced = false;
    table.failWhen((command) => {
      if (command !== 'TransactWrite' || raced) return undefined;
      raced = true;
      // The bell's own mark-read of `a` lands first: read, and its count gone.
      table.put({ ...stored(GESTOR, CO, a!), isRead: true, gsi1pk: undefined, gsi1sk: undefined });
      addToCounter(GESTOR, CO, -1);
      return undefined;
    });

    expect(await markConversationNoticesRead(deps, gestor, CONV, clock.now)).toBe(1);

    expect(isRead(GESTOR, CO, b!)).toBe(true);
    expect(counter(GESTOR, CO)).toBe(0);
  });
});
