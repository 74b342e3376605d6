/**
 * The running tax aggregates in DynamoDB (issue 4, items 8 and 12; issue 14 item 1): the items an
 * issued or received invoice's transaction (and an issued invoice's payment's) carries (`ADD`s, so
 * missing items are created), and the read of one period. Keys in shared/db/keys/aggregates.ts; the
 * figures in shared/fiscal/tax-aggregates.ts and shared/fiscal/payment-aggregates.ts; the key
 * grammar in shared/fiscal/aggregate-keys.ts.
 *
 * Per contribution the items are, for its month and for its quarter: one per tax key, one for its
 * invoice type and one per counterparty line (counterparty and operation key). An issued invoice
 * writes into its series' shard of those items (see `AggregateContribution.shard`): without it every
 * confirmation of a company would contend on the same items (TransactionConflict) whatever its
 * series, while confirmations of one series are serialised by the number counter anyway. Payments
 * are not sharded. Reads sum the shards. Contributions touching the same item are merged first
 * (DynamoDB refuses two operations on one item in a transaction): a correction is
 * `aggregateUpdateItems(table, c, old(−1), new(+1))` and a same-period correction that changes
 * nothing writes nothing.
 *
 * Worst case per invoice: a breakdown has one group per (operation, rate, recargo) its lines use,
 * and the key space is bounded: 14 S1 groups (7 rates × their recargo rates) + S2, N1, N2, E1–E6 =
 * K ≤ 23 (region, modification marker and regime are the same for all of an invoice's keys); its
 * counterparty lines are at most 3 (one customer: 347B, or 349E/349T + 349S + X_FOREIGN), so one
 * contribution writes at most 2 × (23 + 1 IRPF + 1 type + 3) = 56 items (a real invoice: K ≤ 3,
 * ≤ 12 items), and a confirmation 56 + its own items (invoice, number claim, event, list counters,
 * VeriFacTu record: < 20) < 100. A substitution rectificativa stays within the same key space (its
 * keys and its rectified invoices' keys merge). A received invoice has at most 4 counterparty lines
 * (X_IMPORT, 349A, 349I, X_FOREIGN; with a withholding X_IRPF and its recipient's `W|…` line, issue
 * 15); a correction moving it to another period doubles its items.
 * A payment writes, per date it touches, 2 × (its cash-basis keys ≤ 23 + 1 CASH@ line) ≤ 48 items
 * (a real invoice ≤ 8); a correction touches at most three dates. Callers check the total with
 * `assertTransactionFits` before writing.
 */

import { queryAll, type TableDeps } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import {
  type AggregateContribution,
  type AggregateLine,
  type CounterpartyLine,
  type InvoiceTypeLine,
  mergeCounterparties,
  mergeInvoiceTypes,
  mergeLines,
  periodKind,
  periodsOf,
  TAX_BOOKS,
  type TaxBook,
} from '@shared/fiscal/tax-aggregates';

export const MAX_TRANSACT_ITEMS = 100;

export const TAX_AGGREGATE_ENTITY = 'TaxAggregate';
export const COUNTERPARTY_AGGREGATE_ENTITY = 'CounterpartyAggregate';

const KEY_FIELDS = [
  'baseCents',
  'vatCents',
  'recargoCents',
  'irpfCents',
  'deductibleVatCents',
  'deductibleBaseCents',
  'totalCents',
  'count',
] as const;
const TYPE_FIELDS = ['baseCents', 'totalCents', 'count'] as const;
const COUNTERPARTY_FIELDS = ['baseCents', 'vatCents', 'totalCents', 'count'] as const;
/**
 * Counterparty numbers only some lines carry: `irpfCents`, withheld from a recipient (`W|…` lines,
 * issue 15). Written only when non-zero, so the other items do not grow; read as 0 when absent.
 */
const COUNTERPARTY_OPTIONAL_FIELDS = ['irpfCents'] as const;

/** What one aggregate item receives: its key, the attributes it is SET to, the numbers it ADDs. */
export interface AggregateDelta {
  key: { pk: string; sk: string };
  entity: typeof TAX_AGGREGATE_ENTITY | typeof COUNTERPARTY_AGGREGATE_ENTITY;
  attributes: Record<string, string>;
  adds: Record<string, number>;
  /** A repair that leaves the item at zero (it can then be deleted); its entity is not set again. */
  emptied?: boolean;
}

function addDelta(
  out: Map<string, AggregateDelta>,
  key: { pk: string; sk: string },
  entity: AggregateDelta['entity'],
  attributes: Record<string, string>,
  fields: readonly string[],
  amounts: Record<string, number>,
  optional: readonly string[] = [],
) {
  const cur = out.get(key.sk) ?? {
    key,
    entity,
    attributes: {},
    adds: Object.fromEntries(fields.map((f) => [f, 0])),
  };
  for (const f of optional) if (amounts[f] !== undefined && amounts[f] !== 0) cur.adds[f] ??= 0;
  // The latest non-empty descriptive attributes win (a counterparty's name as last invoiced).
  for (const [k, v] of Object.entries(attributes))
    if (v !== '' || !(k in cur.attributes)) cur.attributes[k] = v;
  for (const f of [...fields, ...optional]) {
    if (!(f in cur.adds)) continue;
    const n = (cur.adds[f] ?? 0) + (amounts[f] ?? 0);
    cur.adds[f] = n === 0 ? 0 : n;
  }
  out.set(key.sk, cur);
}

/**
 * The per-item deltas of some contributions, merged by item (sort key) and without the items
 * whose every number nets to zero. Pure; also what the recompute compares the stored items with.
 */
export function aggregateDeltas(
  companyId: string,
  ...contributions: AggregateContribution[]
): AggregateDelta[] {
  const out = new Map<string, AggregateDelta>();
  for (const c of contributions) {
    const { month, quarter } = periodsOf(c.date);
    for (const [kind, period] of [
      ['M', month],
      ['Q', quarter],
    ] as const) {
      const base = { companyId, book: c.book, period, ...(c.shard ? { shard: c.shard } : {}) };
      for (const l of c.byKey) {
        addDelta(
          out,
          keys.taxAggregate(companyId, kind, period, c.book, 'K', l.taxKey, c.shard),
          TAX_AGGREGATE_ENTITY,
          { ...base, section: 'KEY', taxKey: l.taxKey },
          KEY_FIELDS,
          l as unknown as Record<string, number>,
        );
      }
      for (const t of c.byInvoiceType ?? []) {
        addDelta(
          out,
          keys.taxAggregate(companyId, kind, period, c.book, 'T', t.invoiceType, c.shard),
          TAX_AGGREGATE_ENTITY,
          { ...base, section: 'INVOICE_TYPE', invoiceType: t.invoiceType },
          TYPE_FIELDS,
          t as unknown as Record<string, number>,
        );
      }
      // Month and quarter: the monthly 349 declares counterparties by month.
      for (const p of c.byCounterparty) {
        addDelta(
          out,
          keys.taxAggregateCounterparty(companyId, kind, period, c.book, p.counterpartyKey, p.opKey, c.shard),
          COUNTERPARTY_AGGREGATE_ENTITY,
          { ...base, counterpartyKey: p.counterpartyKey, opKey: p.opKey, name: p.name, country: p.country },
          COUNTERPARTY_FIELDS,
          p as unknown as Record<string, number>,
          COUNTERPARTY_OPTIONAL_FIELDS,
        );
      }
    }
  }
  return [...out.values()].filter((d) => Object.values(d.adds).some((n) => n !== 0));
}

/**
 * The Update items that apply some contributions to the stored aggregates, for the caller's
 * TransactWriteItems. `ADD` creates a missing item (from 0) and commutes, so concurrent invoices
 * never lose each other's figures.
 */
export function aggregateUpdateItems(
  table: string,
  companyId: string,
  ...contributions: AggregateContribution[]
): TransactItem[] {
  return aggregateDeltas(companyId, ...contributions).map((d) => deltaUpdateItem(table, d));
}

/** The `SET … ADD …` Update of one delta (an emptied item keeps its attributes: only ADDs). */
export function deltaUpdateItem(table: string, d: AggregateDelta): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  if (!d.emptied) {
    Object.assign(values, { ':entity': d.entity, ':v': SCHEMA_VERSION });
    sets.push('entity = :entity', 'v = :v');
  }
  Object.entries(d.attributes).forEach(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    sets.push(`#s${i} = :s${i}`);
  });
  const adds = Object.entries(d.adds).map(([k, n], i) => {
    names[`#a${i}`] = k;
    values[`:a${i}`] = n;
    return `#a${i} :a${i}`;
  });
  return {
    Update: {
      TableName: table,
      Key: d.key,
      UpdateExpression: `${sets.length ? `SET ${sets.join(', ')} ` : ''}ADD ${adds.join(', ')}`,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

/** Refuses (before writing) a transaction that DynamoDB would refuse for its size. */
export function assertTransactionFits(items: readonly unknown[]): void {
  if (items.length > MAX_TRANSACT_ITEMS) {
    throw new AppError(
      'CORE_004',
      'La factura tiene demasiados grupos de IVA distintos para registrarse en una sola operación.',
      { details: { reason: 'TOO_MANY_TAX_GROUPS', items: items.length } },
    );
  }
}

// --- reads ------------------------------------------------------------------------------------------

export interface PeriodAggregates {
  byKey: Record<TaxBook, AggregateLine[]>;
  byCounterparty: Record<TaxBook, CounterpartyLine[]>;
  byInvoiceType: Record<TaxBook, InvoiceTypeLine[]>;
  itemsRead: number;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

/** Groups stored aggregate items (any number of periods) into lines per book, summing periods. */
export function linesOfItems(items: readonly Record<string, unknown>[]): Omit<PeriodAggregates, 'itemsRead'> {
  const byKey: Record<TaxBook, AggregateLine[]> = { ISSUED: [], RECEIVED: [] };
  const byCounterparty: Record<TaxBook, CounterpartyLine[]> = { ISSUED: [], RECEIVED: [] };
  const byInvoiceType: Record<TaxBook, InvoiceTypeLine[]> = { ISSUED: [], RECEIVED: [] };
  for (const it of items) {
    const book = it.book as TaxBook;
    if (!TAX_BOOKS.includes(book)) continue;
    if (it.entity === COUNTERPARTY_AGGREGATE_ENTITY) {
      byCounterparty[book].push({
        counterpartyKey: String(it.counterpartyKey),
        // Items written before grammar v2 (until the recompute's backfill) have no operation key.
        opKey: String(it.opKey ?? ''),
        name: String(it.name ?? ''),
        country: String(it.country ?? ''),
        baseCents: num(it.baseCents),
        vatCents: num(it.vatCents),
        totalCents: num(it.totalCents),
        count: num(it.count),
        // Withheld from this recipient (`W|…` lines): absent on the other items.
        ...(num(it.irpfCents) !== 0 ? { irpfCents: num(it.irpfCents) } : {}),
      });
    } else if (it.entity === TAX_AGGREGATE_ENTITY && it.section === 'INVOICE_TYPE') {
      byInvoiceType[book].push({
        invoiceType: String(it.invoiceType),
        baseCents: num(it.baseCents),
        totalCents: num(it.totalCents),
        count: num(it.count),
      });
    } else if (it.entity === TAX_AGGREGATE_ENTITY) {
      byKey[book].push({
        taxKey: String(it.taxKey),
        baseCents: num(it.baseCents),
        vatCents: num(it.vatCents),
        recargoCents: num(it.recargoCents),
        irpfCents: num(it.irpfCents),
        deductibleVatCents: num(it.deductibleVatCents),
        deductibleBaseCents: num(it.deductibleBaseCents),
        totalCents: num(it.totalCents),
        count: num(it.count),
      });
    }
  }
  for (const b of TAX_BOOKS) {
    byKey[b] = mergeLines(byKey[b]);
    byCounterparty[b] = mergeCounterparties(byCounterparty[b]);
    byInvoiceType[b] = mergeInvoiceTypes(byInvoiceType[b]);
  }
  return { byKey, byCounterparty, byInvoiceType };
}

/**
 * The aggregates of a month ('2026-03'), a quarter ('2026-Q1') or a year ('2026', its four
 * quarters summed) for both books: ONE Query on the company's aggregates partition (paged only
 * past 1 MB). Counterparties are kept per month and per quarter. Eventually consistent is not
 * enough right after a write: read strongly consistent.
 */
export async function readPeriodAggregates(
  deps: TableDeps,
  companyId: string,
  period: string,
): Promise<PeriodAggregates> {
  if (!periodKind(period)) throw new Error(`Not a period: ${period}`);
  const k = keys.taxAggregatePeriodPrefix(companyId, period);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
    ConsistentRead: true,
  });
  return { ...linesOfItems(items), itemsRead: items.length };
}

/**
 * Only the by-tax-key lines of a month or a quarter (both books: two Queries on the `K` sections),
 * what the 303 needs: the counterparty and invoice-type items are left unread, so the items read
 * follow the period's tax keys, never its customers.
 */
export async function readPeriodTaxKeys(
  deps: TableDeps,
  companyId: string,
  period: string,
): Promise<PeriodAggregates> {
  const kind = periodKind(period);
  if (kind !== 'MONTH' && kind !== 'QUARTER') throw new Error(`Not a month or a quarter: ${period}`);
  const reads = await Promise.all(
    TAX_BOOKS.map((book) => {
      const k = keys.taxAggregateSectionPrefix(companyId, period, book, 'K');
      return queryAll(deps, {
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :prefix AND :end',
        ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix, ':end': `${k.skPrefix}\u{10FFFF}` },
        ConsistentRead: true,
      });
    }),
  );
  const items = reads.flat();
  return { ...linesOfItems(items), itemsRead: items.length };
}

/**
 * Some sections of ONE book of a month or a quarter (one Query per section, in parallel): what the
 * withholding returns read (111, 115, 123, 216: the RECEIVED book's `K` withholding keys and `C`
 * recipients), so the items read never include the customers of the ISSUED book.
 */
export async function readPeriodBookSections(
  deps: TableDeps,
  companyId: string,
  period: string,
  book: TaxBook,
  sections: readonly ('K' | 'T' | 'C')[],
): Promise<PeriodAggregates> {
  const kind = periodKind(period);
  if (kind !== 'MONTH' && kind !== 'QUARTER') throw new Error(`Not a month or a quarter: ${period}`);
  const reads = await Promise.all(
    sections.map((section) => {
      const k = keys.taxAggregateSectionPrefix(companyId, period, book, section);
      return queryAll(deps, {
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :prefix AND :end',
        ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix, ':end': `${k.skPrefix}\u{10FFFF}` },
        ConsistentRead: true,
      });
    }),
  );
  const items = reads.flat();
  return { ...linesOfItems(items), itemsRead: items.length };
}

/**
 * A year's aggregates quarter by quarter and summed, from the same single Query as the year's
 * `readPeriodAggregates` (the items carry their quarter in `period`).
 */
export async function readQuarterlyAggregates(
  deps: TableDeps,
  companyId: string,
  year: string,
): Promise<{ year: PeriodAggregates; quarters: Record<string, Omit<PeriodAggregates, 'itemsRead'>> }> {
  if (periodKind(year) !== 'YEAR') throw new Error(`Not a year: ${year}`);
  const k = keys.taxAggregatePeriodPrefix(companyId, year);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
    ConsistentRead: true,
  });
  const byQuarter = new Map<string, Record<string, unknown>[]>();
  for (const it of items) {
    const q = String(it.period);
    byQuarter.set(q, [...(byQuarter.get(q) ?? []), it]);
  }
  const quarters: Record<string, Omit<PeriodAggregates, 'itemsRead'>> = {};
  for (const q of [1, 2, 3, 4].map((n) => `${year}-Q${n}`))
    quarters[q] = linesOfItems(byQuarter.get(q) ?? []);
  return { year: { ...linesOfItems(items), itemsRead: items.length }, quarters };
}

/** The numbers an aggregate item holds, by its kind. */
const fieldsOf = (it: Record<string, unknown>): readonly string[] =>
  it.entity === COUNTERPARTY_AGGREGATE_ENTITY
    ? COUNTERPARTY_FIELDS
    : it.section === 'INVOICE_TYPE'
      ? TYPE_FIELDS
      : KEY_FIELDS;

export interface StoredAggregateState {
  /** Every aggregate item as `sk -> numbers`, without the all-zero ones. */
  items: Map<string, Record<string, number>>;
  /** The key grammar the nightly check last recorded (AGGREGATE_GRAMMAR_VERSION); undefined: none. */
  grammarVersion: number | undefined;
}

/**
 * The company's whole aggregates partition, one paged Query: every aggregate item (the nightly
 * check's view, without the items whose numbers are all zero: an invoice cancelled in its own
 * period leaves zeros) and the grammar version its check item records.
 */
export async function readAggregateState(deps: TableDeps, companyId: string): Promise<StoredAggregateState> {
  const pk = keys.taxAggregateCheck(companyId).pk;
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  });
  const out = new Map<string, Record<string, number>>();
  let grammarVersion: number | undefined;
  for (const it of items) {
    const sk = String(it.sk);
    if (sk === keys.taxAggregateCheck(companyId).sk) {
      grammarVersion = typeof it.grammarVersion === 'number' ? it.grammarVersion : undefined;
      continue;
    }
    if (it.entity !== TAX_AGGREGATE_ENTITY && it.entity !== COUNTERPARTY_AGGREGATE_ENTITY) continue;
    const nums = Object.fromEntries(fieldsOf(it).map((f) => [f, num(it[f])]));
    // The optional numbers only when non-zero, as the deltas carry them.
    if (it.entity === COUNTERPARTY_AGGREGATE_ENTITY)
      for (const f of COUNTERPARTY_OPTIONAL_FIELDS) if (num(it[f]) !== 0) nums[f] = num(it[f]);
    if (Object.values(nums).some((n) => n !== 0)) out.set(sk, nums);
  }
  return { items: out, grammarVersion };
}

/** Every stored aggregate item of a company as `sk -> numbers` (see `readAggregateState`). */
export async function readAllAggregateItems(
  deps: TableDeps,
  companyId: string,
): Promise<Map<string, Record<string, number>>> {
  return (await readAggregateState(deps, companyId)).items;
}

/** `expected − stored` per item and field, without the items that already agree. */
export function aggregateRepairDeltas(
  expected: readonly AggregateDelta[],
  stored: ReadonlyMap<string, Record<string, number>>,
  companyId: string,
): AggregateDelta[] {
  const pk = keys.taxAggregateCheck(companyId).pk;
  const out: AggregateDelta[] = [];
  const seen = new Set<string>();
  for (const d of expected) {
    seen.add(d.key.sk);
    const have = stored.get(d.key.sk) ?? {};
    const adds: Record<string, number> = {};
    for (const f of new Set([...Object.keys(d.adds), ...Object.keys(have)])) {
      const n = (d.adds[f] ?? 0) - (have[f] ?? 0);
      if (n !== 0) adds[f] = n;
    }
    if (Object.keys(adds).length > 0) out.push({ ...d, adds });
  }
  for (const [sk, have] of [...stored].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (seen.has(sk)) continue;
    const adds = Object.fromEntries(
      Object.entries(have)
        .filter(([, n]) => n !== 0)
        .map(([f, n]) => [f, -n]),
    );
    // An item nothing in the books gives any more (an older grammar's key): emptied, then deleted.
    out.push({ key: { pk, sk }, entity: TAX_AGGREGATE_ENTITY, attributes: {}, adds, emptied: true });
  }
  return out;
}
