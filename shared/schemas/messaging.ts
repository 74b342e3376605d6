/**
 * Messaging between a company's clients and its gestoría (issue 21 item 3; spec part 3 §3 Client
 * portal 'Conversation item', §7 'Messaging'). One conversation per client member of a company: the
 * client talks to the company's staff (OWNER, GESTOR, MEMBER), who all read and answer it. A message
 * reaches the other side live (a notification written with it, pushed over the WebSocket) and by
 * e-mail per the recipient's preferences (family `messages`).
 */

import * as z from 'zod';
import { Id } from './common';
import { safeMultiline } from './text';

export const MESSAGE_PRIORITIES = ['NORMAL', 'HIGH'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

export const MESSAGE_KINDS = ['TEXT', 'DOCUMENT_UPLOAD'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

const Content = safeMultiline()
  .min(1, { message: 'El mensaje no puede estar vacío' })
  .max(5000, { message: 'El mensaje no puede superar 5000 caracteres' });

/** POST messages/conversations: staff open (or find) the conversation with one client member; a CLIENTE its own. */
export const StartConversationBody = z.object({ clientUserId: Id.optional() }).strict();

/** POST messages/conversations/{id}/messages. */
export const SendMessageBody = z
  .object({ content: Content, priority: z.enum(MESSAGE_PRIORITIES).default('NORMAL') })
  .strict();
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** POST messages/quick: the client's quick message to its gestoría (priority NORMAL by default). */
export const QuickMessageBody = z
  .object({ text: Content, priority: z.enum(MESSAGE_PRIORITIES).default('NORMAL') })
  .strict();
export type QuickMessageBody = z.infer<typeof QuickMessageBody>;

/** POST messages/notify-upload: the client tells its gestoría it sent documents (the Send Documents modal). */
export const NotifyUploadBody = z
  .object({
    message: safeMultiline().max(2000).default(''),
    count: z.number().int().min(1).max(100),
    priority: z.enum(MESSAGE_PRIORITIES).default('NORMAL'),
    documentIds: z.array(Id).max(100).default([]),
  })
  .strict();
export type NotifyUploadBody = z.infer<typeof NotifyUploadBody>;

export const MessageListQuery = z
  .object({
    /** Messages older than this message id (paging back); absent: the newest. */
    before: Id.optional(),
    size: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export interface ConversationMessage {
  /** Starts with 13 digits of epoch ms, so ids sort by time. */
  id: string;
  conversationId: string;
  isFromGestor: boolean;
  senderUserId: string;
  senderName: string;
  content: string;
  kind: MessageKind;
  priority: MessagePriority;
  /** For DOCUMENT_UPLOAD: how many documents and which. */
  documentCount: number | null;
  documentIds: string[];
  timestamp: string;
}

export interface Conversation {
  conversationId: string;
  companyId: string;
  clientUserId: string;
  clientName: string;
  lastMessage: { content: string; timestamp: string; isFromGestor: boolean } | null;
  /** Unread for the caller's side (the client's, or the staff's). */
  unreadCount: number;
  updatedAt: string;
}

export interface UnreadCount {
  unread: number;
  conversations: number;
}
