/**
 * The conversations store on the in-memory table: one conversation per client however often it is
 * opened, a message written with the conversation's counters and its notices in one transaction
 * (or nothing at all), paging back through messages, the staff's unread sum, the documents check.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { describe, expect, it } from 'vitest';
import { conversationIdOf } from '../model/messaging';
import { CLIENT, CLIENT2, CO, CO2, GESTOR, OWNER, seedCompanies, T0 } from '../testing/fixtures';
import { portalFixture, putUploadedDocument } from '../testing/portal-fixture';
import {
  companyDocuments,
  getConversation,
  listCompanyConversations,
  listMessages,
  markConversationRead,
  staffUnread,
} from './conversations';
import { notifyUpload, openConversation, sendMessage } from './conversations-flow';

const { table, clock, deps } = portalFixture();
const as = (userId: string, companyRole: 'CLIENTE' | 'GESTOR' | 'OWNER' | 'MEMBER') => ({
  userId,
  isAdmin: false,
  companyRole,
});
const text = (content: string) => ({ content, priority: 'NORMAL' as const, kind: 'TEXT' as const });
const tick = (ms = 1000) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

describe('opening a conversation', () => {
  it('gives the same conversation however often, and by whomever, it is opened', async () => {
    const byStaff = await openConversation(deps, CO, as(GESTOR, 'GESTOR'), CLIENT);
    const byClient = await openConversation(deps, CO, as(CLIENT, 'CLIENTE'), undefined);
    const again = await openConversation(deps, CO, as(OWNER, 'OWNER'), CLIENT);
    expect(byClient.conversationId).toBe(byStaff.conversationId);
    expect(again.conversationId).toBe(byStaff.conversationId);
    expect(byStaff.conversationId).toBe(conversationIdOf(CLIENT));
    expect(table.all('Conversation')).toHaveLength(1);
    expect(byStaff).toMatchObject({ clientUserId: CLIENT, clientName: 'cliente Test', createdBy: GESTOR });
  });

  it('refuses a staff member as the client, a stranger, and a client opening another', async () => {
    await expect(openConversation(deps, CO, as(GESTOR, 'GESTOR'), OWNER)).rejects.toMatchObject({
      code: 'CORE_006',
      field: 'clientUserId',
    });
    await expect(openConversation(deps, CO, as(GESTOR, 'GESTOR'), 'u-nobody')).rejects.toMatchObject({
      code: 'CORE_006',
    });
    await expect(openConversation(deps, CO, as(GESTOR, 'GESTOR'), undefined)).rejects.toMatchObject({
      code: 'CORE_004',
      field: 'clientUserId',
    });
    await expect(openConversation(deps, CO, as(CLIENT, 'CLIENTE'), CLIENT2)).rejects.toMatchObject({
      code: 'CORE_002',
    });
    expect(table.all('Conversation')).toHaveLength(0);
  });
});

describe('sending', () => {
  it('writes the message, the counters and the notices in one transaction', async () => {
    const c = await openConversation(deps, CO, as(CLIENT, 'CLIENTE'), undefined);
    const before = table.stub.commandCalls(TransactWriteCommand).length;
    const m = await sendMessage(deps, c, as(CLIENT, 'CLIENTE'), text('¿Me confirmas el IVA?'));
    const calls = table.stub.commandCalls(TransactWriteCommand).slice(before);
    expect(calls).toHaveLength(1);
    // message + conversation + (notification + counter) for the gestor and the owner
    expect(calls[0]!.args[0].input.TransactItems).toHaveLength(6);
    expect(m).toMatchObject({ isFromGestor: false, senderName: 'cliente Test', kind: 'TEXT' });
    const stored = await getConversation(deps, CO, c.conversationId);
    expect(stored).toMatchObject({
      unreadForStaff: 1,
      unreadForClient: 0,
      messageCount: 1,
      lastMessage: { content: '¿Me confirmas el IVA?', isFromGestor: false, timestamp: T0.toISOString() },
      updatedAt: T0.toISOString(),
    });
    const notices = table.all('Notification');
    expect(notices.map((n) => n.userId).sort()).toEqual([GESTOR, OWNER].sort());
    expect(notices[0]).toMatchObject({ type: 'message_received', companyId: CO, isRead: false });
    expect(table.get(keys.notificationCounter(GESTOR, CO))).toMatchObject({ unread: 1 });

    tick();
    await sendMessage(deps, stored!, as(GESTOR, 'GESTOR'), text('Sí, te lo mando hoy'));
    expect(await getConversation(deps, CO, c.conversationId)).toMatchObject({
      // the gestor answered, so the staff read what came before
      unreadForStaff: 0,
      unreadForClient: 1,
      messageCount: 2,
      lastMessage: { isFromGestor: true },
    });
    expect(table.all('Notification').filter((n) => n.userId === CLIENT)).toEqual([
      expect.objectContaining({
        title: 'Nuevo mensaje de tu gestoría',
        link: `/app/messages?conversationId=${c.conversationId}`,
      }),
    ]);
  });

  it('tells nobody whose preferences switch messages off, and writes nothing when the conversation is gone', async () => {
    table.put({
      ...keys.notificationPreferences(GESTOR),
      entity: 'NotificationPreferences',
      userId: GESTOR,
      preferences: {
        channels: { IN_APP: true, EMAIL: true },
        types: { messages: false },
        emailDigest: 'never',
      },
    });
    const c = await openConversation(deps, CO, as(CLIENT, 'CLIENTE'), undefined);
    await sendMessage(deps, c, as(CLIENT, 'CLIENTE'), text('Hola'));
    expect(table.all('Notification').map((n) => n.userId)).toEqual([OWNER]);

    table.reset();
    seedCompanies(table);
    const error = await sendMessage(deps, c, as(CLIENT, 'CLIENTE'), text('Hola')).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CORE_006' });
    expect(table.all('ConversationMessage')).toHaveLength(0);
    expect(table.all('Notification')).toHaveLength(0);
  });
});

describe('reading', () => {
  it('pages back through the messages, each page oldest to newest', async () => {
    const c = await openConversation(deps, CO, as(CLIENT, 'CLIENTE'), undefined);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      tick();
      ids.push((await sendMessage(deps, c, as(CLIENT, 'CLIENTE'), text(`m${i}`))).id);
    }
    const newest = await listMessages(deps, CO, c.conversationId, { size: 2 });
    expect(newest.map((m) => m.content)).toEqual(['m4', 'm5']);
    const older = await listMessages(deps, CO, c.conversationId, { before: newest[0]!.id, size: 2 });
    expect(older.map((m) => m.content)).toEqual(['m2', 'm3']);
    const oldest = await listMessages(deps, CO, c.conversationId, { before: older[0]!.id, size: 2 });
    expect(oldest.map((m) => m.content)).toEqual(['m1']);
    // another client's conversation is another range
    const other = await openConversation(deps, CO, as(CLIENT2, 'CLIENTE'), undefined);
    expect(await listMessages(deps, CO, other.conversationId, { size: 10 })).toEqual([]);
  });

  it("lists the company's conversations by last activity and sums the staff's unread", async () => {
    const a = await openConversation(deps, CO, as(CLIENT, 'CLIENTE'), undefined);
    tick();
    const b = await openConversation(deps, CO, as(CLIENT2, 'CLIENTE'), undefined);
    tick();
    await sendMessage(deps, a, as(CLIENT, 'CLIENTE'), text('uno'));
    tick();
    await sendMessage(deps, a, as(CLIENT, 'CLIENTE'), text('dos'));
    expect((await listCompanyConversations(deps, CO)).map((c) => c.conversationId)).toEqual([
      a.conversationId,
      b.conversationId,
    ]);
    expect(await staffUnread(deps, CO)).toEqual({ unread: 2, conversations: 1 });
    tick();
    await sendMessage(deps, b, as(CLIENT2, 'CLIENTE'), text('tres'));
    expect((await listCompanyConversations(deps, CO))[0]!.conversationId).toBe(b.conversationId);
    expect(await staffUnread(deps, CO)).toEqual({ unread: 3, conversations: 2 });
    expect(await listCompanyConversations(deps, CO2)).toEqual([]);

    const read = await markConversationRead(deps, CO, a.conversationId, 'staff');
    expect(read.unreadForStaff).toBe(0);
    expect((await markConversationRead(deps, CO, a.conversationId, 'staff')).unreadForStaff).toBe(0);
    expect(await staffUnread(deps, CO)).toEqual({ unread: 1, conversations: 1 });
    await expect(markConversationRead(deps, CO, 'cmissing', 'staff')).rejects.toMatchObject({
      code: 'CORE_006',
    });
  });
});

describe('documents of an upload notice', () => {
  const doc = (companyId: string, documentId: string, uploadedBy: string) =>
    putUploadedDocument(table, companyId, documentId, uploadedBy);

  it("finds only the company's documents, with their uploader", async () => {
    doc(CO, 'd1', CLIENT);
    doc(CO2, 'd2', CLIENT);
    const found = await companyDocuments(deps, CO, ['d1', 'd2', 'd3', 'd1']);
    expect([...found.entries()]).toEqual([['d1', { uploadedBy: CLIENT }]]);
  });

  it("refuses another company's document or another uploader's, and writes nothing", async () => {
    doc(CO, 'd1', CLIENT);
    doc(CO, 'd2', CLIENT2);
    doc(CO2, 'd3', CLIENT);
    const body = (documentIds: string[]) => ({
      message: '',
      count: documentIds.length,
      priority: 'NORMAL' as const,
      documentIds,
    });
    for (const ids of [['d1', 'd2'], ['d3']])
      await expect(notifyUpload(deps, CO, as(CLIENT, 'CLIENTE'), body(ids))).rejects.toMatchObject({
        code: 'CORE_006',
        field: 'documentIds',
      });
    expect(table.all('ConversationMessage')).toHaveLength(0);
    const m = await notifyUpload(deps, CO, as(CLIENT, 'CLIENTE'), body(['d1']));
    expect(m).toMatchObject({
      kind: 'DOCUMENT_UPLOAD',
      documentCount: 1,
      documentIds: ['d1'],
      content: 'He enviado 1 documento para su revisión.',
    });
  });
});
