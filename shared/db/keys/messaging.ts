/**
 * Key builders of Messaging between a company's clients and its staff (issue 21 item 3), spread into `keys` by `shared/db/keys.ts`.
 *
 * Partitions:
 *  - `MSG#<c>`: the company's conversations, one per client member (`CONV#<conversationId>`, the id
 *    being the client's user id, so opening it twice finds the same one): the client, the
 *    last message and the unread counter of each side (`unreadForClient`, `unreadForStaff`); and the
 *    messages of each conversation (`MSGE#<conversationId>#<messageId>`, ids start with 13 digits of
 *    epoch ms, so one conversation's messages are one sort-key range in time order);
 *  - gsi1 `COMPANY#<c>#CONVS`: the company's conversations by last activity (`<updatedAt>#<id>`),
 *    newest first for the staff's list.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const partition = (companyId: string) => `MSG#${enc(companyId)}`;

export const messagingKeys = {
  /** One conversation of a company (GetItem: a CLIENTE reads only its own). */
  conversation: (companyId: string, conversationId: string): Key => ({
    pk: partition(companyId),
    sk: `CONV#${enc(conversationId)}`,
  }),
  /** Every conversation of a company: `begins_with(sk, CONV#)` (the unread sum, projected). */
  conversationPrefix: (companyId: string) => ({ pk: partition(companyId), skPrefix: 'CONV#' }),
  /** gsi1: a company's conversations by last activity (`<updatedAt ISO>#<conversationId>`). */
  conversationByActivity: (companyId: string, updatedAt: string, conversationId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#CONVS`,
    gsi1sk: `${updatedAt}#${enc(conversationId)}`,
  }),
  conversationByActivityPartition: (companyId: string) => ({ gsi1pk: `COMPANY#${enc(companyId)}#CONVS` }),
  /** One message of a conversation. */
  conversationMessage: (companyId: string, conversationId: string, messageId: string): Key => ({
    pk: partition(companyId),
    sk: `MSGE#${enc(conversationId)}#${enc(messageId)}`,
  }),
  /** The messages of one conversation, in id (= time) order: `begins_with(sk, MSGE#<id>#)`. */
  conversationMessagePrefix: (companyId: string, conversationId: string) => ({
    pk: partition(companyId),
    skPrefix: `MSGE#${enc(conversationId)}#`,
  }),
} satisfies Record<string, (...args: string[]) => Key | Record<string, string>>;
