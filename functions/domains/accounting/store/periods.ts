/**
 * Closing and reopening periods and fiscal years (issue 18; spec part 2 §9 "Accounting"; design
 * "The posting transaction" and "Reports read aggregates").
 *
 * - A period ('YYYY-MM') closes with every month before it: `settings.closedThrough`, changed only
 *   on the value read (a posting reading the old value is cancelled by its ConditionCheck and retries
 *   with the new dates). Reopening a month reopens it and every later one, never inside a closed year.
 * - A year Y closes with three entries (art. 28.1 Código de Comercio, PGC 2007): regularisation
 *   `REG-<Y>` and closing `CLO-<Y>` dated Y-12-31, opening `OPE-<Y+1>` dated (Y+1)-01-01
 *   (model/reports/closing.ts), numbered with their year's counter, written with the settings
 *   (`closedYears` += Y, `closedThrough` ≥ Y-12) in ONE transaction; they write no aggregates (the
 *   reports read them); their ledger lines follow by BatchWrite (deterministic keys) and
 *   `ledgerComplete` says when all are written. Closing twice posts once (the settings' condition
 *   and the entries' `attribute_not_exists`); a retry completes the ledger lines.
 * - Only the last closed year reopens: its three entries and their ledger lines are deleted.
 */

import { BatchWriteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { isConditionalCheckFailed, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { concurrentUpdate } from '@functions/platform/contention';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { EntryKind, EntrySource, YearClosingResult } from '@shared/schemas/accounting';
import { madridToday, monthEnd, periodKey, yearClosingLines } from '../model/reports';
import { readAccounts, requireSettings } from './chart';
import type { AccountingDeps } from './deps';
import { ENTITY, type EntryCounterItem, type EntryItem, type SettingsItem, type StoredLine } from './items';
import { closingEntries, closingEntryIds, entryYears, finestBetween, namer, newReads } from './queries';

type Deps = Pick<AccountingDeps, 'db' | 'table' | 'now'>;

/** A closing entry holds one line per account with a balance; past this the item would be too large. */
export const MAX_CLOSING_LINES = 2_500;
const ATTEMPTS = 3;

const previousPeriod = (period: string): string => {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  return m === 1 ? periodKey(y - 1, 12) : periodKey(y, m - 1);
};

/** The settings' `closedThrough` is still what was read. */
function closedThroughCondition(closedThrough: string | null): {
  expression: string;
  values: Record<string, unknown>;
} {
  return closedThrough === null
    ? {
        expression: '(attribute_not_exists(closedThrough) OR attribute_type(closedThrough, :null))',
        values: { ':null': 'NULL' },
      }
    : { expression: 'closedThrough = :ct', values: { ':ct': closedThrough } };
}

async function setClosedThrough(
  deps: Deps,
  companyId: string,
  settings: SettingsItem,
  closedThrough: string | null,
): Promise<void> {
  const cond = closedThroughCondition(settings.closedThrough);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.accountingSettings(companyId),
        UpdateExpression: 'SET closedThrough = :new, updatedAt = :at',
        ConditionExpression: `attribute_exists(pk) AND ${cond.expression}`,
        ExpressionAttributeValues: { ...cond.values, ':new': closedThrough, ':at': deps.now().toISOString() },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw concurrentUpdate(e);
    throw e;
  }
}

/** Closes `period` and every month before it; closing a closed month changes nothing. */
export async function closePeriod(deps: Deps, companyId: string, period: string): Promise<SettingsItem> {
  const settings = await requireSettings(deps, companyId);
  if (settings.closedThrough !== null && settings.closedThrough >= period) return settings;
  if (period > madridToday(deps.now()).slice(0, 7))
    throw new AppError('CORE_004', 'No se puede cerrar un periodo que aún no ha empezado.', {
      field: 'period',
    });
  await setClosedThrough(deps, companyId, settings, period);
  return { ...settings, closedThrough: period };
}

/** Reopens `period` and every later month; refused inside a closed year. */
export async function reopenPeriod(deps: Deps, companyId: string, period: string): Promise<SettingsItem> {
  const settings = await requireSettings(deps, companyId);
  if (settings.closedYears.includes(Number(period.slice(0, 4))))
    throw new AppError(
      'ACC_PERIOD_CLOSED',
      'El periodo pertenece a un ejercicio cerrado: reabre antes el ejercicio.',
    );
  if (settings.closedThrough === null || settings.closedThrough < period) return settings;
  const closedThrough = previousPeriod(period);
  await setClosedThrough(deps, companyId, settings, closedThrough);
  return { ...settings, closedThrough };
}

// --- the year -------------------------------------------------------------------------------------------

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

function counterUpdate(
  table: string,
  companyId: string,
  year: number,
  read: number | null,
  last: number,
): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.entryNumberCounter(companyId, year),
      UpdateExpression: 'SET #last = :new, companyId = :c, #year = :y, entity = :e, v = :v',
      ConditionExpression: read === null ? 'attribute_not_exists(pk)' : '#last = :old',
      ExpressionAttributeNames: { '#last': 'last', '#year': 'year' },
      ExpressionAttributeValues: {
        ':new': last,
        ':c': companyId,
        ':y': year,
        ':e': ENTITY.entryCounter,
        ':v': SCHEMA_VERSION,
        ...(read === null ? {} : { ':old': read }),
      },
    },
  };
}

const SOURCE_OF: Record<Exclude<EntryKind, 'NORMAL'>, EntrySource> = {
  REGULARIZATION: 'REGULARIZATION',
  CLOSING: 'CLOSING',
  OPENING: 'OPENING',
};

function closingEntryItem(
  companyId: string,
  e: {
    entryId: string;
    entryNumber: number;
    entryDate: string;
    kind: Exclude<EntryKind, 'NORMAL'>;
    description: string;
    lines: StoredLine[];
  },
  userId: string,
  at: string,
): EntryItem {
  return {
    companyId,
    entryId: e.entryId,
    entryNumber: e.entryNumber,
    fiscalYear: Number(e.entryDate.slice(0, 4)),
    entryDate: e.entryDate,
    description: e.description,
    source: SOURCE_OF[e.kind],
    kind: e.kind,
    document: null,
    reversalOf: null,
    documentDate: null,
    lines: e.lines,
    totalDebitCents: e.lines.reduce((s, l) => s + l.debitCents, 0),
    totalCreditCents: e.lines.reduce((s, l) => s + l.creditCents, 0),
    // The year-end entries are changed only by reopening the year.
    locked: true,
    lockedAt: at,
    lockedBy: userId,
    createdAt: at,
    createdBy: userId,
    updatedAt: at,
    sourceKey: null,
    ledgerComplete: false,
  };
}

const storedEntry = (item: EntryItem) => ({
  ...keys.journalEntry(item.companyId, item.entryId),
  ...keys.journalByDate(item.companyId, item.entryDate, item.entryNumber, item.entryId),
  entity: ENTITY.entry,
  v: SCHEMA_VERSION,
  ...item,
});

const ledgerKey = (e: EntryItem, l: StoredLine) =>
  keys.ledgerLine(e.companyId, l.accountCode, e.entryDate, e.entryId, l.lineNumber);

async function batchWrite(deps: Deps, requests: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, unknown>[] | undefined = requests.slice(i, i + 25);
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > 8) throw new Error('BatchWrite kept returning unprocessed items');
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
      const res = await deps.db.send(new BatchWriteCommand({ RequestItems: { [deps.table]: pending } }));
      pending = res.UnprocessedItems?.[deps.table] as Record<string, unknown>[] | undefined;
    }
  }
}

/** Writes the ledger lines of year-end entries whose lines are not all written, then marks them. */
async function completeLedger(deps: Deps, entries: readonly EntryItem[]): Promise<void> {
  for (const e of entries.filter((x) => !x.ledgerComplete)) {
    await batchWrite(
      deps,
      e.lines.map((l) => ({
        PutRequest: {
          Item: {
            ...ledgerKey(e, l),
            entity: ENTITY.ledgerLine,
            v: SCHEMA_VERSION,
            companyId: e.companyId,
            accountCode: l.accountCode,
            entryId: e.entryId,
            entryNumber: e.entryNumber,
            entryDate: e.entryDate,
            lineNumber: l.lineNumber,
            description: l.description,
            source: e.source,
            kind: e.kind,
            debitCents: l.debitCents,
            creditCents: l.creditCents,
          },
        },
      })),
    );
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.journalEntry(e.companyId, e.entryId),
        UpdateExpression: 'SET ledgerComplete = :t',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
  }
}

function resultOf(year: number, entries: readonly EntryItem[]): YearClosingResult {
  const ids = closingEntryIds(year);
  const reg = entries.find((e) => e.entryId === ids.regularization);
  const line129 = reg?.lines.find((l) => l.accountCode === '129');
  return {
    fiscalYear: year,
    resultCents: line129 ? line129.creditCents - line129.debitCents : 0,
    regularizationEntryId: reg ? reg.entryId : null,
    closingEntryId: ids.closing,
    openingEntryId: ids.opening,
  };
}

/** Closes fiscal year `year` (see the header). */
export async function closeYear(
  deps: Deps,
  companyId: string,
  year: number,
  userId: string,
): Promise<YearClosingResult> {
  for (let attempt = 1; ; attempt++) {
    const settings = await requireSettings(deps, companyId);
    if (settings.closedYears.includes(year)) {
      const entries = await closingEntries(deps, companyId, [year]);
      await completeLedger(deps, entries);
      return resultOf(year, entries);
    }
    // The current year may be closed early (its months then close too); a future one may not.
    if (year > Number(madridToday(deps.now()).slice(0, 4)))
      throw new AppError('CORE_004', `El ejercicio ${year} aún no ha empezado.`, { field: 'year' });
    const reads = newReads();
    const years = (await entryYears(deps, companyId, reads)).filter((y) => y <= year);
    const open = years.filter((y) => y < year && !settings.closedYears.includes(y));
    if (open.length > 0)
      throw new AppError('CORE_004', `Cierra antes el ejercicio ${open[0]}.`, { field: 'year' });
    const date = monthEnd(year, 12);
    const [finest, earlier] = await Promise.all([
      finestBetween(deps, companyId, years, null, date, reads),
      closingEntries(
        deps,
        companyId,
        settings.closedYears.filter((y) => y < year),
        reads,
      ),
    ]);
    const balances = [...finest].map(([accountCode, v]) => ({
      accountCode,
      balanceCents: v.debitCents - v.creditCents,
    }));
    for (const e of earlier.filter((x) => x.kind === 'REGULARIZATION'))
      for (const l of e.lines)
        balances.push({ accountCode: l.accountCode, balanceCents: l.debitCents - l.creditCents });
    const stored = await readAccounts(deps, companyId, balances.map((b) => b.accountCode).concat('129'));
    const lines = yearClosingLines(year, balances, namer(settings.chartType, stored));
    if (lines.closing.length > MAX_CLOSING_LINES || lines.regularization.length > MAX_CLOSING_LINES)
      throw new AppError('CORE_004', 'El cierre tiene demasiadas cuentas con saldo para un solo asiento.', {
        field: 'year',
      });

    const [lastY, lastNext] = await Promise.all([
      counterOf(deps, companyId, year),
      counterOf(deps, companyId, year + 1),
    ]);
    const at = deps.now().toISOString();
    const ids = closingEntryIds(year);
    let n = lastY ?? 0;
    const entries: EntryItem[] = [];
    if (lines.regularization.length > 0)
      entries.push(
        closingEntryItem(
          companyId,
          {
            entryId: ids.regularization,
            entryNumber: ++n,
            entryDate: date,
            kind: 'REGULARIZATION',
            description: `Regularización del ejercicio ${year}`,
            lines: lines.regularization,
          },
          userId,
          at,
        ),
      );
    entries.push(
      closingEntryItem(
        companyId,
        {
          entryId: ids.closing,
          entryNumber: ++n,
          entryDate: date,
          kind: 'CLOSING',
          description: `Asiento de cierre del ejercicio ${year}`,
          lines: lines.closing,
        },
        userId,
        at,
      ),
    );
    const opening = closingEntryItem(
      companyId,
      {
        entryId: ids.opening,
        entryNumber: (lastNext ?? 0) + 1,
        entryDate: `${year + 1}-01-01`,
        kind: 'OPENING',
        description: `Asiento de apertura del ejercicio ${year + 1}`,
        lines: lines.opening,
      },
      userId,
      at,
    );
    entries.push(opening);

    const cond = closedThroughCondition(settings.closedThrough);
    const closedThrough =
      settings.closedThrough !== null && settings.closedThrough > periodKey(year, 12)
        ? settings.closedThrough
        : periodKey(year, 12);
    const items: TransactItem[] = [
      ...entries.map((e) => ({
        Put: { TableName: deps.table, Item: storedEntry(e), ConditionExpression: 'attribute_not_exists(pk)' },
      })),
      counterUpdate(deps.table, companyId, year, lastY, n),
      counterUpdate(deps.table, companyId, year + 1, lastNext, opening.entryNumber),
      {
        Update: {
          TableName: deps.table,
          Key: keys.accountingSettings(companyId),
          UpdateExpression:
            'SET closedYears = list_append(closedYears, :ys), closedThrough = :ctNew, updatedAt = :at',
          ConditionExpression: `attribute_exists(pk) AND NOT contains(closedYears, :y) AND ${cond.expression}`,
          ExpressionAttributeValues: {
            ...cond.values,
            ':ys': [year],
            ':y': year,
            ':ctNew': closedThrough,
            ':at': at,
          },
        },
      },
    ];
    try {
      await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (e) {
      if (isTransactionCanceled(e) && attempt < ATTEMPTS) continue;
      if (isTransactionCanceled(e)) throw concurrentUpdate(e);
      throw e;
    }
    await completeLedger(deps, entries);
    return resultOf(year, entries);
  }
}

/** Reopens `year`, which must be the last closed one: its year-end entries and their ledger lines go. */
export async function reopenYear(deps: Deps, companyId: string, year: number): Promise<SettingsItem> {
  const settings = await requireSettings(deps, companyId);
  if (!settings.closedYears.includes(year)) return settings;
  const last = Math.max(...settings.closedYears);
  if (year !== last)
    throw new AppError('CORE_004', `Solo se puede reabrir el último ejercicio cerrado (${last}).`, {
      field: 'year',
    });
  const entries = await closingEntries(deps, companyId, [year]);
  await batchWrite(
    deps,
    entries.flatMap((e) => e.lines.map((l) => ({ DeleteRequest: { Key: ledgerKey(e, l) } }))),
  );
  const cond = closedThroughCondition(settings.closedThrough);
  const closedYears = settings.closedYears.filter((y) => y !== year);
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          ...entries.map((e) => ({
            Delete: {
              TableName: deps.table,
              Key: keys.journalEntry(companyId, e.entryId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          })),
          {
            Update: {
              TableName: deps.table,
              Key: keys.accountingSettings(companyId),
              UpdateExpression: 'SET closedYears = :ys, updatedAt = :at',
              ConditionExpression: `contains(closedYears, :y) AND ${cond.expression}`,
              ExpressionAttributeValues: {
                ...cond.values,
                ':ys': closedYears,
                ':y': year,
                ':at': deps.now().toISOString(),
              },
            },
          },
        ],
      }),
    );
  } catch (e) {
    if (isTransactionCanceled(e)) throw concurrentUpdate(e);
    throw e;
  }
  // Numbers stay gap-free when the year-end entries were still the last of their years.
  for (const [y, numbers] of [
    [year, entries.filter((e) => e.fiscalYear === year).map((e) => e.entryNumber)],
    [year + 1, entries.filter((e) => e.fiscalYear === year + 1).map((e) => e.entryNumber)],
  ] as const) {
    if (numbers.length === 0) continue;
    try {
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.table,
          Key: keys.entryNumberCounter(companyId, y),
          UpdateExpression: 'SET #last = :back',
          ConditionExpression: '#last = :top',
          ExpressionAttributeNames: { '#last': 'last' },
          ExpressionAttributeValues: { ':back': Math.min(...numbers) - 1, ':top': Math.max(...numbers) },
        }),
      );
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
  return { ...settings, closedYears };
}
