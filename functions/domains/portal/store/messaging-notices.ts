/**
 * The bell notices of a conversation: every message leaves a `message_received` notification in
 * each recipient's bell (store/conversations-flow.ts noticeWrites), linked to the conversation. When
 * the reader marks the conversation read, its own unread ones of that conversation become read too,
 * through the notifications library's read-state writes (functions/lib/notifications/read-state.ts):
 * each conditioned on being unread, with the unread counter moved by exactly what changed, so a
 * second markRead changes nothing and the counter never goes below what is unread.
 */

import { markUnreadNotificationsRead } from '@functions/lib/notifications';
import { conversationNoticeLinks, MESSAGE_NOTIFICATION_TYPE } from '../model/messaging';
import type { PortalDeps } from './deps';

/**
 * Marks the reader's unread `message_received` notifications of one conversation of the company
 * read: a Query of the reader's sparse unread index (#21, only its own partition for that company),
 * filtered by type and link. Answers how many changed.
 */
export function markConversationNoticesRead(
  deps: Pick<PortalDeps, 'db' | 'table'>,
  reader: { userId: string; companyId: string },
  conversationId: string,
  now: Date,
): Promise<number> {
  return markUnreadNotificationsRead(deps, reader, now, {
    type: MESSAGE_NOTIFICATION_TYPE,
    links: conversationNoticeLinks(conversationId),
  });
}
