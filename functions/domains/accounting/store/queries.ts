/**
 * The reads of accounting (issue 18; design "Reports read aggregates"): the chart (one Query of the
 * CHART partition), the journal (gsi1 by date), ledger lines, the month aggregates and the year-end
 * entries of closed years, and the balances the reports are made of. Never a Scan, never another
 * company's partition. Every report counts the items it read (`Reads.items`, the answer's `itemsRead`).
 *
 * Balances (model/reports/dates.ts says how dates snap to whole months):
 * - at a date D of year Y: the normal (kind N) aggregates of every year before Y and of Y's months up
 *   to D's, plus the regularisation entries of closed years dated up to D (REG-<y> is dated y-12-31);
 *   closing and opening entries cancel out and are left aside;
 * - over a period: the normal aggregates of its months;
 * - the statements read the PGC-account level (C), the trial balance also the sub-account level (S):
 *   a sub-account's own figures are its S aggregates, a PGC account's direct postings its C aggregate
 *   minus its sub-accounts' S ones.
 */

import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { ChartType, EntrySource } from '@shared/schemas/accounting';
import { chartAccount, pgcAccountOf } from '../model/chart';
import { type Movement, monthOf, yearOf } from '../model/reports';
import type { AccountingDeps } from './deps';
import type { AccountItem, AggregateItem, EntryItem, LedgerLineItem, SettingsItem } from './items';

type Deps = Pick<AccountingDeps, 'db' | 'table'>;
type Item = Record<string, unknown>;

/** Items read by one report (the bench prints it). */
export interface Reads {
  items: number;
}
export const newReads = (): Reads => ({ items: 0 });

async function queryAll(deps: Deps, input: QueryCommandInput, reads?: Reads): Promise<Item[]> {
  const out: Item[] = [];
  let start: Item | undefined;
  do {
    const res = await deps.db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  if (reads) reads.items += out.length;
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function batchGet(deps: Deps, keyList: { pk: string; sk: string }[], reads?: Reads): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let pending: Item[] | undefined = keyList.slice(i, i + 100);
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > 8) throw new Error('BatchGet kept returning unprocessed keys');
      if (round > 0) await sleep(Math.min(50 * 2 ** round, 1000));
      const res: BatchGetCommandOutput = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending, ConsistentRead: true } } }),
      );
      out.push(...(res.Responses?.[deps.table] ?? []));
      pending = res.UnprocessedKeys?.[deps.table]?.Keys;
    }
  }
  if (reads) reads.items += out.length;
  return out;
}

// --- chart ----------------------------------------------------------------------------------------

/** Every stored account of the company, by code (one Query of the CHART partition). */
export async function listChartAccounts(
  deps: Deps,
  companyId: string,
  reads?: Reads,
): Promise<AccountItem[]> {
  const k = keys.accountPrefix(companyId);
  const items = await queryAll(
    deps,
    {
      TableName: deps.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
    },
    reads,
  );
  return items.map((i) => stripKeys(i) as unknown as AccountItem);
}

/** A name for a code: the stored account's, else the PGC's, else the code itself. */
export function namer(
  chartType: ChartType,
  stored?: ReadonlyMap<string, AccountItem>,
): (code: string) => string {
  return (code) => stored?.get(code)?.accountName ?? chartAccount(code, chartType)?.name ?? code;
}

/** The PGC account a stored code rolls up into (C level): the chart's nearest account, else itself. */
export const pgcOf = (code: string): string => pgcAccountOf(code) ?? code;

// --- journal --------------------------------------------------------------------------------------

const entryOf = (i: Item) => stripKeys(i) as unknown as EntryItem;

/** One entry, or 404 CORE_006. */
export async function requireEntry(deps: Deps, companyId: string, entryId: string): Promise<EntryItem> {
  const found = await batchGet(deps, [keys.journalEntry(companyId, entryId)]);
  if (!found[0]) throw new AppError('CORE_006', 'El asiento no existe.');
  return entryOf(found[0]);
}

/** Entries by id, in the order given (missing ones left out): a journal page read after its keys. */
export async function entriesByIds(
  deps: Deps,
  companyId: string,
  entryIds: readonly string[],
): Promise<EntryItem[]> {
  const found = await batchGet(
    deps,
    entryIds.map((id) => keys.journalEntry(companyId, id)),
  );
  const byId = new Map(found.map((i) => [String(i.entryId), entryOf(i)]));
  return entryIds.flatMap((id) => byId.get(id) ?? []);
}

/** Entries dated in [fromDate, toDate] (either open), by date then number (gsi1). */
export async function entriesBetween(
  deps: Deps,
  companyId: string,
  range: { fromDate?: string; toDate?: string },
  options: { newestFirst?: boolean; reads?: Reads; keysOnly?: boolean } = {},
): Promise<EntryItem[]> {
  const k = keys.journalByDatePartition(companyId);
  const items = await queryAll(
    deps,
    {
      TableName: deps.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': k.gsi1pk,
        ':from': range.fromDate ?? '0000',
        ':to': `${range.toDate ?? '9999-12-31'}#~`,
      },
      ScanIndexForward: !options.newestFirst,
      ...(options.keysOnly
        ? {
            ProjectionExpression: '#a, #b, #c, #d, #e',
            ExpressionAttributeNames: {
              '#a': 'entryId',
              '#b': 'entryDate',
              '#c': 'entryNumber',
              '#d': 'kind',
              '#e': 'source',
            },
          }
        : {}),
    },
    options.reads,
  );
  return items.map(entryOf);
}

/** The first or the last entry's date (null: no entries). */
export async function edgeEntryDate(
  deps: Deps,
  companyId: string,
  last: boolean,
  reads?: Reads,
): Promise<string | null> {
  const k = keys.journalByDatePartition(companyId);
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': k.gsi1pk },
      ScanIndexForward: !last,
      Limit: 1,
    }),
  );
  if (reads) reads.items += res.Items?.length ?? 0;
  const item = res.Items?.[0];
  return item ? String(item.entryDate) : null;
}

/** The years that have an entry-number counter (every year with an entry), ascending. */
export async function entryYears(deps: Deps, companyId: string, reads?: Reads): Promise<number[]> {
  // The counters' sort keys end with the year: the prefix is the key builder's, without it.
  const sample = keys.entryNumberCounter(companyId, 2000);
  const prefix = sample.sk.slice(0, -4);
  const items = await queryAll(
    deps,
    {
      TableName: deps.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': sample.pk, ':p': prefix },
    },
    reads,
  );
  return items
    .map((i) => Number(i.year ?? String(i.sk).slice(prefix.length)))
    .filter((y) => Number.isInteger(y) && y > 0)
    .sort((a, b) => a - b);
}

/** The ids of the year-end entries of a closed year (REG and CLO of Y, OPE of Y+1). */
export const closingEntryIds = (year: number) => ({
  regularization: `REG-${year}`,
  closing: `CLO-${year}`,
  opening: `OPE-${year + 1}`,
});

/** The year-end entries of these closed years (at most three each), oldest first. */
export async function closingEntries(
  deps: Deps,
  companyId: string,
  years: readonly number[],
  reads?: Reads,
): Promise<EntryItem[]> {
  if (years.length === 0) return [];
  const ids = years.flatMap((y) => Object.values(closingEntryIds(y)));
  const items = await batchGet(
    deps,
    ids.map((id) => keys.journalEntry(companyId, id)),
    reads,
  );
  return items
    .map(entryOf)
    .sort((a, b) => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : 0));
}

// --- ledger ---------------------------------------------------------------------------------------

/** An account's ledger lines dated in [fromDate, toDate], by date. */
export async function ledgerLines(
  deps: Deps,
  companyId: string,
  accountCode: string,
  range: { fromDate?: string; toDate?: string },
  reads?: Reads,
): Promise<LedgerLineItem[]> {
  const k = keys.ledgerLinePartition(companyId, accountCode);
  const items = await queryAll(
    deps,
    {
      TableName: deps.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': k.pk,
        ':from': range.fromDate ?? '0000',
        ':to': `${range.toDate ?? '9999-12-31'}#~`,
      },
    },
    reads,
  );
  return items.map((i) => stripKeys(i) as unknown as LedgerLineItem);
}

// --- aggregates -----------------------------------------------------------------------------------

const mm = (m: number) => String(m).padStart(2, '0');

/**
 * The normal (kind N) month aggregates of one year at one level for months [fromMonth, toMonth];
 * `accountFilter` narrows what is returned (one account and its sub-accounts, for a ledger).
 */
export async function yearAggregates(
  deps: Deps,
  companyId: string,
  year: number,
  level: 'C' | 'S',
  months: { from: number; to: number } = { from: 1, to: 12 },
  reads?: Reads,
  accountPrefix?: string,
): Promise<AggregateItem[]> {
  const k = keys.ledgerAggregatePartition(companyId, year);
  const items = await queryAll(
    deps,
    {
      TableName: deps.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': k.pk,
        ':from': `${level}#${mm(months.from)}#`,
        ':to': `${level}#${mm(months.to)}#~`,
        ...(accountPrefix ? { ':a': accountPrefix } : {}),
      },
      ...(accountPrefix ? { FilterExpression: 'begins_with(accountCode, :a)' } : {}),
    },
    reads,
  );
  return items.map((i) => stripKeys(i) as unknown as AggregateItem).filter((a) => a.kind === 'N');
}

/** A month span of [fromDate, toDate] restricted to one year (null: the year is outside). */
function monthsOfYear(
  year: number,
  fromDate: string | null,
  toDate: string,
): { from: number; to: number } | null {
  const fromY = fromDate ? yearOf(fromDate) : 0;
  const toY = yearOf(toDate);
  if (year < fromY || year > toY) return null;
  return {
    from: year === fromY && fromDate ? monthOf(fromDate) : 1,
    to: year === toY ? monthOf(toDate) : 12,
  };
}

/** Aggregates of every year with entries for the months of [fromDate (null: the beginning), toDate]. */
export async function aggregatesBetween(
  deps: Deps,
  companyId: string,
  years: readonly number[],
  level: 'C' | 'S',
  fromDate: string | null,
  toDate: string,
  reads: Reads,
  accountPrefix?: string,
): Promise<AggregateItem[]> {
  const spans = years.flatMap((y) => {
    const span = monthsOfYear(y, fromDate, toDate);
    return span ? [[y, span] as const] : [];
  });
  const parts = await Promise.all(
    spans.map(([y, span]) => yearAggregates(deps, companyId, y, level, span, reads, accountPrefix)),
  );
  return parts.flat();
}

const toMovement = (a: AggregateItem): Movement => ({
  year: a.year,
  accountCode: a.accountCode,
  debitCents: a.debitCents,
  creditCents: a.creditCents,
});

/** The regularisation lines of closed years dated up to `date`, as PGC-account movements. */
export function regularizationMovements(closing: readonly EntryItem[], date: string): Movement[] {
  return closing
    .filter((e) => e.kind === 'REGULARIZATION' && e.entryDate <= date)
    .flatMap((e) =>
      e.lines.map((l) => ({
        year: yearOf(e.entryDate),
        accountCode: pgcOf(l.accountCode),
        debitCents: l.debitCents,
        creditCents: l.creditCents,
      })),
    );
}

/** The PGC-account movements making the balances at `date` (see the header). */
export async function movementsAtDate(
  deps: Deps,
  companyId: string,
  settings: Pick<SettingsItem, 'closedYears'>,
  date: string,
  reads: Reads,
): Promise<Movement[]> {
  const year = yearOf(date);
  const [years, closing] = await Promise.all([
    entryYears(deps, companyId, reads),
    closingEntries(
      deps,
      companyId,
      settings.closedYears.filter((y) => y <= year),
      reads,
    ),
  ]);
  const aggregates = await aggregatesBetween(deps, companyId, years, 'C', null, date, reads);
  return [...aggregates.map(toMovement), ...regularizationMovements(closing, date)];
}

/** The PGC-account movements of the whole months of [fromDate, toDate]. */
export async function movementsBetween(
  deps: Deps,
  companyId: string,
  fromDate: string,
  toDate: string,
  reads: Reads,
): Promise<Movement[]> {
  const years = (await entryYears(deps, companyId, reads)).filter(
    (y) => y >= yearOf(fromDate) && y <= yearOf(toDate),
  );
  return (await aggregatesBetween(deps, companyId, years, 'C', fromDate, toDate, reads)).map(toMovement);
}

/** Figures of the finest accounts (sub-accounts, and PGC accounts' direct postings) from C and S aggregates. */
export function finestAccounts(
  c: readonly Pick<Movement, 'accountCode' | 'debitCents' | 'creditCents'>[],
  s: readonly Pick<Movement, 'accountCode' | 'debitCents' | 'creditCents'>[],
): Map<string, { debitCents: number; creditCents: number }> {
  const out = new Map<string, { debitCents: number; creditCents: number }>();
  const add = (code: string, d: number, cr: number) => {
    const v = out.get(code) ?? { debitCents: 0, creditCents: 0 };
    v.debitCents += d;
    v.creditCents += cr;
    out.set(code, v);
  };
  for (const a of c) add(a.accountCode, a.debitCents, a.creditCents);
  for (const a of s) {
    const parent = pgcOf(a.accountCode);
    // An S aggregate on a PGC account itself (not a sub-account) is already in its C one.
    if (parent === a.accountCode) continue;
    add(a.accountCode, a.debitCents, a.creditCents);
    add(parent, -a.debitCents, -a.creditCents);
  }
  for (const [code, v] of out) if (v.debitCents === 0 && v.creditCents === 0) out.delete(code);
  return out;
}

/** Finest-account figures of the months of [fromDate (null: the beginning), toDate]. */
export async function finestBetween(
  deps: Deps,
  companyId: string,
  years: readonly number[],
  fromDate: string | null,
  toDate: string,
  reads: Reads,
): Promise<Map<string, { debitCents: number; creditCents: number }>> {
  const [c, s] = await Promise.all([
    aggregatesBetween(deps, companyId, years, 'C', fromDate, toDate, reads),
    aggregatesBetween(deps, companyId, years, 'S', fromDate, toDate, reads),
  ]);
  return finestAccounts(c, s);
}

/** Whether any aggregate names the code (it had entries), over the given years: codes with a count. */
export async function codesWithEntries(deps: Deps, companyId: string, reads?: Reads): Promise<Set<string>> {
  const r = reads ?? newReads();
  const years = await entryYears(deps, companyId, r);
  const counts = new Map<string, number>();
  for (const level of ['C', 'S'] as const)
    for (const a of await aggregatesBetween(deps, companyId, years, level, null, '9999-12-31', r))
      counts.set(a.accountCode, (counts.get(a.accountCode) ?? 0) + a.count);
  return new Set([...counts].filter(([, n]) => n > 0).map(([c]) => c));
}

/** Sources shown on a list, for filters. */
export const isSource = (s: string, source: EntrySource | undefined) => source === undefined || s === source;
