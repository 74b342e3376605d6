/**
 * Conversations and their messages in the table (shared/db/keys/messaging.ts): one item per
 * conversation `MSG#<c>` / `CONV#<id>` (on gsi1 `COMPANY#<c>#CONVS` by last activity), one per message
 * `MSG#<c>` / `MSGE#<conversationId>#<messageId>`. A message is written in ONE transaction with the
 * conversation's update (last message, +1 unread for the other side, 0 for the sender's) and the
 * notices it causes; reads are GetItems and bounded Queries.
 */

import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  failedConditionAt,
  isConditionalCheckFailed,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type MembershipRecord, SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import {
  CONVERSATION_LIST_MAX,
  type ConversationRecord,
  type MessageRecord,
  PREVIEW_CHARS,
  preview,
  type Side,
} from '../model/messaging';
import type { PortalDeps } from './deps';

type Db = Pick<PortalDeps, 'db' | 'table'>;

export const conversationNotFound = () => new AppError('CORE_006', 'La conversación no existe.');

export function conversationItem(c: ConversationRecord): Record<string, unknown> {
  return {
    ...keys.conversation(c.companyId, c.conversationId),
    ...keys.conversationByActivity(c.companyId, c.updatedAt, c.conversationId),
    entity: 'Conversation',
    v: SCHEMA_VERSION,
    ...c,
  };
}

export function messageItem(m: MessageRecord): Record<string, unknown> {
  return {
    ...keys.conversationMessage(m.companyId, m.conversationId, m.id),
    entity: 'ConversationMessage',
    v: SCHEMA_VERSION,
    ...m,
  };
}

const toConversationRecord = (item: Record<string, unknown>) =>
  stripKeys(item) as unknown as ConversationRecord;
const toMessageRecord = (item: Record<string, unknown>) => stripKeys(item) as unknown as MessageRecord;

export async function getConversation(
  deps: Db,
  companyId: string,
  conversationId: string,
): Promise<ConversationRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.conversation(companyId, conversationId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? toConversationRecord(res.Item) : undefined;
}

/** A member of the company (its membership snapshot: role, state, names), if any. */
export async function getMember(
  deps: Db,
  companyId: string,
  userId: string,
): Promise<MembershipRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(companyId, userId) }),
  );
  return res.Item as MembershipRecord | undefined;
}

/**
 * Writes a new conversation unless one exists (conditional Put); answers the stored one either way,
 * so opening a client's conversation twice, even at once, gives the same conversation.
 */
export async function putConversationOnce(deps: Db, c: ConversationRecord): Promise<ConversationRecord> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: conversationItem(c),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return c;
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    const stored = await getConversation(deps, c.companyId, c.conversationId);
    if (!stored) throw e;
    return stored;
  }
}

const unreadAttr = (side: Side) => (side === 'client' ? 'unreadForClient' : 'unreadForStaff');
const other = (side: Side): Side => (side === 'client' ? 'staff' : 'client');

/**
 * The message and the conversation's update (last message, activity index, the other side's unread
 * +1, the sender's 0), with `effects` (the notices), in one transaction. The conversation must exist
 * (a lost one is 404 and nothing is written).
 */
export async function writeMessage(
  deps: Db,
  m: MessageRecord,
  sender: Side,
  effects: TransactItem[],
): Promise<void> {
  const lastMessage = {
    content: preview(m.content, PREVIEW_CHARS),
    timestamp: m.timestamp,
    isFromGestor: m.isFromGestor,
  };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: deps.table,
        Item: messageItem(m),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: deps.table,
        Key: keys.conversation(m.companyId, m.conversationId),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression:
          'SET lastMessage = :lm, updatedAt = :at, gsi1sk = :g, #mine = :zero ADD #theirs :one, messageCount :one',
        ExpressionAttributeNames: { '#mine': unreadAttr(sender), '#theirs': unreadAttr(other(sender)) },
        ExpressionAttributeValues: {
          ':lm': lastMessage,
          ':at': m.timestamp,
          ':g': keys.conversationByActivity(m.companyId, m.timestamp, m.conversationId).gsi1sk,
          ':zero': 0,
          ':one': 1,
        },
      },
    },
    ...effects,
  ];
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (isTransactionCanceled(e) && failedConditionAt(e, 1)) throw conversationNotFound();
    throw e;
  }
}

/** The caller side's unread back to 0 (idempotent); answers the conversation afterwards. */
export async function markConversationRead(
  deps: Db,
  companyId: string,
  conversationId: string,
  side: Side,
): Promise<ConversationRecord> {
  try {
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.conversation(companyId, conversationId),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: 'SET #mine = :zero',
        ExpressionAttributeNames: { '#mine': unreadAttr(side) },
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toConversationRecord(res.Attributes ?? {});
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw conversationNotFound();
    throw e;
  }
}

/** A company's conversations, the most recently active first (gsi1), at most CONVERSATION_LIST_MAX. */
export async function listCompanyConversations(deps: Db, companyId: string): Promise<ConversationRecord[]> {
  const out: ConversationRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.conversationByActivityPartition(companyId).gsi1pk },
        ScanIndexForward: false,
        Limit: CONVERSATION_LIST_MAX - out.length,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map(toConversationRecord));
    start = res.LastEvaluatedKey;
  } while (start && out.length < CONVERSATION_LIST_MAX);
  return out;
}

/** The staff's unread messages over the company's conversations: a projected Query of `CONV#`. */
export async function staffUnread(
  deps: Db,
  companyId: string,
): Promise<{ unread: number; conversations: number }> {
  const k = keys.conversationPrefix(companyId);
  let unread = 0;
  let conversations = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
        ProjectionExpression: 'unreadForStaff',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      const n = typeof item.unreadForStaff === 'number' ? item.unreadForStaff : 0;
      if (n > 0) {
        unread += n;
        conversations++;
      }
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return { unread, conversations };
}

/**
 * One page of a conversation's messages, newest page first: the `size` messages before `before`
 * (a message id; absent: the newest), answered oldest to newest.
 */
export async function listMessages(
  deps: Db,
  companyId: string,
  conversationId: string,
  page: { before?: string | undefined; size: number },
): Promise<MessageRecord[]> {
  const p = keys.conversationMessagePrefix(companyId, conversationId);
  const upper = page.before ? keys.conversationMessage(companyId, conversationId, page.before).sk : undefined;
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      KeyConditionExpression: upper
        ? 'pk = :pk AND sk BETWEEN :lo AND :hi'
        : 'pk = :pk AND begins_with(sk, :lo)',
      ExpressionAttributeValues: { ':pk': p.pk, ':lo': p.skPrefix, ...(upper ? { ':hi': upper } : {}) },
      ScanIndexForward: false,
      // BETWEEN includes `before` itself: one more, dropped below.
      Limit: page.size + (upper ? 1 : 0),
    }),
  );
  return (res.Items ?? [])
    .filter((item) => item.sk !== upper)
    .slice(0, page.size)
    .map(toMessageRecord)
    .reverse();
}

const BATCH_GET_MAX = 100;
const MAX_UNPROCESSED_ROUNDS = 8;

/** The stored documents of a company among `documentIds` (id and uploader), by BatchGet. */
export async function companyDocuments(
  deps: Db,
  companyId: string,
  documentIds: readonly string[],
): Promise<Map<string, { uploadedBy: string | null }>> {
  const found = new Map<string, { uploadedBy: string | null }>();
  const unique = [...new Set(documentIds)];
  for (let i = 0; i < unique.length; i += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] = unique
      .slice(i, i + BATCH_GET_MAX)
      .map((id) => keys.document(companyId, id));
    for (let round = 0; pending.length > 0; round++) {
      if (round > MAX_UNPROCESSED_ROUNDS) throw new Error('BatchGet kept returning unprocessed keys');
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
      const res = await deps.db.send(
        new BatchGetCommand({
          RequestItems: {
            [deps.table]: {
              Keys: pending,
              ProjectionExpression: 'documentId, companyId, uploadedBy, entity',
            },
          },
        }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) {
        if (item.companyId !== companyId || typeof item.documentId !== 'string') continue;
        found.set(item.documentId, {
          uploadedBy: typeof item.uploadedBy === 'string' ? item.uploadedBy : null,
        });
      }
      pending = (res.UnprocessedKeys?.[deps.table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
}
