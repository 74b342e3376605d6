/**
 * THE posting transaction of the journal (issue 18; design "The posting transaction"): one
 * TransactWriteItems per posting holding the entries, one ledger line per line, the per-account
 * month aggregates (ADDs merged by key: a transaction never touches an item twice), the year's
 * entry-number counter (conditioned on the value read, so numbers are given once), a
 * ConditionCheck on the settings' `closedThrough` (a period closed meanwhile cancels the posting,
 * which then retries with the new dates) and, for automatic postings, the source document's
 * posting state (conditioned on its version: an older or repeated event never posts).
 *
 * Art. 28.1 Código de Comercio: the journal records day by day every operation; an entry is never
 * rewritten once its month is closed: a correction is a reversal (contraasiento) plus a new entry.
 */

import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  failedConditionAt,
  isConditionalCheckFailed,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { isContention } from '@functions/platform/contention';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type AggregateLevel, postingSourceKey } from '@shared/db/keys/accounting';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import {
  type AccountParty,
  accountingMessages,
  displayAccountCode,
  type EntryKind,
  type EntrySource,
  type JournalEntry,
} from '@shared/schemas/accounting';
import { chartAccount } from '../model/chart';
import { PARTY_PARENT_ACCOUNTS } from '../model/parties';
import {
  type DesiredPosting,
  netLines,
  type PostingSettings,
  postingsOfEvent,
  type RestoredPosting,
  sameNetLines,
  UnbalancedPostingError,
} from '../model/postings';
import {
  accountItemOf,
  ensurePartyAccount,
  ensureWithholdingAccount,
  getSettings,
  readAccounts,
  refsOf,
  storedAccount,
} from './chart';
import type { AccountingDeps } from './deps';
import {
  type DocumentPostingItem,
  ENTITY,
  type EntryCounterItem,
  type EntryItem,
  type LedgerLineItem,
  type NetLine,
  type StoredLine,
} from './items';
import { receivedPayments } from './sources';

type Deps = Pick<AccountingDeps, 'db' | 'table' | 'now'>;

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

// --- what is posted ---------------------------------------------------------------------------------

/** A line to post, on a resolved account (a party's sub-account, never a party reference). */
export interface LineToPost {
  accountCode: string;
  description: string;
  debitCents: number;
  creditCents: number;
}

export interface EntryToPost {
  entryId: string;
  /** Kept when an entry is replaced within its year (a manual update); absent: the year's next number. */
  entryNumber?: number;
  entryDate: string;
  documentDate: string | null;
  description: string;
  source: EntrySource;
  kind: EntryKind;
  document: JournalEntry['document'];
  reversalOf: string | null;
  lines: LineToPost[];
  createdBy: string;
  /** Kept when an entry is replaced (a manual update). */
  createdAt?: string;
  locked?: boolean;
  sourceKey: string | null;
}

/** What an account contributes to a posting: its name, and the PGC account a sub-account rolls up into. */
export interface AccountRef {
  accountName: string;
  /** The PGC parent of a sub-account (its C aggregate); null for a PGC account (C on itself, no S). */
  subAccountOf: string | null;
}

/** A document's posting state as read: its version and how many entries it holds. */
export interface StateSeen {
  version: number;
  entries: number;
}

export interface PostingWrite {
  entries: EntryToPost[];
  /** Stored entries this transaction takes out of the books (manual update and delete). */
  removed?: EntryItem[];
  /**
   * Automatic postings: the document's new state, written only over an older version (or, with
   * `stateSeen`, only over the state exactly as read: a move of the same version).
   */
  state?: DocumentPostingItem;
  stateSeen?: StateSeen;
  /** Other documents' states the posting read (null: none yet): the transaction holds only while they are unchanged. */
  checks?: { sourceKey: string; seen: StateSeen | null }[];
  /** Settings' `closedThrough` as read: the transaction holds only while it is still the same. */
  closedThrough: string | null;
  /** Every account the lines (new and removed) touch. */
  accounts: ReadonlyMap<string, AccountRef>;
  /** The message of the 400 when the transaction would exceed DynamoDB's limit. */
  tooLargeMessage?: string;
}

export type PostOutcome = { outcome: 'posted'; entries: EntryItem[] } | { outcome: 'stale' };

// --- small pure helpers -----------------------------------------------------------------------------

/**
 * Deterministic ids of automatic entries (design "Who posts what"): the `ordinal`-th entry ever
 * posted for the document (1 for its first entry, 2 for that entry's reversal...). An event
 * delivered twice posts the same ids (and its state's version refuses the second), and a document
 * reaches the same ids whatever order its events arrived in: a cancellation processed before the
 * confirmation posts entries 1 and 2 exactly as the two events in order would have.
 */
export function automaticEntryId(companyId: string, sourceKey: string, ordinal: number): string {
  const hex = createHash('sha256').update(`${companyId}|${sourceKey}|#${ordinal}`).digest('hex');
  return `a${hex.slice(0, 24)}`;
}

/** The first day after the closed months ('YYYY-MM'), or null when none is closed. */
export function firstOpenDay(closedThrough: string | null): string | null {
  if (!closedThrough) return null;
  const [y, m] = closedThrough.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** True when the date's month is closed. */
export const isClosedDate = (date: string, closedThrough: string | null): boolean =>
  closedThrough !== null && date.slice(0, 7) <= closedThrough;

/** The date an automatic entry takes: its own, or the first open day when its month is closed. */
export function postingDate(
  date: string,
  closedThrough: string | null,
): { entryDate: string; documentDate: string | null } {
  if (!isClosedDate(date, closedThrough)) return { entryDate: date, documentDate: null };
  return { entryDate: firstOpenDay(closedThrough)!, documentDate: date };
}

const yearOf = (date: string) => Number(date.slice(0, 4));
const monthOf = (date: string) => Number(date.slice(5, 7));

// --- reads ------------------------------------------------------------------------------------------

export async function getEntryItem(
  deps: Pick<AccountingDeps, 'db' | 'table'>,
  companyId: string,
  entryId: string,
): Promise<EntryItem | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.journalEntry(companyId, entryId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as EntryItem) : null;
}

async function counterOf(deps: Deps, companyId: string, year: number): Promise<number | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.entryNumberCounter(companyId, year),
      ConsistentRead: true,
    }),
  );
  return res.Item ? Number((res.Item as unknown as EntryCounterItem).last) : null;
}

// --- the transaction ----------------------------------------------------------------------------------

/** One aggregate's change in a posting (exported, pure: infra/bench/accounting seeds books with it). */
export interface AggregateDelta {
  year: number;
  month: number;
  level: AggregateLevel;
  accountCode: string;
  debitCents: number;
  creditCents: number;
  count: number;
}

/** Adds a line's amounts (sign -1 takes them out) to its C (PGC) and S (sub-account) aggregates. */
export function addToAggregates(
  into: Map<string, AggregateDelta>,
  date: string,
  line: { accountCode: string; debitCents: number; creditCents: number },
  accounts: ReadonlyMap<string, AccountRef>,
  sign: 1 | -1,
): void {
  const ref = accounts.get(line.accountCode);
  if (!ref) throw new Error(`Account ${line.accountCode} was not resolved before the posting`);
  const targets: [AggregateLevel, string][] = ref.subAccountOf
    ? [
        ['C', ref.subAccountOf],
        ['S', line.accountCode],
      ]
    : [['C', line.accountCode]];
  for (const [level, accountCode] of targets) {
    const year = yearOf(date);
    const month = monthOf(date);
    const k = `${year}|${month}|${level}|${accountCode}`;
    const d = into.get(k) ?? { year, month, level, accountCode, debitCents: 0, creditCents: 0, count: 0 };
    d.debitCents += sign * line.debitCents;
    d.creditCents += sign * line.creditCents;
    d.count += sign;
    into.set(k, d);
  }
}

function aggregateUpdate(table: string, companyId: string, d: AggregateDelta): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.ledgerAggregate(companyId, d.year, d.level, d.month, 'N', d.accountCode),
      UpdateExpression:
        'SET entity = :e, v = :v, companyId = :c, #y = :y, #m = :m, #l = :l, #k = :k, accountCode = :a ADD debitCents :d, creditCents :cr, #n :n',
      ExpressionAttributeNames: { '#y': 'year', '#m': 'month', '#l': 'level', '#k': 'kind', '#n': 'count' },
      ExpressionAttributeValues: {
        ':e': ENTITY.aggregate,
        ':v': SCHEMA_VERSION,
        ':c': companyId,
        ':y': d.year,
        ':m': d.month,
        ':l': d.level,
        ':k': 'N',
        ':a': d.accountCode,
        ':d': d.debitCents,
        ':cr': d.creditCents,
        ':n': d.count,
      },
    },
  };
}

export function ledgerLineItem(
  companyId: string,
  entry: EntryItem,
  line: StoredLine,
): Record<string, unknown> {
  const item: LedgerLineItem = {
    companyId,
    accountCode: line.accountCode,
    entryId: entry.entryId,
    entryNumber: entry.entryNumber,
    entryDate: entry.entryDate,
    lineNumber: line.lineNumber,
    description: line.description,
    source: entry.source,
    kind: entry.kind,
    debitCents: line.debitCents,
    creditCents: line.creditCents,
  };
  return {
    ...keys.ledgerLine(companyId, line.accountCode, entry.entryDate, entry.entryId, line.lineNumber),
    entity: ENTITY.ledgerLine,
    v: SCHEMA_VERSION,
    ...item,
  };
}

const ledgerKeyOf = (companyId: string, entry: Pick<EntryItem, 'entryDate' | 'entryId'>, line: StoredLine) =>
  keys.ledgerLine(companyId, line.accountCode, entry.entryDate, entry.entryId, line.lineNumber);
const keyId = (k: { pk: string; sk: string }) => `${k.pk}\u0000${k.sk}`;

export function entryItemOf(
  companyId: string,
  e: EntryToPost,
  entryNumber: number,
  accounts: ReadonlyMap<string, AccountRef>,
  at: string,
): EntryItem {
  const lines: StoredLine[] = e.lines.map((l, i) => ({
    lineNumber: i + 1,
    accountCode: l.accountCode,
    accountName: accounts.get(l.accountCode)?.accountName ?? l.accountCode,
    description: l.description,
    debitCents: l.debitCents,
    creditCents: l.creditCents,
  }));
  return {
    companyId,
    entryId: e.entryId,
    entryNumber,
    fiscalYear: yearOf(e.entryDate),
    entryDate: e.entryDate,
    description: e.description,
    source: e.source,
    kind: e.kind,
    document: e.document,
    reversalOf: e.reversalOf,
    documentDate: e.documentDate,
    lines,
    totalDebitCents: lines.reduce((s, l) => s + l.debitCents, 0),
    totalCreditCents: lines.reduce((s, l) => s + l.creditCents, 0),
    locked: e.locked ?? false,
    lockedAt: null,
    lockedBy: null,
    createdAt: e.createdAt ?? at,
    createdBy: e.createdBy,
    updatedAt: at,
    sourceKey: e.sourceKey,
    ledgerComplete: true,
  };
}

export const storedEntry = (companyId: string, item: EntryItem) => ({
  ...keys.journalEntry(companyId, item.entryId),
  ...keys.journalByDate(companyId, item.entryDate, item.entryNumber, item.entryId),
  entity: ENTITY.entry,
  v: SCHEMA_VERSION,
  ...item,
});

function settingsCheck(table: string, companyId: string, closedThrough: string | null): TransactItem {
  return {
    ConditionCheck: {
      TableName: table,
      Key: keys.accountingSettings(companyId),
      ConditionExpression:
        closedThrough === null
          ? 'attribute_exists(pk) AND (attribute_not_exists(closedThrough) OR attribute_type(closedThrough, :null))'
          : 'closedThrough = :ct',
      ExpressionAttributeValues: closedThrough === null ? { ':null': 'NULL' } : { ':ct': closedThrough },
    },
  };
}

/** The condition that a document's posting state is still as read (null: still absent). */
function stateSeenCondition(seen: StateSeen | null): {
  ConditionExpression: string;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  if (!seen) return { ConditionExpression: 'attribute_not_exists(pk)' };
  return {
    ConditionExpression: 'version = :seenVersion AND size(entryIds) = :seenEntries',
    ExpressionAttributeValues: { ':seenVersion': seen.version, ':seenEntries': seen.entries },
  };
}

const seenOf = (state: DocumentPostingItem | null): StateSeen | null =>
  state ? { version: state.version, entries: state.entryIds.length } : null;

/**
 * One attempt of a posting. Answers `stale` when the document's state holds a version at least as
 * new (the event is a duplicate or came late); throws the DynamoDB error of any other refusal (a
 * counter, the settings or an entry changed meanwhile: `withPostingRetries` tries again).
 */
export async function postEntries(deps: Deps, companyId: string, write: PostingWrite): Promise<PostOutcome> {
  const at = deps.now().toISOString();
  const removed = write.removed ?? [];
  const removedById = new Map(removed.map((r) => [r.entryId, r]));

  // Entry numbers: the year's counter, read now, given in order (n+1, n+2).
  const years = [
    ...new Set(write.entries.filter((e) => e.entryNumber === undefined).map((e) => yearOf(e.entryDate))),
  ];
  const counters = new Map<number, { read: number | null; last: number }>();
  for (const y of years) {
    const read = await counterOf(deps, companyId, y);
    counters.set(y, { read, last: read ?? 0 });
  }
  const posted = write.entries.map((e) => {
    let number = e.entryNumber;
    if (number === undefined) {
      const c = counters.get(yearOf(e.entryDate))!;
      c.last += 1;
      number = c.last;
    }
    return entryItemOf(companyId, e, number, write.accounts, at);
  });

  const items: TransactItem[] = [];
  const aggregates = new Map<string, AggregateDelta>();
  const newLedgerKeys = new Set<string>();
  let stateIndex: number | undefined;

  for (const entry of posted) {
    const replaced = removedById.get(entry.entryId);
    items.push({
      Put: {
        TableName: deps.table,
        Item: storedEntry(companyId, entry),
        ...(replaced
          ? {
              ConditionExpression: 'attribute_exists(pk) AND updatedAt = :u AND locked = :unlocked',
              ExpressionAttributeValues: { ':u': replaced.updatedAt, ':unlocked': false },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    });
    for (const line of entry.lines) {
      newLedgerKeys.add(keyId(ledgerKeyOf(companyId, entry, line)));
      items.push({ Put: { TableName: deps.table, Item: ledgerLineItem(companyId, entry, line) } });
      addToAggregates(aggregates, entry.entryDate, line, write.accounts, 1);
    }
  }
  for (const old of removed) {
    if (!posted.some((p) => p.entryId === old.entryId)) {
      items.push({
        Delete: {
          TableName: deps.table,
          Key: keys.journalEntry(companyId, old.entryId),
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :u AND locked = :unlocked',
          ExpressionAttributeValues: { ':u': old.updatedAt, ':unlocked': false },
        },
      });
    }
    for (const line of old.lines) {
      const k = ledgerKeyOf(companyId, old, line);
      if (!newLedgerKeys.has(keyId(k))) items.push({ Delete: { TableName: deps.table, Key: k } });
      addToAggregates(aggregates, old.entryDate, line, write.accounts, -1);
    }
  }
  for (const d of aggregates.values()) {
    if (d.debitCents === 0 && d.creditCents === 0 && d.count === 0) continue;
    items.push(aggregateUpdate(deps.table, companyId, d));
  }
  for (const [year, c] of counters) {
    items.push({
      Update: {
        TableName: deps.table,
        Key: keys.entryNumberCounter(companyId, year),
        UpdateExpression: 'SET entity = :e, v = :v, companyId = :c, #y = :y, #last = :new',
        ConditionExpression: c.read === null ? 'attribute_not_exists(pk)' : '#last = :old',
        ExpressionAttributeNames: { '#y': 'year', '#last': 'last' },
        ExpressionAttributeValues: {
          ':e': ENTITY.entryCounter,
          ':v': SCHEMA_VERSION,
          ':c': companyId,
          ':y': year,
          ':new': c.last,
          ...(c.read === null ? {} : { ':old': c.read }),
        },
      },
    });
  }
  items.push(settingsCheck(deps.table, companyId, write.closedThrough));
  for (const check of write.checks ?? []) {
    items.push({
      ConditionCheck: {
        TableName: deps.table,
        Key: keys.documentPosting(companyId, check.sourceKey),
        ...stateSeenCondition(check.seen),
      },
    });
  }
  if (write.state) {
    stateIndex = items.length;
    items.push({
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.documentPosting(companyId, write.state.sourceKey),
          entity: ENTITY.documentPosting,
          v: SCHEMA_VERSION,
          ...write.state,
        },
        ...(write.stateSeen
          ? stateSeenCondition(write.stateSeen)
          : {
              ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
              ExpressionAttributeValues: { ':version': write.state.version },
            }),
      },
    });
  }
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new AppError(
      'CORE_004',
      write.tooLargeMessage ?? 'El asiento tiene demasiadas líneas y cuentas para registrarlo de una vez.',
      { field: 'lines', details: { items: items.length, max: MAX_TRANSACTION_ITEMS } },
    );
  }

  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (isTransactionCanceled(e) && failedConditionAt(e, stateIndex)) return { outcome: 'stale' };
    throw e;
  }
  return { outcome: 'posted', entries: posted };
}

/** How many times a posting is tried when it meets another (each attempt reads everything again). */
export const POSTING_ATTEMPTS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one attempt after another while they lose races (a counter taken, a period closed, an entry
 * changed, a transaction conflict): each attempt reads what it needs again. Bounded: the last
 * refusal is thrown (the pipeline answers 409 CONCURRENT_UPDATE; a queue message is retried).
 */
export async function withPostingRetries<T>(
  attempt: () => Promise<T>,
  attempts = POSTING_ATTEMPTS,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      if (i >= attempts || !isContention(e)) throw e;
      await sleep(Math.min(25 * 2 ** i, 800) * (0.5 + Math.random() / 2));
    }
  }
}

// --- the entry as the API shows it ---------------------------------------------------------------------

const euros = (cents: number) => cents / 100;

export function journalEntryView(item: EntryItem, closedThrough: string | null): JournalEntry {
  return {
    entryId: item.entryId,
    entryNumber: item.entryNumber,
    fiscalYear: item.fiscalYear,
    entryDate: item.entryDate,
    description: item.description,
    source: item.source,
    kind: item.kind,
    document: item.document,
    reversalOf: item.reversalOf,
    documentDate: item.documentDate,
    lines: item.lines.map((l) => ({
      lineNumber: l.lineNumber,
      accountId: l.accountCode,
      accountCode: l.accountCode,
      displayCode: displayAccountCode(l.accountCode),
      accountName: l.accountName,
      description: l.description,
      debitCents: l.debitCents,
      creditCents: l.creditCents,
      debitAmount: euros(l.debitCents),
      creditAmount: euros(l.creditCents),
    })),
    totalDebitCents: item.totalDebitCents,
    totalCreditCents: item.totalCreditCents,
    totalDebit: euros(item.totalDebitCents),
    totalCredit: euros(item.totalCreditCents),
    locked: item.locked,
    lockedAt: item.lockedAt,
    lockedBy: item.lockedBy,
    periodClosed: isClosedDate(item.entryDate, closedThrough),
    createdAt: item.createdAt,
    createdBy: item.createdBy,
    updatedAt: item.updatedAt,
  };
}

/** The 409 of a change in a closed month. */
export const periodClosedError = () => new AppError('ACC_PERIOD_CLOSED', accountingMessages.periodClosed);

// --- automatic postings: the state-based logic ------------------------------------------------------------

/** A line of a desired posting: on an account, or on a party's sub-account under `accountCode`. */
export interface DesiredLine {
  accountCode: string;
  description: string;
  debitCents: number;
  creditCents: number;
  /** The customer/supplier/creditor: the line goes to its sub-account under `accountCode` (4300, 4000, 4100). */
  party?: AccountParty;
}

/** What a source document should have in the books now (model/postings.ts `postingsOfEvent`). */
export interface DesiredPostingInput {
  sourceKey: string;
  version: number;
  source: EntrySource;
  /** The document's date (issued: invoiceDate; received: issueDate; payments: the payment date). */
  date: string;
  description: string;
  document: JournalEntry['document'];
  /** Empty: nothing should be posted (a cancelled invoice, a deleted payment). */
  lines: readonly DesiredLine[];
  /** A removal's document as posted before it: posted with its reversal when nothing was ever posted. */
  restore?: Pick<RestoredPosting, 'date' | 'description'> & { lines: readonly DesiredLine[] };
  /** The document whose posted supplier/creditor sub-account the party lines take (a received payment's invoice). */
  partyFollows?: string;
}

export type ApplyOutcome = 'posted' | 'unchanged' | 'skipped';

export async function getDocumentPosting(
  deps: Pick<AccountingDeps, 'db' | 'table'>,
  companyId: string,
  sourceKey: string,
): Promise<DocumentPostingItem | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.documentPosting(companyId, sourceKey),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as DocumentPostingItem) : null;
}

/** True for a supplier's (4000…) or a creditor's (4100…) account: the party line of a received invoice or payment. */
const isSupplierAccount = (code: string): boolean =>
  code.startsWith(PARTY_PARENT_ACCOUNTS.SUPPLIER) || code.startsWith(PARTY_PARENT_ACCOUNTS.CREDITOR);

/** The supplier/creditor sub-account a posting state holds lines on, if any. */
export function supplierAccountIn(lines: readonly NetLine[]): string | undefined {
  return lines.find((l) => isSupplierAccount(l.accountCode))?.accountCode;
}

/**
 * The party lines on their sub-accounts (created on first use, before the transaction); with
 * `partyAccount`, every party line goes to that account (the followed document's).
 */
async function resolveParties(
  deps: Deps,
  companyId: string,
  lines: readonly DesiredLine[],
  partyAccount?: string,
): Promise<LineToPost[]> {
  const out: LineToPost[] = [];
  for (const l of lines) {
    const accountCode = l.party
      ? (partyAccount ?? (await ensurePartyAccount(deps, companyId, l.accountCode, l.party)))
      : l.accountCode;
    out.push({
      accountCode,
      description: l.description,
      debitCents: l.debitCents,
      creditCents: l.creditCents,
    });
  }
  return out;
}

/**
 * Every account of the lines, from the stored chart; an account the chart lacks (a PGC account of
 * the normal chart the rules use in a PYMES chart, or a 4751 withholding sub-account of a chart
 * initialised before those existed) is added to the chart first, from the PGC data or the chart's
 * own sub-accounts (a conditional Put: idempotent).
 */
async function accountRefs(deps: Deps, companyId: string, codes: string[]): Promise<Map<string, AccountRef>> {
  const stored = await readAccounts(deps, companyId, codes);
  const at = deps.now().toISOString();
  for (const code of new Set(codes)) {
    if (stored.has(code)) continue;
    const withholding = await ensureWithholdingAccount(deps, companyId, code);
    if (withholding) {
      stored.set(code, withholding);
      continue;
    }
    const def = chartAccount(code);
    if (!def) throw new Error(`Account ${code} of an automatic posting is not in the PGC`);
    const item = accountItemOf(companyId, def, at);
    await deps.db
      .send(
        new PutCommand({
          TableName: deps.table,
          Item: storedAccount(item),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      )
      .catch((e: unknown) => {
        if (!isConditionalCheckFailed(e)) throw e;
      });
    stored.set(code, item);
  }
  return refsOf(stored);
}

const reversed = (lines: readonly NetLine[]): LineToPost[] =>
  lines.map((l) => ({
    accountCode: l.accountCode,
    description: 'Contraasiento',
    debitCents: l.creditCents,
    creditCents: l.debitCents,
  }));

/**
 * Brings a document's entries to what it should have now (design "Who posts what"): nothing when
 * the stored version is as new (a duplicate or late event: `skipped`); only the version when the
 * net lines are the same (`unchanged`); else, in one transaction, a reversal of what is posted and
 * a new entry with the desired lines (`posted`). Dates in a closed month move to the first open day.
 *
 * A removal that finds nothing ever posted for its document (it came before the event that posts
 * the document) posts the document's entry (`restore`) and its reversal together: the journal ends
 * with the same entries (ids, dates, lines) as when the events arrive in order, and the earlier
 * event is then stale. A posting that follows another document's party (`partyFollows`) puts its
 * party lines on that document's posted sub-account, and holds only while that state is unchanged.
 */
export async function applyDesiredPosting(
  deps: Deps,
  companyId: string,
  desired: DesiredPostingInput,
): Promise<ApplyOutcome> {
  return withPostingRetries(async (): Promise<ApplyOutcome> => {
    const [state, settings, followed] = await Promise.all([
      getDocumentPosting(deps, companyId, desired.sourceKey),
      getSettings(deps, companyId),
      desired.partyFollows
        ? getDocumentPosting(deps, companyId, desired.partyFollows)
        : Promise.resolve(null),
    ]);
    if (!settings) throw new Error(`Company ${companyId} has no accounting settings`);
    if (state && state.version >= desired.version) return 'skipped';
    const partyAccount = followed ? supplierAccountIn(followed.lines) : undefined;
    const lines = await resolveParties(deps, companyId, desired.lines, partyAccount);
    const net = netLines(lines);
    const at = deps.now().toISOString();
    const entries: EntryToPost[] = [];
    const entryIds = [...(state?.entryIds ?? [])];
    const nextId = () => automaticEntryId(companyId, desired.sourceKey, entryIds.length + 1);
    const base = {
      source: desired.source,
      kind: 'NORMAL' as const,
      document: desired.document,
      createdBy: 'system',
      sourceKey: desired.sourceKey,
    };
    let posted = state?.lines ?? [];
    let postedDate = state?.entryDate ?? null;
    let lastId = state?.entryIds.at(-1) ?? null;
    if (!state && desired.restore && desired.lines.length === 0) {
      const restored = await resolveParties(deps, companyId, desired.restore.lines, partyAccount);
      const id = nextId();
      const dates = postingDate(desired.restore.date, settings.closedThrough);
      entries.push({
        ...base,
        entryId: id,
        ...dates,
        description: desired.restore.description,
        reversalOf: null,
        lines: restored,
      });
      entryIds.push(id);
      posted = netLines(restored);
      postedDate = dates.entryDate;
      lastId = id;
    }
    let entryDate = postedDate;
    if (!sameNetLines(posted, net)) {
      if (posted.length > 0 && postedDate) {
        const id = nextId();
        entries.push({
          ...base,
          entryId: id,
          ...postingDate(postedDate, settings.closedThrough),
          // A removal says what it is ("Anulación de la factura…", "Cobro eliminado…"); a correction
          // reverses what the document posted before its new entry.
          description: lines.length === 0 ? desired.description : `Anulación: ${desired.description}`,
          reversalOf: lastId,
          lines: reversed(posted),
        });
        entryIds.push(id);
        entryDate = null;
      }
      if (lines.length > 0) {
        const id = nextId();
        const dates = postingDate(desired.date, settings.closedThrough);
        entries.push({
          ...base,
          entryId: id,
          ...dates,
          description: desired.description,
          reversalOf: null,
          lines,
        });
        entryIds.push(id);
        entryDate = dates.entryDate;
      }
    }
    const stateItem: DocumentPostingItem = {
      companyId,
      sourceKey: desired.sourceKey,
      version: desired.version,
      lines: net,
      entryIds,
      entryDate: net.length > 0 ? entryDate : null,
      updatedAt: at,
    };
    const codes = entries.flatMap((e) => e.lines.map((l) => l.accountCode));
    const res = await postEntries(deps, companyId, {
      entries,
      state: stateItem,
      ...(desired.partyFollows
        ? { checks: [{ sourceKey: desired.partyFollows, seen: seenOf(followed) }] }
        : {}),
      closedThrough: settings.closedThrough,
      accounts: await accountRefs(deps, companyId, codes),
    });
    if (res.outcome === 'stale') return 'skipped';
    return entries.length > 0 ? 'posted' : 'unchanged';
  });
}

/**
 * Moves what a document has posted on one supplier/creditor sub-account to `to` (a received payment
 * whose invoice now posts on another: re-categorised between purchases of group 60 and other
 * expenses, 4000 <-> 4100): a reversal of what is posted and the same entry on `to`, in one
 * transaction, the state keeping its version (it is the same document's same version, booked on its
 * invoice's account) and written only over the state as read. Nothing when nothing is posted on a
 * supplier's account or it is already `to`.
 */
export async function alignPartyAccount(
  deps: Deps,
  companyId: string,
  sourceKey: string,
  to: string,
): Promise<'posted' | 'unchanged'> {
  for (let round = 0; round < POSTING_ATTEMPTS; round++) {
    const outcome = await withPostingRetries(async (): Promise<'posted' | 'unchanged' | 'stale'> => {
      const [state, settings] = await Promise.all([
        getDocumentPosting(deps, companyId, sourceKey),
        getSettings(deps, companyId),
      ]);
      if (!settings) throw new Error(`Company ${companyId} has no accounting settings`);
      const from = state ? supplierAccountIn(state.lines) : undefined;
      const lastId = state?.entryIds.at(-1);
      if (!state?.entryDate || !from || from === to || !lastId) return 'unchanged';
      const last = await getEntryItem(deps, companyId, lastId);
      if (!last) throw new Error(`Entry ${lastId} of ${sourceKey} is missing`);
      const moved = (code: string) => (code === from ? to : code);
      // The entry that holds the lines keeps its lines and descriptions, on the new account.
      const holds = last.reversalOf === null && sameNetLines(netLines(last.lines), state.lines);
      const held: { accountCode: string; description?: string; debitCents: number; creditCents: number }[] =
        holds ? last.lines : state.lines;
      const lines: LineToPost[] = held.map((l) => ({
        accountCode: moved(l.accountCode),
        description: l.description ?? last.description,
        debitCents: l.debitCents,
        creditCents: l.creditCents,
      }));
      const base = {
        source: last.source,
        kind: 'NORMAL' as const,
        document: last.document,
        createdBy: 'system',
        sourceKey,
      };
      const reversalId = automaticEntryId(companyId, sourceKey, state.entryIds.length + 1);
      const entryId = automaticEntryId(companyId, sourceKey, state.entryIds.length + 2);
      const dates = postingDate(last.documentDate ?? last.entryDate, settings.closedThrough);
      const entries: EntryToPost[] = [
        {
          ...base,
          entryId: reversalId,
          ...postingDate(state.entryDate, settings.closedThrough),
          description: `Anulación: ${last.description}`,
          reversalOf: last.entryId,
          lines: reversed(state.lines),
        },
        { ...base, entryId, ...dates, description: last.description, reversalOf: null, lines },
      ];
      const res = await postEntries(deps, companyId, {
        entries,
        state: {
          ...state,
          lines: netLines(lines),
          entryIds: [...state.entryIds, reversalId, entryId],
          entryDate: dates.entryDate,
          updatedAt: deps.now().toISOString(),
        },
        stateSeen: seenOf(state)!,
        closedThrough: settings.closedThrough,
        accounts: await accountRefs(
          deps,
          companyId,
          entries.flatMap((e) => e.lines.map((l) => l.accountCode)),
        ),
      });
      return res.outcome === 'stale' ? 'stale' : 'posted';
    });
    if (outcome !== 'stale') return outcome;
  }
  throw new Error(`The posting of ${sourceKey} kept changing while its party account was moved`);
}

/**
 * A received invoice's payments on the sub-account its posting uses now (bug of issue 18: an
 * invoice re-categorised between 60x and another expense moves its supplier between 4000 and 4100;
 * its payments must follow or both accounts keep a balance). A payment posted later follows the
 * invoice by itself (`partyFollows`); this moves those posted before. One Query of the invoice's
 * payments and one read per payment; nothing when the invoice holds no supplier line.
 */
export async function alignReceivedPayments(
  deps: Deps,
  companyId: string,
  receivedInvoiceId: string,
): Promise<number> {
  const invoice = await getDocumentPosting(
    deps,
    companyId,
    postingSourceKey.receivedInvoice(receivedInvoiceId),
  );
  const to = invoice ? supplierAccountIn(invoice.lines) : undefined;
  if (!to) return 0;
  let moved = 0;
  for (const p of await receivedPayments(deps, companyId, receivedInvoiceId)) {
    const key = postingSourceKey.receivedPayment(p.paymentId);
    if ((await alignPartyAccount(deps, companyId, key, to)) === 'posted') moved++;
  }
  return moved;
}

// --- an event message ------------------------------------------------------------------------------------

export type EventOutcome = ApplyOutcome | 'ignored' | 'unbuildable';

/**
 * Posts what one event message (or a backfill's equivalent) asks for: `ignored` when it is not a
 * posting event or is malformed, `unbuildable` when the document's figures contradict each other
 * (retrying would fail the same way: logged, and a correction of the document sends a new event).
 * A substitute's confirmation also reposts the payments it takes over; a received invoice's event
 * brings the payments already posted onto the invoice's supplier account. The outcome is `posted`
 * when any of its postings posted, else `unchanged` when any moved its version, else `skipped`.
 */
export async function postEventMessage(
  deps: Deps,
  companyId: string,
  message: unknown,
  settings: PostingSettings,
): Promise<EventOutcome> {
  let desired: DesiredPosting[] | null;
  try {
    desired = postingsOfEvent(message, settings);
  } catch (e) {
    if (e instanceof UnbalancedPostingError) return 'unbuildable';
    throw e;
  }
  if (!desired || desired.length === 0) return 'ignored';
  const outcomes: ApplyOutcome[] = [];
  for (const d of desired) {
    outcomes.push(await applyDesiredPosting(deps, companyId, d));
    // Every event of the invoice (a redelivery too: the previous attempt may have failed after
    // posting the invoice) checks its payments' account.
    if (d.source === 'RECEIVED_INVOICE') await alignReceivedPayments(deps, companyId, d.document.documentId);
  }
  if (outcomes.includes('posted')) return 'posted';
  return outcomes.includes('unchanged') ? 'unchanged' : 'skipped';
}

/** Whether the company keeps PGC books here: it exists and is not an AUTONOMO (design "Who posts what"). */
export async function companyKeepsBooks(
  deps: Pick<AccountingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<boolean> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: 'companyType',
    }),
  );
  return res.Item !== undefined && res.Item.companyType !== 'AUTONOMO';
}
