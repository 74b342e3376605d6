/**
 * The messaging routes (messages.*): one conversation per client member of a company with the
 * company's staff. A CLIENTE sees and writes only its own conversation; the staff (OWNER, GESTOR,
 * MEMBER) every one of the company; an ADMIN who is not a member reads them but writes nothing.
 */

import type { ActionsOf } from '@functions/platform/http';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { Id } from '@shared/schemas/common';
import {
  type Conversation,
  type ConversationMessage,
  MessageListQuery,
  NotifyUploadBody,
  QuickMessageBody,
  SendMessageBody,
  StartConversationBody,
  type UnreadCount,
} from '@shared/schemas/messaging';
import * as z from 'zod';
import { readerSide, sideOf, toConversation, toMessage } from '../model/messaging';
import {
  listCompanyConversations,
  listMessages,
  markConversationRead,
  staffUnread,
} from '../store/conversations';
import {
  notifyUpload,
  openConversation,
  ownConversation,
  quickMessage,
  sendMessage,
  visibleConversation,
  writerSide,
} from '../store/conversations-flow';
import type { PortalDeps } from '../store/deps';
import { markConversationNoticesRead } from '../store/messaging-notices';
import { actorOf } from '../store/workflow';

const ConversationPath = z.object({ conversationId: Id });

/** A message of blanks only is no message (the schema admits any text of 1 to 5000 characters). */
function messageText(text: string, field: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw new AppError('CORE_004', 'El mensaje no puede estar vacío', { field });
  return trimmed;
}

export const listConversationsRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: PortalDeps): Promise<Conversation[]> => {
    const actor = actorOf(auth, scope);
    if (sideOf(actor) === 'client') {
      const own = await ownConversation(deps, scope.companyId, actor);
      return own ? [toConversation(own, 'client')] : [];
    }
    return (await listCompanyConversations(deps, scope.companyId)).map((c) => toConversation(c, 'staff'));
  },
});

export const startConversationRoute = defineCompanyAction({
  body: StartConversationBody.optional().default({}),
  run: async ({ auth, scope, body }, deps: PortalDeps): Promise<Conversation> => {
    const actor = actorOf(auth, scope);
    const c = await openConversation(deps, scope.companyId, actor, body.clientUserId);
    return toConversation(c, readerSide(actor));
  },
});

export const listMessagesRoute = defineCompanyAction({
  params: ConversationPath,
  query: MessageListQuery,
  run: async ({ auth, scope, params, query }, deps: PortalDeps): Promise<ConversationMessage[]> => {
    const actor = actorOf(auth, scope);
    await visibleConversation(deps, scope.companyId, params.conversationId, actor);
    const page = await listMessages(deps, scope.companyId, params.conversationId, {
      before: query.before,
      size: query.size,
    });
    return page.map(toMessage);
  },
});

export const sendMessageRoute = defineCompanyAction({
  params: ConversationPath,
  body: SendMessageBody,
  status: 201,
  run: async ({ auth, scope, params, body }, deps: PortalDeps): Promise<ConversationMessage> => {
    const actor = actorOf(auth, scope);
    writerSide(actor);
    const c = await visibleConversation(deps, scope.companyId, params.conversationId, actor);
    const m = await sendMessage(deps, c, actor, {
      content: messageText(body.content, 'content'),
      priority: body.priority,
      kind: 'TEXT',
    });
    return toMessage(m);
  },
});

export const markReadRoute = defineCompanyAction({
  params: ConversationPath,
  run: async ({ auth, scope, params }, deps: PortalDeps): Promise<Conversation> => {
    const actor = actorOf(auth, scope);
    const side = writerSide(actor);
    await visibleConversation(deps, scope.companyId, params.conversationId, actor);
    const c = await markConversationRead(deps, scope.companyId, params.conversationId, side);
    // What the conversation page shows read is read in the bell too (its message_received notices).
    await markConversationNoticesRead(
      deps,
      { userId: actor.userId, companyId: scope.companyId },
      params.conversationId,
      deps.now(),
    );
    return toConversation(c, side);
  },
});

export const quickMessageRoute = defineCompanyAction({
  body: QuickMessageBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: PortalDeps): Promise<ConversationMessage> =>
    toMessage(
      await quickMessage(deps, scope.companyId, actorOf(auth, scope), {
        content: messageText(body.text, 'text'),
        priority: body.priority,
        kind: 'TEXT',
      }),
    ),
});

export const notifyUploadRoute = defineCompanyAction({
  body: NotifyUploadBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: PortalDeps): Promise<ConversationMessage> =>
    toMessage(await notifyUpload(deps, scope.companyId, actorOf(auth, scope), body)),
});

export const unreadCountRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: PortalDeps): Promise<UnreadCount> => {
    const actor = actorOf(auth, scope);
    if (sideOf(actor) === 'client') {
      const own = await ownConversation(deps, scope.companyId, actor);
      const unread = Math.max(0, own?.unreadForClient ?? 0);
      return { unread, conversations: unread > 0 ? 1 : 0 };
    }
    return staffUnread(deps, scope.companyId);
  },
});

type MessagingRouteId =
  | 'messages.conversations'
  | 'messages.startConversation'
  | 'messages.list'
  | 'messages.send'
  | 'messages.markRead'
  | 'messages.quick'
  | 'messages.notifyUpload'
  | 'messages.unreadCount';

export const messagingActions: Pick<ActionsOf<'portal', PortalDeps>, MessagingRouteId> = {
  'messages.conversations': listConversationsRoute,
  'messages.startConversation': startConversationRoute,
  'messages.list': listMessagesRoute,
  'messages.send': sendMessageRoute,
  'messages.markRead': markReadRoute,
  'messages.quick': quickMessageRoute,
  'messages.notifyUpload': notifyUploadRoute,
  'messages.unreadCount': unreadCountRoute,
};
