/**
 * The mails of a company's smart inbox (`InboxEmail` items). A mail is recorded once: the item, a
 * claim on its Message-ID and a claim on the hash of its content are written in ONE transaction, each
 * conditioned on not existing, so a mail delivered twice (SES retry, the same mail over SMTP and IMAP,
 * the sweep) finds the first recording and is never taken in twice.
 */

import { createHash } from 'node:crypto';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { DocumentDetails } from '@shared/schemas/documents';
import type { InboxEmail } from '@shared/schemas/inbox';
import { fromItem, toDetails } from './documents';
import type { InboxDeps } from './inbox-deps';

type TableDeps = Pick<InboxDeps, 'db' | 'table'>;

const toEmail = (item: Record<string, unknown>): InboxEmail => stripKeys(item) as unknown as InboxEmail;

const messageIdHash = (messageId: string) =>
  createHash('sha256').update(messageId.trim().toLowerCase()).digest('hex').slice(0, 40);

export type RecordOutcome = { fresh: true; email: InboxEmail } | { fresh: false; email: InboxEmail };

/** Records a new mail, or answers the one already recorded with the same Message-ID or content. */
export async function recordInboxEmail(deps: TableDeps, email: InboxEmail): Promise<RecordOutcome> {
  const claim = (key: { pk: string; sk: string }) => ({
    Put: {
      TableName: deps.table,
      Item: { ...key, entity: 'InboxEmailClaim', v: 1, inboxId: email.inboxId, companyId: email.companyId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const claims = [
    ...(email.messageId ? [keys.inboxMessageIdClaim(email.companyId, messageIdHash(email.messageId))] : []),
    keys.inboxRawClaim(email.companyId, email.sha256),
  ];
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: {
                ...keys.inboxEmail(email.companyId, email.inboxId),
                ...keys.inboxEmailByDate(email.companyId, email.receivedAt, email.inboxId),
                entity: 'InboxEmail',
                v: 1,
                ...email,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...claims.map(claim),
        ],
      }),
    );
    return { fresh: true, email };
  } catch (e) {
    if (!isTransactionCanceled(e)) throw e;
    for (const key of claims) {
      const res = await deps.db.send(
        new GetCommand({ TableName: deps.table, Key: key, ConsistentRead: true }),
      );
      const inboxId = res.Item?.inboxId;
      if (typeof inboxId !== 'string') continue;
      const existing = await getInboxEmail(deps, email.companyId, inboxId);
      if (existing) return { fresh: false, email: existing };
    }
    throw e;
  }
}

export async function getInboxEmail(
  deps: TableDeps,
  companyId: string,
  inboxId: string,
): Promise<InboxEmail | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.inboxEmail(companyId, inboxId), ConsistentRead: true }),
  );
  return res.Item ? toEmail(res.Item) : null;
}

/** Sets fields of a recorded mail (the worker's and the actions' moves; last writer wins per field). */
export async function updateInboxEmail(
  deps: TableDeps & Pick<InboxDeps, 'now'>,
  companyId: string,
  inboxId: string,
  fields: Partial<Omit<InboxEmail, 'inboxId' | 'id' | 'companyId' | 'receivedAt'>>,
  condition?: { statusIn: InboxEmail['status'][] },
): Promise<InboxEmail> {
  const entries = Object.entries({ ...fields, updatedAt: deps.now().toISOString() }).filter(
    ([, v]) => v !== undefined,
  );
  const names: Record<string, string> = Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k]));
  const values: Record<string, unknown> = Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v]));
  let conditionExpression = 'attribute_exists(pk)';
  if (condition) {
    names['#st'] = 'status';
    const list = condition.statusIn.map((s, i) => {
      values[`:s${i}`] = s;
      return `:s${i}`;
    });
    conditionExpression += ` AND #st IN (${list.join(', ')})`;
  }
  const res = await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.inboxEmail(companyId, inboxId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: conditionExpression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toEmail(res.Attributes ?? {});
}

/** A company's mails received in [from, to] (ISO instants; whole history when absent), oldest first. */
export async function listInboxEmails(
  deps: TableDeps,
  companyId: string,
  range: { from?: string; to?: string } = {},
): Promise<InboxEmail[]> {
  const partition = keys.inboxEmailByDatePartition(companyId).gsi1pk;
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':p': partition,
      ':from': range.from ?? '0',
      ':to': `${range.to ?? '9999'}~`,
    },
  });
  return items.filter((i) => i.entity === 'InboxEmail').map(toEmail);
}

/** Marks a raw mail object as taken in (or dropped), so the sweep does not read it again. */
export async function markInboundObject(
  deps: TableDeps & Pick<InboxDeps, 'now'>,
  rawKey: string,
  outcome: { result: 'TAKEN' | 'DROPPED'; inboxIds: string[]; companyIds: string[] },
): Promise<void> {
  const now = deps.now();
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        ...keys.inboundObject(rawKey),
        entity: 'InboundObject',
        v: 1,
        rawKey,
        ...outcome,
        at: now.toISOString(),
        // 30 days: the sweep only looks back hours.
        ttl: Math.floor(now.getTime() / 1000) + 30 * 86_400,
      },
    }),
  );
}

export async function inboundObjectTaken(deps: TableDeps, rawKey: string): Promise<boolean> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.inboundObject(rawKey) }));
  return res.Item !== undefined;
}

/** The documents of mails (BatchGet on the documents' keys; missing ones are left out). */
export async function getDocuments(
  deps: TableDeps,
  companyId: string,
  documentIds: readonly string[],
): Promise<Map<string, DocumentDetails>> {
  const out = new Map<string, DocumentDetails>();
  const unique = [...new Set(documentIds)];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = unique
      .slice(i, i + 100)
      .map((id) => keys.document(companyId, id));
    for (let round = 0; pending && pending.length > 0 && round < 8; round++) {
      const res: BatchGetCommandOutput = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) {
        const doc = toDetails(fromItem(item));
        out.set(doc.documentId, doc);
      }
      pending = res.UnprocessedKeys?.[deps.table]?.Keys;
    }
  }
  return out;
}
