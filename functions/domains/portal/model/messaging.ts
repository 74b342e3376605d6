/**
 * Messaging between a company's clients and its staff (issue 21 item 3), as pure rules: the
 * conversation of a client member (its id derived from the client's user id), which side a caller
 * is on and what it may do, the answer shapes, who a new message tells and what the notice says.
 */

import type { CompanyRole } from '@shared/db/records';
import type {
  Conversation,
  ConversationMessage,
  MessageKind,
  MessagePriority,
} from '@shared/schemas/messaging';
import type { NotificationSeverity } from '@shared/schemas/notifications';
import { type Actor, fullName, type MemberLike } from './meeting';

/** The company's staff: they all read and answer every conversation of the company. */
export const STAFF_ROLES: readonly CompanyRole[] = ['OWNER', 'GESTOR', 'MEMBER'];

/**
 * A client's message tells at most this many staff members (GESTOR first, then OWNER, oldest
 * membership first): the message, the conversation and two items per notice (the notification and
 * its unread counter) stay far below the 100 items of one transaction (2 + 2 x 40 = 82).
 */
export const MAX_NOTIFIED_STAFF = 40;

/** The conversation list answers at most this many conversations, the most recently active first. */
export const CONVERSATION_LIST_MAX = 200;

/** How much of a message the conversation's `lastMessage` and a notification repeat. */
export const PREVIEW_CHARS = 140;

/** The stored conversation (without keys). */
export interface ConversationRecord {
  conversationId: string;
  companyId: string;
  clientUserId: string;
  clientName: string;
  lastMessage: { content: string; timestamp: string; isFromGestor: boolean } | null;
  unreadForClient: number;
  unreadForStaff: number;
  messageCount: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
}

/** The stored message (without keys). */
export interface MessageRecord extends ConversationMessage {
  companyId: string;
}

/** Which side of a conversation a caller writes from. */
export type Side = 'client' | 'staff';

/**
 * The caller's side: a CLIENTE member is the client of its own conversation; OWNER, GESTOR and
 * MEMBER are the staff; an ADMIN who is not a member reads as staff but is no side (`null`): it
 * neither writes nor marks anything read on the staff's behalf.
 */
export function sideOf(actor: Actor): Side | null {
  if (actor.companyRole === 'CLIENTE') return 'client';
  if (actor.companyRole && STAFF_ROLES.includes(actor.companyRole)) return 'staff';
  return null;
}

/** Whose unread counter the caller reads: a CLIENTE its own; everyone else the staff's. */
export const readerSide = (actor: Actor): Side => (sideOf(actor) === 'client' ? 'client' : 'staff');

/**
 * Deterministic: one conversation per (company, client), found again by its client's id. The id IS
 * the client's user id (user ids are path-safe ids everywhere, e.g. CompanyUserPath), so any domain
 * reading the table finds a client's conversation with `keys.conversation(companyId, userId)`.
 */
export function conversationIdOf(clientUserId: string): string {
  return clientUserId;
}

/** A CLIENTE sees only its own conversation; the staff (and an ADMIN) every one of the company. */
export function canSeeConversation(c: Pick<ConversationRecord, 'clientUserId'>, actor: Actor): boolean {
  return sideOf(actor) === 'client' ? c.clientUserId === actor.userId : true;
}

/** Time-ordered id: 13 digits of epoch milliseconds, then a random part (letters and digits). */
export function newMessageId(now: Date, random: string): string {
  return `${String(now.getTime()).padStart(13, '0')}${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`;
}

/** The first `max` characters of a text on one line, with an ellipsis when cut. */
export function preview(text: string, max = PREVIEW_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function newConversation(input: {
  companyId: string;
  client: MemberLike;
  createdBy: string;
  now: Date;
}): ConversationRecord {
  const at = input.now.toISOString();
  return {
    conversationId: conversationIdOf(input.client.userId),
    companyId: input.companyId,
    clientUserId: input.client.userId,
    clientName: fullName(input.client) || input.client.email || input.client.userId,
    lastMessage: null,
    unreadForClient: 0,
    unreadForStaff: 0,
    messageCount: 0,
    createdAt: at,
    createdBy: input.createdBy,
    updatedAt: at,
  };
}

export const toConversation = (c: ConversationRecord, side: Side): Conversation => ({
  conversationId: c.conversationId,
  companyId: c.companyId,
  clientUserId: c.clientUserId,
  clientName: c.clientName,
  lastMessage: c.lastMessage,
  unreadCount: Math.max(0, side === 'client' ? c.unreadForClient : c.unreadForStaff),
  updatedAt: c.updatedAt,
});

export const toMessage = (m: MessageRecord): ConversationMessage => ({
  id: m.id,
  conversationId: m.conversationId,
  isFromGestor: m.isFromGestor,
  senderUserId: m.senderUserId,
  senderName: m.senderName,
  content: m.content,
  kind: m.kind,
  priority: m.priority,
  documentCount: m.documentCount,
  documentIds: m.documentIds,
  timestamp: m.timestamp,
});

export interface NewMessage {
  companyId: string;
  conversationId: string;
  side: Side;
  senderUserId: string;
  senderName: string;
  content: string;
  kind: MessageKind;
  priority: MessagePriority;
  documentCount?: number;
  documentIds?: string[];
}

export function newMessage(input: NewMessage, messageId: string, now: Date): MessageRecord {
  return {
    id: messageId,
    companyId: input.companyId,
    conversationId: input.conversationId,
    isFromGestor: input.side === 'staff',
    senderUserId: input.senderUserId,
    senderName: input.senderName,
    content: input.content,
    kind: input.kind,
    priority: input.priority,
    documentCount: input.kind === 'DOCUMENT_UPLOAD' ? (input.documentCount ?? 0) : null,
    documentIds: input.documentIds ?? [],
    timestamp: now.toISOString(),
  };
}

const documentsEs = (count: number) => (count === 1 ? '1 documento' : `${count} documentos`);

/** The text of a DOCUMENT_UPLOAD message: the client's own words, or what happened. */
export function uploadContent(count: number, message: string): string {
  const text = message.trim();
  return text || `He enviado ${documentsEs(count)} para su revisión.`;
}

/**
 * The staff members a client's message tells: active GESTOR members, then OWNER members (oldest
 * membership first), never the sender, at most MAX_NOTIFIED_STAFF.
 */
export function staffRecipients<M extends MemberLike>(members: readonly M[], senderId: string): M[] {
  const rank = (m: M) => (m.companyRole === 'GESTOR' ? 0 : 1);
  return members
    .filter(
      (m) => m.isActive && m.userId !== senderId && (m.companyRole === 'GESTOR' || m.companyRole === 'OWNER'),
    )
    .sort(
      (a, b) =>
        rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt) || a.userId.localeCompare(b.userId),
    )
    .slice(0, MAX_NOTIFIED_STAFF);
}

export const MESSAGE_NOTIFICATION_TYPE = 'message_received';

/** The in-app link of a conversation for its reader: the client's messages page or the staff's inbox. */
export const conversationLink = (side: Side, conversationId: string): string =>
  side === 'client'
    ? `/app/messages?conversationId=${encodeURIComponent(conversationId)}`
    : `/app/messaging?conversationId=${encodeURIComponent(conversationId)}`;

/**
 * Every link a notice of the conversation may carry (the client's and the staff's): reading the
 * conversation reads the caller's notices by these, whichever side the caller was on when told.
 */
export const conversationNoticeLinks = (conversationId: string): string[] => [
  conversationLink('client', conversationId),
  conversationLink('staff', conversationId),
];

export interface MessageNotice {
  title: string;
  message: string;
  severity: NotificationSeverity;
  link: string;
}

/** What a recipient on side `to` is told of a new message. */
export function messageNotice(m: MessageRecord, to: Side, clientName: string): MessageNotice {
  const from = m.isFromGestor ? 'tu gestoría' : clientName;
  const title =
    m.kind === 'DOCUMENT_UPLOAD'
      ? `${m.isFromGestor ? 'Tu gestoría' : clientName} ha enviado ${documentsEs(m.documentCount ?? 0)}`
      : `Nuevo mensaje de ${from}`;
  return {
    title,
    message: m.isFromGestor ? `${m.senderName}: ${preview(m.content)}` : preview(m.content),
    severity: m.priority === 'HIGH' ? 'warning' : 'info',
    link: conversationLink(to, m.conversationId),
  };
}
