/**
 * The messaging routes through the real pipeline over the in-memory table: a CLIENTE sees and
 * writes only its own conversation, other companies are 403, a message and what it tells the other
 * side are one transaction (and a replay with the same Idempotency-Key writes nothing more), reading
 * zeroes the caller's side, the unread counts, the quick message, the upload notice's documents.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ActionsOf } from '@functions/platform/http';
import { keys } from '@shared/db/keys';
import type { Conversation, ConversationMessage, UnreadCount } from '@shared/schemas/messaging';
import { describe, expect, it } from 'vitest';
import { conversationIdOf } from '../model/messaging';
import type { PortalDeps } from '../store/deps';
import { CLIENT, CLIENT2, CO, CO2, GESTOR, OUTSIDER, OWNER } from '../testing/fixtures';
import {
  ADMIN,
  portalCaller,
  portalFixture,
  putMembership,
  putUploadedDocument,
} from '../testing/portal-fixture';
import { messagingActions } from './messaging';

const { table, clock } = portalFixture();
// Only the messaging rows: the other portal routes answer 404 here.
const call = portalCaller(clock, messagingActions as unknown as ActionsOf<'portal', PortalDeps>);

const conv = (clientUserId = CLIENT) => ({ conversationId: conversationIdOf(clientUserId) });
const send = (user: string, content: string, clientUserId = CLIENT, headers?: Record<string, string>) =>
  call<ConversationMessage>(user, 'messages.send', {
    params: conv(clientUserId),
    body: { content },
    ...(headers ? { headers } : {}),
  });
const unread = async (user: string, company = CO) =>
  (await call<UnreadCount>(user, 'messages.unreadCount', { company })).envelope.data;

const grantUpload = (userId: string) =>
  putMembership(table, {
    companyId: CO,
    userId,
    companyRole: 'CLIENTE',
    permissions: ['UPLOAD_DOCUMENTS'],
    createdAt: '2025-01-03T00:00:00.000Z',
  });

describe('conversations', () => {
  it("a client sees only its own conversation; another client's is 404 everywhere", async () => {
    const started = await call<Conversation>(CLIENT, 'messages.startConversation', {});
    expect(started.status).toBe(200);
    expect(started.envelope.data).toMatchObject({ ...conv(), clientUserId: CLIENT, unreadCount: 0 });
    expect((await send(CLIENT, 'Hola, soy la panadería')).status).toBe(201);

    expect((await call<Conversation[]>(CLIENT2, 'messages.conversations')).envelope.data).toEqual([]);
    expect((await call<Conversation[]>(CLIENT, 'messages.conversations')).envelope.data).toHaveLength(1);
    for (const res of [
      await call(CLIENT2, 'messages.list', { params: conv() }),
      await send(CLIENT2, 'Intruso'),
      await call(CLIENT2, 'messages.markRead', { params: conv() }),
    ])
      expect(res.envelope.error).toMatchObject({ code: 'CORE_006' });
    const opened = await call(CLIENT2, 'messages.startConversation', { body: { clientUserId: CLIENT } });
    expect(opened.status).toBe(403);
    expect(table.all('ConversationMessage')).toHaveLength(1);
  });

  it('staff open a conversation only with an active client of the company; other companies are 403', async () => {
    const byGestor = await call<Conversation>(GESTOR, 'messages.startConversation', {
      body: { clientUserId: CLIENT2 },
    });
    expect(byGestor.envelope.data).toMatchObject({ ...conv(CLIENT2), clientName: 'cliente2 Test' });
    const notClient = await call(GESTOR, 'messages.startConversation', { body: { clientUserId: OWNER } });
    expect(notClient.status).toBe(404);
    expect(notClient.envelope.error).toMatchObject({ code: 'CORE_006', field: 'clientUserId' });
    const none = await call(GESTOR, 'messages.startConversation', { body: {} });
    expect(none.envelope.error).toMatchObject({ code: 'CORE_004', field: 'clientUserId' });

    // the outsider is no member of the bakery: 403 before anything is read
    const cross = await call(OUTSIDER, 'messages.conversations', { company: CO });
    expect(cross.status).toBe(403);
    expect(cross.envelope.error).toMatchObject({ code: 'CORE_003' });
    expect((await send(OUTSIDER, 'Hola', CLIENT2, { 'x-company-id': CO })).status).toBe(403);
    // the gestor of both companies, acting on the other one, does not find the bakery's conversation
    expect((await call(GESTOR, 'messages.list', { company: CO2, params: conv(CLIENT2) })).status).toBe(404);
    expect(
      (await call<Conversation[]>(GESTOR, 'messages.conversations', { company: CO2 })).envelope.data,
    ).toEqual([]);
  });

  it('an ADMIN who is not a member reads the conversations but does not write', async () => {
    await call(CLIENT, 'messages.quick', { body: { text: 'Hola' } });
    expect((await call<Conversation[]>(ADMIN, 'messages.conversations')).envelope.data).toHaveLength(1);
    expect(
      (await call<ConversationMessage[]>(ADMIN, 'messages.list', { params: conv() })).envelope.data,
    ).toHaveLength(1);
    const res = await send(ADMIN, 'Soy el administrador');
    expect(res.status).toBe(403);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_002' });
  });
});

describe('messages.send', () => {
  it('writes the message, the counters and the notifications in one transaction; a replay writes nothing', async () => {
    await call(CLIENT, 'messages.startConversation', {});
    const before = table.stub.commandCalls(TransactWriteCommand).length;
    const first = await send(CLIENT, '¿Cuándo presentamos el 303?', CLIENT, {
      'idempotency-key': 'send-key-0001',
    });
    expect(first.status).toBe(201);
    const writes = table.stub.commandCalls(TransactWriteCommand).slice(before);
    expect(writes).toHaveLength(1);
    const kinds = writes[0]!.args[0].input.TransactItems!.map((i) =>
      i.Put ? String(i.Put.Item?.entity) : i.Update ? String(i.Update.Key?.sk).split('#')[0] : '?',
    );
    expect(kinds).toEqual([
      'ConversationMessage',
      'CONV',
      'Notification',
      'COUNTER',
      'Notification',
      'COUNTER',
    ]);
    expect(first.envelope.data).toMatchObject({
      content: '¿Cuándo presentamos el 303?',
      isFromGestor: false,
      senderUserId: CLIENT,
      kind: 'TEXT',
      priority: 'NORMAL',
    });
    const replay = await send(CLIENT, '¿Cuándo presentamos el 303?', CLIENT, {
      'idempotency-key': 'send-key-0001',
    });
    expect(replay.envelope.data).toEqual(first.envelope.data);
    expect(table.all('ConversationMessage')).toHaveLength(1);
    expect(
      table
        .all('Notification')
        .map((n) => n.userId)
        .sort(),
    ).toEqual([GESTOR, OWNER].sort());
    expect(table.get(keys.notificationCounter(OWNER, CO))).toMatchObject({ unread: 1 });
  });

  it("refuses an empty message with the schema's words", async () => {
    await call(CLIENT, 'messages.startConversation', {});
    const res = await send(CLIENT, '   ');
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'content',
      message: 'El mensaje no puede estar vacío',
    });
    const quick = await call(CLIENT, 'messages.quick', { body: { text: '\n ' } });
    expect(quick.envelope.error).toMatchObject({ code: 'CORE_004', field: 'text' });
    expect(table.all('ConversationMessage')).toHaveLength(0);
  });

  it('pages back with before, each page oldest to newest', async () => {
    await call(CLIENT, 'messages.startConversation', {});
    for (const content of ['uno', 'dos', 'tres']) {
      clock.now = new Date(clock.now.getTime() + 1000);
      await send(CLIENT, content);
    }
    const newest = await call<ConversationMessage[]>(GESTOR, 'messages.list', {
      params: conv(),
      query: { size: '2' },
    });
    expect(newest.envelope.data?.map((m) => m.content)).toEqual(['dos', 'tres']);
    const older = await call<ConversationMessage[]>(GESTOR, 'messages.list', {
      params: conv(),
      query: { size: '2', before: newest.envelope.data![0]!.id },
    });
    expect(older.envelope.data?.map((m) => m.content)).toEqual(['uno']);
  });
});

describe('unread counts and reading', () => {
  it("counts each side's unread and markRead zeroes only the caller's side (idempotent)", async () => {
    await call(CLIENT, 'messages.startConversation', {});
    await send(CLIENT, 'uno');
    await send(CLIENT, 'dos');
    await call(CLIENT2, 'messages.quick', { body: { text: 'tres' } });
    expect(await unread(GESTOR)).toEqual({ unread: 3, conversations: 2 });
    expect(await unread(OWNER)).toEqual({ unread: 3, conversations: 2 });
    expect(await unread(CLIENT)).toEqual({ unread: 0, conversations: 0 });

    const read = await call<Conversation>(GESTOR, 'messages.markRead', { params: conv() });
    expect(read.envelope.data).toMatchObject({ unreadCount: 0 });
    expect((await call<Conversation>(GESTOR, 'messages.markRead', { params: conv() })).status).toBe(200);
    expect(await unread(GESTOR)).toEqual({ unread: 1, conversations: 1 });

    await send(GESTOR, 'Recibido, gracias');
    expect(await unread(CLIENT)).toEqual({ unread: 1, conversations: 1 });
    expect(await unread(CLIENT2)).toEqual({ unread: 0, conversations: 0 });
    const clientView = await call<Conversation[]>(CLIENT, 'messages.conversations');
    expect(clientView.envelope.data?.[0]).toMatchObject({
      unreadCount: 1,
      lastMessage: { content: 'Recibido, gracias', isFromGestor: true },
    });
    await call(CLIENT, 'messages.markRead', { params: conv() });
    expect(await unread(CLIENT)).toEqual({ unread: 0, conversations: 0 });
    expect(await unread(GESTOR)).toEqual({ unread: 1, conversations: 1 });
  });
});

describe('messages.quick', () => {
  it("opens the client's conversation once, and is the client's only", async () => {
    const a = await call<ConversationMessage>(CLIENT, 'messages.quick', {
      body: { text: 'Una duda rápida' },
    });
    const b = await call<ConversationMessage>(CLIENT, 'messages.quick', {
      body: { text: 'Otra más', priority: 'HIGH' },
    });
    expect(a.status).toBe(201);
    expect(a.envelope.data).toMatchObject({ ...conv(), priority: 'NORMAL' });
    expect(b.envelope.data).toMatchObject({ ...conv(), priority: 'HIGH' });
    expect(table.all('Conversation')).toHaveLength(1);
    expect(table.all('ConversationMessage')).toHaveLength(2);
    expect(
      table
        .all('Notification')
        .filter((n) => n.userId === GESTOR)
        .map((n) => n.severity),
    ).toEqual(['info', 'warning']);
    expect((await call(GESTOR, 'messages.quick', { body: { text: 'Hola' } })).status).toBe(403);
  });
});

describe('messages.notifyUpload', () => {
  const doc = (companyId: string, documentId: string, uploadedBy: string) =>
    putUploadedDocument(table, companyId, documentId, uploadedBy);

  it("posts the upload notice for the client's own documents and refuses a foreign one", async () => {
    grantUpload(CLIENT);
    doc(CO, '1773133200000a', CLIENT);
    doc(CO2, '1773133200000b', CLIENT);
    const foreign = await call(CLIENT, 'messages.notifyUpload', {
      body: { count: 2, documentIds: ['1773133200000a', '1773133200000b'] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.envelope.error).toMatchObject({ code: 'CORE_006', field: 'documentIds' });
    const mismatch = await call(CLIENT, 'messages.notifyUpload', {
      body: { count: 3, documentIds: ['1773133200000a'] },
    });
    expect(mismatch.envelope.error).toMatchObject({ code: 'CORE_004', field: 'count' });
    expect(table.all('ConversationMessage')).toHaveLength(0);

    const ok = await call<ConversationMessage>(CLIENT, 'messages.notifyUpload', {
      body: {
        count: 1,
        message: 'La factura de la harina',
        priority: 'HIGH',
        documentIds: ['1773133200000a'],
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.envelope.data).toMatchObject({
      kind: 'DOCUMENT_UPLOAD',
      content: 'La factura de la harina',
      documentCount: 1,
      documentIds: ['1773133200000a'],
      priority: 'HIGH',
    });
    expect(table.all('Notification').find((n) => n.userId === GESTOR)).toMatchObject({
      title: 'cliente Test ha enviado 1 documento',
      link: `/app/messaging?conversationId=${conversationIdOf(CLIENT)}`,
    });
  });

  it('needs the UPLOAD_DOCUMENTS permission', async () => {
    const res = await call(CLIENT2, 'messages.notifyUpload', { body: { count: 1 } });
    expect(res.status).toBe(403);
  });
});
