/**
 * DynamoDB access for invoice series: the series, its code claim, the default pointer per purpose
 * and the (series, year) number counters. `numberClaimItems` is what an invoice confirmation puts
 * in its own transaction, so a number is used exactly when the invoice that carries it is written.
 */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import {
  cancellationCodes,
  failedAnyCondition,
  failedConditionAt,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { errorName } from '@functions/platform/aws/errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import {
  type InvoiceSeries,
  numberDigits,
  renderNumber,
  type SeriesPurpose,
} from '@shared/schemas/invoice-series';
import type { InvoicesDeps } from './deps';

type Deps = Pick<InvoicesDeps, 'db' | 'table'>;

export const seriesItem = (s: InvoiceSeries) => ({
  ...keys.invoiceSeries(s.companyId, s.seriesId),
  entity: 'InvoiceSeries',
  v: SCHEMA_VERSION,
  ...s,
});

const codeTaken = () =>
  new AppError('CORE_004', 'Ya existe una serie con este código en la empresa.', {
    field: 'code',
    details: { reason: 'DUPLICATE_SERIES_CODE' },
  });

const concurrentChange = () =>
  new AppError('CORE_004', 'La serie ha cambiado mientras la editabas. Recarga y vuelve a intentarlo.', {
    details: { reason: 'CONCURRENT_UPDATE' },
  });

export const SERIES_HAS_INVOICES = 'La serie ya tiene facturas emitidas y no se puede eliminar.';

// --- reads -------------------------------------------------------------------------------------

export async function getSeries(
  deps: Deps,
  companyId: string,
  seriesId: string,
): Promise<InvoiceSeries | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.invoiceSeries(companyId, seriesId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as InvoiceSeries) : undefined;
}

export async function listSeries(deps: Deps, companyId: string): Promise<InvoiceSeries[]> {
  const k = keys.invoiceSeriesPrefix(companyId);
  const items = await queryPrefix(deps, k);
  return items.map((i) => stripKeys(i) as unknown as InvoiceSeries);
}

/** The default series id of each purpose (at most three pointer items). */
export async function getDefaults(
  deps: Deps,
  companyId: string,
): Promise<Partial<Record<SeriesPurpose, string>>> {
  const k = keys.invoiceSeriesDefaultPrefix(companyId);
  const items = await queryPrefix(deps, k, { ConsistentRead: true });
  const out: Partial<Record<SeriesPurpose, string>> = {};
  for (const i of items) out[i.purpose as SeriesPurpose] = String(i.seriesId);
  return out;
}

// --- default pointer ---------------------------------------------------------------------------

/** Points the purpose's default at a series; `previous` guards against a concurrent change. */
const setDefault = (deps: Deps, s: InvoiceSeries, previous: string | undefined): TransactItem => ({
  Put: {
    TableName: deps.table,
    Item: {
      ...keys.invoiceSeriesDefault(s.companyId, s.purpose),
      entity: 'InvoiceSeriesDefault',
      v: SCHEMA_VERSION,
      purpose: s.purpose,
      seriesId: s.seriesId,
    },
    ...(previous
      ? { ConditionExpression: 'seriesId = :prev', ExpressionAttributeValues: { ':prev': previous } }
      : { ConditionExpression: 'attribute_not_exists(pk)' }),
  },
});

const clearDefault = (
  deps: Deps,
  companyId: string,
  purpose: SeriesPurpose,
  seriesId: string,
): TransactItem => ({
  Delete: {
    TableName: deps.table,
    Key: keys.invoiceSeriesDefault(companyId, purpose),
    ConditionExpression: 'seriesId = :id',
    ExpressionAttributeValues: { ':id': seriesId },
  },
});

const codeClaim = (deps: Deps, s: InvoiceSeries): TransactItem => ({
  Put: {
    TableName: deps.table,
    Item: {
      ...keys.invoiceSeriesCodeClaim(s.companyId, s.code),
      entity: 'InvoiceSeriesCodeClaim',
      v: SCHEMA_VERSION,
      seriesId: s.seriesId,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

// --- writes ------------------------------------------------------------------------------------

/**
 * Creates a series with its code claim and, when asked, makes it the default of its purpose
 * (`currentDefault` is the pointer that was read, replaced only if it has not moved since).
 */
export async function createSeries(
  deps: Deps,
  s: InvoiceSeries,
  makeDefault: boolean,
  currentDefault: string | undefined,
): Promise<void> {
  const items: TransactItem[] = [
    { Put: { TableName: deps.table, Item: seriesItem(s), ConditionExpression: 'attribute_not_exists(pk)' } },
    codeClaim(deps, s),
  ];
  if (makeDefault) items.push(setDefault(deps, s, currentDefault));
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 1)) throw codeTaken();
    if (failedConditionAt(e, 2)) throw concurrentChange();
    throw e;
  }
}

export interface SeriesChange {
  current: InvoiceSeries;
  next: InvoiceSeries;
  /** 'set': make it the default; 'clear': stop being the default; undefined: leave the pointer. */
  defaultChange: 'set' | 'clear' | undefined;
  /** The pointer of the (next) purpose that was read. */
  currentDefault: string | undefined;
  /** The pointer of the old purpose, when the purpose changes and the series was its default. */
  wasDefaultOf: SeriesPurpose | undefined;
}

/**
 * Updates the editable fields of a series (never a Put: `issuedCount` belongs to the number
 * claims). Code, purpose and format may only change while no number has been issued, and the
 * condition checks that at write time, so a concurrent first confirmation wins cleanly.
 */
export async function updateSeries(deps: Deps, change: SeriesChange): Promise<void> {
  const { current, next } = change;
  const frozenChange =
    next.code !== current.code || next.purpose !== current.purpose || next.format !== current.format;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: deps.table,
        Key: keys.invoiceSeries(current.companyId, current.seriesId),
        UpdateExpression:
          'SET code = :code, description = :description, purpose = :purpose, #format = :format, isActive = :active, updatedAt = :now',
        ConditionExpression: frozenChange ? 'updatedAt = :seen AND issuedCount = :zero' : 'updatedAt = :seen',
        ExpressionAttributeNames: { '#format': 'format' },
        ExpressionAttributeValues: {
          ':code': next.code,
          ':description': next.description,
          ':purpose': next.purpose,
          ':format': next.format,
          ':active': next.isActive,
          ':now': next.updatedAt,
          ':seen': current.updatedAt,
          ...(frozenChange ? { ':zero': 0 } : {}),
        },
      },
    },
  ];
  const codeIndex = next.code !== current.code ? items.length : -1;
  if (codeIndex >= 0) {
    items.push(codeClaim(deps, next));
    items.push({
      Delete: { TableName: deps.table, Key: keys.invoiceSeriesCodeClaim(current.companyId, current.code) },
    });
  }
  if (change.wasDefaultOf)
    items.push(clearDefault(deps, current.companyId, change.wasDefaultOf, current.seriesId));
  if (change.defaultChange === 'set') items.push(setDefault(deps, next, change.currentDefault));
  if (change.defaultChange === 'clear')
    items.push(clearDefault(deps, next.companyId, next.purpose, next.seriesId));
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 0)) {
      const fresh = await getSeries(deps, current.companyId, current.seriesId);
      if (fresh && fresh.issuedCount > 0 && frozenChange) throw frozenError();
      throw concurrentChange();
    }
    if (codeIndex >= 0 && failedConditionAt(e, codeIndex)) throw codeTaken();
    if (failedAnyCondition(e)) throw concurrentChange();
    throw e;
  }
}

export const frozenError = (field: 'code' | 'purpose' | 'format' = 'code') =>
  new AppError(
    'CORE_004',
    'La serie ya tiene facturas emitidas: no se puede cambiar su código, su tipo ni su formato.',
    { field, details: { reason: 'SERIES_HAS_INVOICES' } },
  );

/**
 * Deletes a series that has never issued a number, with its code claim and, if it was the
 * default, the pointer. The condition on `issuedCount` makes a concurrent first claim win.
 */
export async function deleteSeries(deps: Deps, s: InvoiceSeries, isDefault: boolean): Promise<void> {
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: deps.table,
        Key: keys.invoiceSeries(s.companyId, s.seriesId),
        ConditionExpression: 'issuedCount = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    },
    { Delete: { TableName: deps.table, Key: keys.invoiceSeriesCodeClaim(s.companyId, s.code) } },
  ];
  if (isDefault) items.push(clearDefault(deps, s.companyId, s.purpose, s.seriesId));
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 0)) throw new AppError('DOC_046', SERIES_HAS_INVOICES);
    if (failedConditionAt(e, 2)) throw concurrentChange();
    throw e;
  }
}

// --- numbering ---------------------------------------------------------------------------------

/** The formatted number of the n-th invoice of a series in a year: `F-2026-0001`. */
export const formatInvoiceNumber = (series: InvoiceSeries, year: number, n: number): string =>
  renderNumber(series.format, series.code, year, n);

/** The last number a series issued in a year (0 when none), read strongly consistent. */
/** The counter of a series and year: the last number issued and the date of that invoice. */
async function readCounter(deps: Deps, series: InvoiceSeries, year: number) {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.invoiceNumberCounter(series.companyId, series.seriesId, year),
      ConsistentRead: true,
    }),
  );
  return {
    last: Number(res.Item?.last ?? 0),
    lastIssueDate:
      typeof res.Item?.lastIssueDate === 'string' ? (res.Item.lastIssueDate as string) : undefined,
  };
}

export async function lastIssuedNumber(deps: Deps, series: InvoiceSeries, year: number): Promise<number> {
  return (await readCounter(deps, series, year)).last;
}

const esDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface NumberClaim {
  year: number;
  number: number;
  invoiceNumber: string;
  /** Put these in the transaction that confirms the invoice: the number exists only if it commits. */
  items: TransactItem[];
}

/**
 * Claims the next number of a series in a year (Art. 6.1.a RD 1619/2012: correlative numbering
 * within each series, without gaps or repetitions). Reads the (series, year) counter and returns
 * the TransactWriteItems that move it from `last` to `last + 1` only if nobody moved it meanwhile,
 * plus an update of the series that requires it to exist and be active and counts the issue.
 * Two concurrent confirmations cannot both commit: the loser's transaction is cancelled
 * (ConditionalCheckFailed or TransactionConflict) and it must call this again and retry
 * (see `isNumberClaimConflict`). Nothing is written by this function.
 */
export async function numberClaimItems(
  deps: Deps,
  series: InvoiceSeries,
  year: number,
  /** The invoice's date (ISO): numbers must follow dates within a series, so an earlier date is refused. */
  issueDate?: string,
): Promise<NumberClaim> {
  const { last, lastIssueDate } = await readCounter(deps, series, year);
  // Art. 6.1.a RD 1619/2012: correlative numbering. The counter's condition below (#last = :prev)
  // guarantees the date read with it is still the latest when the transaction commits.
  if (issueDate && lastIssueDate && issueDate < lastIssueDate) {
    throw new AppError(
      'CORE_004',
      `La fecha de la factura es anterior a la de la última factura de la serie ${series.code} (${esDate(lastIssueDate)}).`,
      { field: 'invoiceDate', details: { reason: 'DATE_BEFORE_LAST_IN_SERIES', lastIssueDate } },
    );
  }
  const number = last + 1;
  if (number >= 10 ** numberDigits(series.format)) {
    throw new AppError('CORE_004', `La serie ${series.code} ha agotado su numeración de ${year}.`, {
      field: 'series',
      details: { reason: 'SERIES_EXHAUSTED' },
    });
  }
  const counter: TransactItem = {
    Update: {
      TableName: deps.table,
      Key: keys.invoiceNumberCounter(series.companyId, series.seriesId, year),
      UpdateExpression: issueDate
        ? 'SET #last = :next, entity = :entity, v = :v, seriesId = :series, #year = :year, lastIssueDate = :date'
        : 'SET #last = :next, entity = :entity, v = :v, seriesId = :series, #year = :year',
      ConditionExpression: last === 0 ? 'attribute_not_exists(pk)' : '#last = :prev',
      ExpressionAttributeNames: { '#last': 'last', '#year': 'year' },
      ExpressionAttributeValues: {
        ':next': number,
        ':entity': 'InvoiceNumberCounter',
        ':v': SCHEMA_VERSION,
        ':series': series.seriesId,
        ':year': year,
        ...(issueDate ? { ':date': issueDate } : {}),
        ...(last === 0 ? {} : { ':prev': last }),
      },
    },
  };
  const seriesUse: TransactItem = {
    Update: {
      TableName: deps.table,
      Key: keys.invoiceSeries(series.companyId, series.seriesId),
      UpdateExpression: 'ADD issuedCount :one',
      ConditionExpression: 'attribute_exists(pk) AND isActive = :true',
      ExpressionAttributeValues: { ':one': 1, ':true': true },
    },
  };
  return {
    year,
    number,
    invoiceNumber: formatInvoiceNumber(series, year, number),
    items: [counter, seriesUse],
  };
}

/**
 * True when a transaction holding a number claim lost a race and should claim again and retry:
 * a transaction conflict, or the counter (at `counterIndex` in the caller's TransactItems) having
 * moved. A refusal of the series item (deleted or deactivated) is not a race: do not retry it.
 */
export function isNumberClaimConflict(e: unknown, counterIndex: number): boolean {
  if (errorName(e) === 'TransactionConflictException') return true;
  if (!isTransactionCanceled(e)) return false;
  return failedConditionAt(e, counterIndex) || cancellationCodes(e).includes('TransactionConflict');
}

/** A series found by its code (through the code claim), read strongly consistent. */
export async function getSeriesByCode(
  deps: Deps,
  companyId: string,
  code: string,
): Promise<InvoiceSeries | undefined> {
  const claim = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.invoiceSeriesCodeClaim(companyId, code.trim().toUpperCase()),
      ConsistentRead: true,
    }),
  );
  return claim.Item ? getSeries(deps, companyId, String(claim.Item.seriesId)) : undefined;
}
