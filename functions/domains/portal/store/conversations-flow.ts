/**
 * The messaging workflow over the store: the conversation a caller may open or see (a CLIENTE only
 * its own; another's is 404 as if it did not exist), and a new message with what it tells the other
 * side — the client, or the company's GESTOR and OWNER members — as in-app notifications (item +
 * unread counter, when the recipient's preferences allow IN_APP and the `messages` family) written
 * in the message's own transaction. The notifications domain's stream consumer pushes them over the
 * WebSocket and e-mails them as each recipient's preferences say.
 */

import { listCompanyMembers } from '@functions/lib/directory';
import {
  getNotificationPreferences,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { AppError } from '@shared/api/errors';
import type { MembershipRecord } from '@shared/db/records';
import type { MessageKind, MessagePriority } from '@shared/schemas/messaging';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import { type Actor, fullName } from '../model/meeting';
import {
  type ConversationRecord,
  canSeeConversation,
  conversationIdOf,
  MESSAGE_NOTIFICATION_TYPE,
  type MessageRecord,
  messageNotice,
  newConversation,
  newMessage,
  newMessageId,
  type Side,
  sideOf,
  staffRecipients,
  uploadContent,
} from '../model/messaging';
import {
  companyDocuments,
  conversationNotFound,
  getConversation,
  getMember,
  putConversationOnce,
  writeMessage,
} from './conversations';
import type { PortalDeps } from './deps';

type FlowDeps = Pick<PortalDeps, 'db' | 'table' | 'now' | 'newId'>;

const noSide = () =>
  new AppError(
    'CORE_002',
    'Solo el cliente de la conversación o el personal de la empresa pueden escribir en ella.',
  );

/** The caller's side, refusing a caller who is neither the client nor the company's staff. */
export function writerSide(actor: Actor): Side {
  const side = sideOf(actor);
  if (!side) throw noSide();
  return side;
}

/** The conversation if the caller may see it; 404 otherwise (a CLIENTE never learns of another's). */
export async function visibleConversation(
  deps: Pick<PortalDeps, 'db' | 'table'>,
  companyId: string,
  conversationId: string,
  actor: Actor,
): Promise<ConversationRecord> {
  const c = await getConversation(deps, companyId, conversationId);
  if (!c || !canSeeConversation(c, actor)) throw conversationNotFound();
  return c;
}

/** The caller's own conversation (a CLIENTE), if it was ever opened. */
export const ownConversation = (deps: Pick<PortalDeps, 'db' | 'table'>, companyId: string, actor: Actor) =>
  getConversation(deps, companyId, conversationIdOf(actor.userId));

/**
 * Opens (or finds) the conversation with one client member: staff name an active CLIENTE member of
 * the company; a CLIENTE opens its own (naming anyone else is 403).
 */
export async function openConversation(
  deps: FlowDeps,
  companyId: string,
  actor: Actor,
  clientUserId: string | undefined,
): Promise<ConversationRecord> {
  let target: string;
  if (sideOf(actor) === 'client') {
    if (clientUserId !== undefined && clientUserId !== actor.userId)
      throw new AppError('CORE_002', 'Solo puedes abrir tu propia conversación con la gestoría.', {
        field: 'clientUserId',
      });
    target = actor.userId;
  } else {
    if (!clientUserId)
      throw new AppError('CORE_004', 'Indica el cliente con el que quieres conversar.', {
        field: 'clientUserId',
      });
    target = clientUserId;
  }
  const existing = await getConversation(deps, companyId, conversationIdOf(target));
  if (existing) return existing;
  const client = await getMember(deps, companyId, target);
  if (!client?.isActive || client.companyRole !== 'CLIENTE')
    throw new AppError('CORE_006', 'El cliente no existe en esta empresa o no está activo.', {
      field: 'clientUserId',
    });
  return putConversationOnce(
    deps,
    newConversation({ companyId, client, createdBy: actor.userId, now: deps.now() }),
  );
}

const nameOf = (m: MembershipRecord | undefined, fallback: string) =>
  (m ? fullName(m) || m.email : '') || fallback;

/** The notification of one recipient and its +1, when its preferences allow it in the app. */
async function noticeWrites(
  deps: FlowDeps,
  now: Date,
  m: MessageRecord,
  to: { userId: string; side: Side },
  clientName: string,
): Promise<TransactItem[]> {
  const prefs = await getNotificationPreferences(deps, to.userId);
  if (!prefs.channels.IN_APP || !prefs.types[notificationCategoryOf(MESSAGE_NOTIFICATION_TYPE)]) return [];
  const notice = messageNotice(m, to.side, clientName);
  const record = newNotificationRecord(
    {
      userId: to.userId,
      companyId: m.companyId,
      type: MESSAGE_NOTIFICATION_TYPE,
      title: notice.title,
      message: notice.message,
      severity: notice.severity,
      link: notice.link,
    },
    newNotificationId(now, deps.newId()),
    now,
  );
  return [
    {
      Put: {
        TableName: deps.table,
        Item: notificationItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    notificationCounterUpdate(deps.table, { userId: to.userId, companyId: m.companyId }, 1),
  ];
}

export interface MessageInput {
  content: string;
  priority: MessagePriority;
  kind: MessageKind;
  documentCount?: number;
  documentIds?: string[];
}

/**
 * A message from the caller into a conversation it sees, with the other side's notices, in one
 * transaction (store/conversations.ts writeMessage).
 */
export async function sendMessage(
  deps: FlowDeps,
  c: ConversationRecord,
  actor: Actor,
  input: MessageInput,
): Promise<MessageRecord> {
  const side = writerSide(actor);
  if (!canSeeConversation(c, actor)) throw conversationNotFound();
  const now = deps.now();
  const sender = await getMember(deps, c.companyId, actor.userId);
  const m = newMessage(
    {
      companyId: c.companyId,
      conversationId: c.conversationId,
      side,
      senderUserId: actor.userId,
      senderName: nameOf(sender, side === 'client' ? c.clientName : actor.userId),
      content: input.content,
      kind: input.kind,
      priority: input.priority,
      ...(input.documentCount !== undefined ? { documentCount: input.documentCount } : {}),
      ...(input.documentIds ? { documentIds: input.documentIds } : {}),
    },
    newMessageId(now, deps.newId()),
    now,
  );
  const recipients: { userId: string; side: Side }[] = [];
  if (side === 'client') {
    for (const member of staffRecipients(await listCompanyMembers(deps, c.companyId), actor.userId))
      recipients.push({ userId: member.userId, side: 'staff' });
  } else {
    const client = await getMember(deps, c.companyId, c.clientUserId);
    if (client?.isActive && client.companyRole === 'CLIENTE' && client.userId !== actor.userId)
      recipients.push({ userId: client.userId, side: 'client' });
  }
  const effects: TransactItem[] = [];
  for (const to of recipients) effects.push(...(await noticeWrites(deps, now, m, to, c.clientName)));
  await writeMessage(deps, m, side, effects);
  return m;
}

/** The client's quick message: into its own conversation, opened if it was not. */
export async function quickMessage(
  deps: FlowDeps,
  companyId: string,
  actor: Actor,
  input: MessageInput,
): Promise<MessageRecord> {
  if (sideOf(actor) !== 'client')
    throw new AppError('CORE_002', 'Solo un cliente envía mensajes rápidos a su gestoría.');
  const c = await openConversation(deps, companyId, actor, undefined);
  return sendMessage(deps, c, actor, input);
}

/**
 * The client tells its gestoría it sent documents: every named document must be one of the
 * company's, uploaded by this client (anything else is 404, as if it did not exist).
 */
export async function notifyUpload(
  deps: FlowDeps,
  companyId: string,
  actor: Actor,
  body: { message: string; count: number; priority: MessagePriority; documentIds: string[] },
): Promise<MessageRecord> {
  if (sideOf(actor) !== 'client')
    throw new AppError('CORE_002', 'Solo un cliente avisa a su gestoría de los documentos que envía.');
  const ids = [...new Set(body.documentIds)];
  if (ids.length > 0 && ids.length !== body.count)
    throw new AppError('CORE_004', 'El número de documentos no coincide con los documentos indicados.', {
      field: 'count',
    });
  if (ids.length > 0) {
    const found = await companyDocuments(deps, companyId, ids);
    const missing = ids.filter((id) => found.get(id)?.uploadedBy !== actor.userId);
    if (missing.length > 0)
      throw new AppError('CORE_006', `No existe en esta empresa el documento ${missing[0]}.`, {
        field: 'documentIds',
        details: { missing },
      });
  }
  const c = await openConversation(deps, companyId, actor, undefined);
  return sendMessage(deps, c, actor, {
    content: uploadContent(body.count, body.message),
    priority: body.priority,
    kind: 'DOCUMENT_UPLOAD',
    documentCount: body.count,
    documentIds: ids,
  });
}
