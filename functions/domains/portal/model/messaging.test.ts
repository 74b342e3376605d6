import { describe, expect, it } from 'vitest';
import type { MemberLike } from './meeting';
import {
  canSeeConversation,
  conversationIdOf,
  MAX_NOTIFIED_STAFF,
  messageNotice,
  newConversation,
  newMessage,
  newMessageId,
  preview,
  readerSide,
  sideOf,
  staffRecipients,
  toConversation,
  uploadContent,
} from './messaging';

const T = new Date('2026-03-10T09:00:00.000Z');
const member = (userId: string, companyRole: MemberLike['companyRole'], over: Partial<MemberLike> = {}) => ({
  userId,
  companyRole,
  isActive: true,
  email: `${userId}@cuadra.test`,
  firstName: userId,
  lastName: 'Test',
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const actor = (userId: string, companyRole?: MemberLike['companyRole'], isAdmin = false) => ({
  userId,
  companyRole,
  isAdmin,
});

describe('sides', () => {
  it('a CLIENTE is the client; OWNER, GESTOR and MEMBER the staff; a non-member ADMIN neither', () => {
    expect(sideOf(actor('a', 'CLIENTE'))).toBe('client');
    expect(sideOf(actor('a', 'OWNER'))).toBe('staff');
    expect(sideOf(actor('a', 'GESTOR'))).toBe('staff');
    expect(sideOf(actor('a', 'MEMBER'))).toBe('staff');
    expect(sideOf(actor('a', undefined, true))).toBeNull();
    expect(readerSide(actor('a', undefined, true))).toBe('staff');
  });

  it('a CLIENTE sees only its own conversation; staff every one', () => {
    const c = { clientUserId: 'u-1' };
    expect(canSeeConversation(c, actor('u-1', 'CLIENTE'))).toBe(true);
    expect(canSeeConversation(c, actor('u-2', 'CLIENTE'))).toBe(false);
    expect(canSeeConversation(c, actor('u-3', 'GESTOR'))).toBe(true);
    expect(canSeeConversation(c, actor('admin', undefined, true))).toBe(true);
  });
});

describe('ids', () => {
  it("derives the conversation id from the client's id: same client, same id", () => {
    expect(conversationIdOf('u-1')).toBe(conversationIdOf('u-1'));
    expect(conversationIdOf('u-1')).not.toBe(conversationIdOf('u-2'));
  });

  it('message ids start with 13 digits of epoch ms and sort by time', () => {
    const a = newMessageId(T, 'x-y#1');
    const b = newMessageId(new Date(T.getTime() + 1), 'a');
    expect(a).toBe(`${T.getTime()}xy1`);
    expect(a < b).toBe(true);
  });
});

describe('records and shapes', () => {
  it('a new conversation has no message and nothing unread', () => {
    const c = newConversation({ companyId: 'co', client: member('u-1', 'CLIENTE'), createdBy: 'g', now: T });
    expect(c).toMatchObject({
      conversationId: conversationIdOf('u-1'),
      clientName: 'u-1 Test',
      lastMessage: null,
      unreadForClient: 0,
      unreadForStaff: 0,
      updatedAt: T.toISOString(),
    });
    const named = newConversation({
      companyId: 'co',
      client: member('u-2', 'CLIENTE', { firstName: '', lastName: '' }),
      createdBy: 'g',
      now: T,
    });
    expect(named.clientName).toBe('u-2@cuadra.test');
  });

  it("answers each side's own unread count", () => {
    const c = {
      ...newConversation({ companyId: 'co', client: member('u-1', 'CLIENTE'), createdBy: 'g', now: T }),
      unreadForClient: 2,
      unreadForStaff: 5,
    };
    expect(toConversation(c, 'client').unreadCount).toBe(2);
    expect(toConversation(c, 'staff').unreadCount).toBe(5);
  });

  it('a DOCUMENT_UPLOAD message carries its count; a text message none', () => {
    const base = {
      companyId: 'co',
      conversationId: 'c1',
      side: 'client' as const,
      senderUserId: 'u-1',
      senderName: 'Ana',
      content: 'Hola',
      priority: 'NORMAL' as const,
    };
    expect(newMessage({ ...base, kind: 'TEXT' }, 'm1', T)).toMatchObject({
      isFromGestor: false,
      documentCount: null,
      documentIds: [],
      timestamp: T.toISOString(),
    });
    expect(
      newMessage({ ...base, kind: 'DOCUMENT_UPLOAD', documentCount: 2, documentIds: ['d1', 'd2'] }, 'm2', T),
    ).toMatchObject({ documentCount: 2, documentIds: ['d1', 'd2'] });
    expect(uploadContent(1, '  ')).toBe('He enviado 1 documento para su revisión.');
    expect(uploadContent(3, '')).toBe('He enviado 3 documentos para su revisión.');
    expect(uploadContent(3, ' Las facturas de marzo ')).toBe('Las facturas de marzo');
  });

  it('previews flatten lines and cut long texts', () => {
    expect(preview('a\n\nb  c')).toBe('a b c');
    const long = 'x'.repeat(300);
    expect(preview(long, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('who a message tells', () => {
  it('a client message tells the active GESTOR members first, then the OWNER members, never the sender', () => {
    const members = [
      member('owner', 'OWNER', { createdAt: '2025-01-01T00:00:00.000Z' }),
      member('g2', 'GESTOR', { createdAt: '2025-02-01T00:00:00.000Z' }),
      member('g1', 'GESTOR', { createdAt: '2025-01-15T00:00:00.000Z' }),
      member('gone', 'GESTOR', { isActive: false }),
      member('staff', 'MEMBER'),
      member('u-1', 'CLIENTE'),
    ];
    expect(staffRecipients(members, 'u-1').map((m) => m.userId)).toEqual(['g1', 'g2', 'owner']);
  });

  it('caps the recipients so the transaction stays under 100 items', () => {
    const many = Array.from({ length: 80 }, (_, i) => member(`g${String(i).padStart(2, '0')}`, 'GESTOR'));
    const picked = staffRecipients(many, 'u-1');
    expect(picked).toHaveLength(MAX_NOTIFIED_STAFF);
    expect(2 + 2 * picked.length).toBeLessThanOrEqual(100);
  });

  it('links each side to its own page and marks HIGH priority as a warning', () => {
    const m = newMessage(
      {
        companyId: 'co',
        conversationId: 'c1',
        side: 'staff',
        senderUserId: 'g1',
        senderName: 'Laura Gestora',
        content: 'Ya tengo tus facturas',
        kind: 'TEXT',
        priority: 'HIGH',
      },
      'm1',
      T,
    );
    expect(messageNotice(m, 'client', 'Ana')).toEqual({
      title: 'Nuevo mensaje de tu gestoría',
      message: 'Laura Gestora: Ya tengo tus facturas',
      severity: 'warning',
      link: '/app/messages?conversationId=c1',
    });
    const upload = newMessage(
      {
        companyId: 'co',
        conversationId: 'c1',
        side: 'client',
        senderUserId: 'u-1',
        senderName: 'Ana',
        content: 'Facturas de marzo',
        kind: 'DOCUMENT_UPLOAD',
        priority: 'NORMAL',
        documentCount: 3,
      },
      'm2',
      T,
    );
    expect(messageNotice(upload, 'staff', 'Ana')).toEqual({
      title: 'Ana ha enviado 3 documentos',
      message: 'Facturas de marzo',
      severity: 'info',
      link: '/app/messaging?conversationId=c1',
    });
  });
});
