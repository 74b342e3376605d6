/**
 * Registration writes of SII entries (the registration side of THE PROTOCOL, shared/schemas/sii.ts):
 * one source change (an event, or a document the backfill found) becomes, in ONE TransactWriteItems,
 *  - the applied-event marker (`keys.siiAppliedEvent`, attribute_not_exists, kept 30 days), so a
 *    redelivered event changes nothing;
 *  - every entry the change moves (model/entry-rules.ts), each Put conditioned on the entry as read
 *    (absent, or the same updatedAt, status and contentVersion): a sender move in between refuses
 *    the transaction, which is read and decided again;
 *  - the `siiStatus` mirror on the source document of its FE/FR entry.
 */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  cancellationCodes,
  failedConditionAt,
  isTransactionCanceled,
  isTransactionConflict,
} from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { SiiBook } from '@shared/schemas/sii';
import { type EntryTarget, nextEntry, type RuleConfig, type StoredSiiEntry } from '../model/entry-rules';
import type { SourcePlan } from '../model/event-sources';
import type { SiiDeps } from './deps';
import { entryFromItem, entryItem, sourceStatusUpdate } from './entry-item';

type Deps = Pick<SiiDeps, 'db' | 'table' | 'now'>;

/** An applied event is remembered this long (longer than the queue keeps a message: 4 days). */
export const APPLIED_EVENT_TTL_DAYS = 30;
/** Attempts of one change against concurrent writers (the sender, another event) before giving up. */
export const MAX_APPLY_ATTEMPTS = 5;
/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACT_ITEMS = 100;

export async function getEntry(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
  book: SiiBook,
  documentId: string,
): Promise<StoredSiiEntry | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.siiEntry(companyId, book, documentId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (entryFromItem(res.Item) as StoredSiiEntry) : null;
}

/**
 * The entries of one invoice in one book (its FE/FR record, or its BI goods, RECC payments, OI
 * operation). The key prefix of `inv1` also covers `inv10`: the documents are filtered exactly.
 */
export async function listEntriesOfInvoice(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
  book: SiiBook,
  invoiceId: string,
): Promise<StoredSiiEntry[]> {
  const items = await queryPrefix(deps, keys.siiEntriesOfInvoice(companyId, book, invoiceId), {
    ConsistentRead: true,
  });
  return items
    .map((i) => entryFromItem(i) as StoredSiiEntry)
    .filter((e) => e.documentId === invoiceId || e.documentId.startsWith(`${invoiceId}~`));
}

/** Whether an event was applied already (its marker exists). */
export async function eventApplied(
  deps: Pick<SiiDeps, 'db' | 'table'>,
  companyId: string,
  eventId: string,
): Promise<boolean> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.siiAppliedEvent(companyId, eventId),
      ConsistentRead: true,
      ProjectionExpression: 'pk',
    }),
  );
  return res.Item !== undefined;
}

export function appliedEventPut(
  table: string,
  companyId: string,
  event: { eventId: string; kind: string },
  at: Date,
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.siiAppliedEvent(companyId, event.eventId),
        entity: 'SiiAppliedEvent',
        v: SCHEMA_VERSION,
        companyId,
        eventId: event.eventId,
        kind: event.kind,
        appliedAt: at.toISOString(),
        ttl: Math.floor(at.getTime() / 1000) + APPLIED_EVENT_TTL_DAYS * 24 * 3600,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Put of an entry's next state, conditioned on the state it was decided from. */
export function entryPut(table: string, next: StoredSiiEntry, read: StoredSiiEntry | null): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: entryItem(next),
      ...(read === null
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: 'updatedAt = :u AND #status = :s AND contentVersion = :cv',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':u': read.updatedAt,
              ':s': read.status,
              ':cv': read.contentVersion,
            },
          }),
    },
  };
}

/** One source change to apply to one company (model/event-sources.ts `SourcePlan`). */
export type RegistrationPlan = SourcePlan & { companyId: string };

export interface ApplyOptions {
  config: RuleConfig;
  /** The event applied (its marker goes in the same transaction); absent for the backfill. */
  event?: { eventId: string; kind: string };
  /** Backfill: create missing entries only, never touch an existing one. */
  onlyMissing?: boolean;
}

export interface ApplyResult {
  /** The event had been applied before: nothing was written. */
  duplicate: boolean;
  /** The entries written (their new state). */
  written: StoredSiiEntry[];
  /** Something new waits for the sender (an entry newly QUEUED, or queued with new content). */
  wake: boolean;
}

/** A move the sender must hear of: the entry is QUEUED now and was not, or its content changed. */
const needsSender = (read: StoredSiiEntry | null, next: StoredSiiEntry): boolean =>
  next.status === 'QUEUED' &&
  (read === null || read.status !== 'QUEUED' || read.contentVersion !== next.contentVersion);

/** A withdrawal target for an existing entry no longer in its source. */
const withdrawalOf = (e: StoredSiiEntry, order: string): EntryTarget => ({
  book: e.book,
  documentId: e.documentId,
  source: e.source,
  record: e.record,
  facts: {
    documentNumber: e.documentNumber,
    counterpartyName: e.counterpartyName,
    counterpartyTaxId: e.counterpartyTaxId,
    issueDate: e.issueDate,
    totalCents: e.totalCents,
    period: e.period,
  },
  deadline: e.deadline,
  withdrawn: true,
  approved: null,
  order,
});

/**
 * Reads the entries a plan touches and decides their next states. The head entry (the invoice's
 * FE/FR) orders the whole document: a change not newer than the one it reflects is stale (or a
 * repeat) and moves nothing; a newer one that leaves the head's content as it was still records its
 * order on it, so an older change arriving later is recognised.
 */
async function decide(
  deps: Deps,
  plan: RegistrationPlan,
  options: ApplyOptions,
  at: string,
): Promise<{ read: StoredSiiEntry | null; next: StoredSiiEntry }[]> {
  const pairs: { target: EntryTarget; read: StoredSiiEntry | null }[] = await Promise.all(
    plan.targets.map(async (target) => ({
      target,
      read: await getEntry(deps, plan.companyId, target.book, target.documentId),
    })),
  );
  const headRule = plan.head && !options.onlyMissing ? plan.head : null;
  const headEntry = headRule
    ? (pairs.find((p) => p.target.book === headRule.book && p.target.documentId === headRule.documentId)
        ?.read ?? (await getEntry(deps, plan.companyId, headRule.book, headRule.documentId)))
    : null;
  if (headRule && headEntry?.sourceOrder !== undefined && headRule.order <= headEntry.sourceOrder) return [];

  const named = new Set(plan.targets.map((t) => `${t.book}:${t.documentId}`));
  for (const scope of plan.withdrawOthers) {
    const others = await listEntriesOfInvoice(deps, plan.companyId, scope.book, scope.invoiceId);
    for (const e of others) {
      if (named.has(`${e.book}:${e.documentId}`) || e.withdrawn) continue;
      pairs.push({ target: withdrawalOf(e, scope.order), read: e });
    }
  }
  const out: { read: StoredSiiEntry | null; next: StoredSiiEntry }[] = [];
  for (const { target, read } of pairs) {
    if (options.onlyMissing && read) continue;
    const next = nextEntry(read, plan.companyId, target, options.config, at);
    if (next) out.push({ read, next });
  }
  if (headRule && headEntry && !out.some((m) => m.read === headEntry)) {
    out.push({ read: headEntry, next: { ...headEntry, sourceOrder: headRule.order, updatedAt: at } });
  }
  return out;
}

/**
 * Applies one source change: decides from what is stored and writes everything in one
 * transaction; a transaction refused because an entry moved meanwhile (the sender, another event)
 * or a conflict is decided again from a fresh read, up to MAX_APPLY_ATTEMPTS times.
 */
export async function applyRegistration(
  deps: Deps,
  plan: RegistrationPlan,
  options: ApplyOptions,
): Promise<ApplyResult> {
  const { companyId } = plan;
  if (options.event && (await eventApplied(deps, companyId, options.event.eventId)))
    return { duplicate: true, written: [], wake: false };
  // A source document that is gone (a received invoice deleted after the event) cannot take the mirror.
  const noMirror = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const now = deps.now();
    const at = now.toISOString();
    const moves = await decide(deps, plan, options, at);
    const items: TransactItem[] = [];
    if (options.event) items.push(appliedEventPut(deps.table, companyId, options.event, now));
    const mirrorAt = new Map<number, string>();
    for (const { read, next } of moves) {
      items.push(entryPut(deps.table, next, read));
      const mirror = noMirror.has(next.entryId)
        ? null
        : sourceStatusUpdate(deps.table, next, next.status, at);
      if (mirror) {
        mirrorAt.set(items.length, next.entryId);
        items.push(mirror);
      }
    }
    if (items.length === 0) return { duplicate: false, written: [], wake: false };
    if (items.length > MAX_TRANSACT_ITEMS)
      throw new Error(`An SII change of ${items.length} items exceeds one transaction`);
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
      return {
        duplicate: false,
        written: moves.map((m) => m.next),
        wake: moves.some((m) => needsSender(m.read, m.next)),
      };
    } catch (e) {
      if (options.event && failedConditionAt(e, 0)) return { duplicate: true, written: [], wake: false };
      if (!isTransactionCanceled(e) && !isTransactionConflict(e)) throw e;
      const codes = cancellationCodes(e);
      for (const [index, entryId] of mirrorAt) {
        if (codes[index] === 'ConditionalCheckFailed') noMirror.add(entryId);
      }
      if (attempt >= MAX_APPLY_ATTEMPTS) throw e;
      // A short, growing pause: the other writer (usually the sender's claim) finishes meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}
