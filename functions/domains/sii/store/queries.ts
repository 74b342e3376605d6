/**
 * Read-only queries of the SII API (issue 16 item 5): a company's entries (one record of one book)
 * and submissions (one SOAP exchange), always a GetItem, a BatchGet or a Query on the company's own
 * partition (`SII#ENTRY#<book>#…`, `SII#SUB#<id>`), never a Scan nor another company's items.
 *
 * Lists are read whole and shaped in memory (shared/api/listing.ts): a company's SII book holds one
 * record per invoice and the filters (year, period, status) narrow the read with FilterExpressions.
 */

import { BatchGetCommand, GetCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { queryAll, type TableDeps } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import { SII_BOOKS, type SiiBook, type SiiEntry, type SiiSubmission } from '@shared/schemas/sii';
import type { StoredSiiEntry } from '../model/entry-rules';
import type { StatEntry } from '../model/statistics';
import { entryFromItem } from './entry-item';

type Deps = TableDeps;
type Item = Record<string, unknown>;

const entryOf = (item: Item): StoredSiiEntry => entryFromItem(item) as StoredSiiEntry;
export const submissionOf = (item: Item): SiiSubmission => stripKeys(item) as unknown as SiiSubmission;

/** `#a0, #a1 …` for a list of attribute names. */
function projection(attributes: readonly string[]) {
  return {
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
  };
}

const STAT_ATTRIBUTES = [
  'entryId',
  'book',
  'documentId',
  'source',
  'documentNumber',
  'counterpartyName',
  'issueDate',
  'totalCents',
  'status',
  'pendingOperation',
  'registered',
  'withdrawn',
  'deadline',
  'lastSentAt',
  'acceptedAt',
  'lastError',
  'reconciliation',
  'updatedAt',
] as const satisfies readonly (keyof StatEntry)[];

function prefixQuery(deps: Deps, key: { pk: string; skPrefix: string }): QueryCommandInput {
  return {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.skPrefix },
  };
}

/** One entry, strongly consistent (after a write it is read as written). */
export async function getEntry(
  deps: Deps,
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
  return res.Item ? entryOf(res.Item) : null;
}

/** Every entry of the company (of one book), only the fields the statistics read. */
export async function statEntries(deps: Deps, companyId: string, book?: SiiBook): Promise<StatEntry[]> {
  const items = await queryAll(deps, {
    ...prefixQuery(deps, keys.siiEntryPrefix(companyId, book)),
    ...projection(STAT_ATTRIBUTES),
  });
  return items as unknown as StatEntry[];
}

/** Every entry's book and period (what a year's sync asks the AEAT about). */
export async function entryPeriods(
  deps: Deps,
  companyId: string,
): Promise<Pick<SiiEntry, 'book' | 'period'>[]> {
  const items = await queryAll(deps, {
    ...prefixQuery(deps, keys.siiEntryPrefix(companyId)),
    ...projection(['book', 'period']),
  });
  return items as unknown as Pick<SiiEntry, 'book' | 'period'>[];
}

/** The entries of one book for a year (and a period '01'–'12' / '0A'), in sort-key order. */
export async function entriesOfPeriod(
  deps: Deps,
  companyId: string,
  book: SiiBook,
  year: number,
  period?: string,
): Promise<StoredSiiEntry[]> {
  const base = prefixQuery(deps, keys.siiEntryPrefix(companyId, book));
  const items = await queryAll(deps, {
    ...base,
    FilterExpression: period ? '#p.#y = :y AND #p.#m = :m' : '#p.#y = :y',
    ExpressionAttributeNames: { '#p': 'period', '#y': 'year', ...(period ? { '#m': 'period' } : {}) },
    ExpressionAttributeValues: {
      ...base.ExpressionAttributeValues,
      ':y': year,
      ...(period ? { ':m': period } : {}),
    },
  });
  return items.map(entryOf);
}

/**
 * Every entry of one issued or received invoice, of every book (its FE/FR record, its RECC
 * payments, its BI goods, its OI operation). The sort-key prefix of an invoice id also matches
 * longer ids that start with it, so the source is checked.
 */
export async function entriesOfInvoice(
  deps: Deps,
  companyId: string,
  invoiceId: string,
): Promise<StoredSiiEntry[]> {
  const perBook = await Promise.all(
    SII_BOOKS.map((book) =>
      queryAll(deps, {
        ...prefixQuery(deps, keys.siiEntriesOfInvoice(companyId, book, invoiceId)),
        ConsistentRead: true,
      }),
    ),
  );
  return perBook
    .flat()
    .map(entryOf)
    .filter((e) => e.source.invoiceId === invoiceId);
}

/** The entries of a book that a bulk submission takes: NOT_SENT and ERROR ones (of one book or all). */
export async function entriesInStates(
  deps: Deps,
  companyId: string,
  statuses: readonly string[],
  book?: SiiBook,
): Promise<StoredSiiEntry[]> {
  const base = prefixQuery(deps, keys.siiEntryPrefix(companyId, book));
  const values = Object.fromEntries(statuses.map((s, i) => [`:s${i}`, s]));
  const items = await queryAll(deps, {
    ...base,
    FilterExpression: `#st IN (${Object.keys(values).join(', ')})`,
    ExpressionAttributeNames: { '#st': 'status' },
    ExpressionAttributeValues: { ...base.ExpressionAttributeValues, ...values },
  });
  return items.map(entryOf);
}

/** One submission of the company, or null (another company's id is simply not in this partition). */
export async function getSubmission(
  deps: Deps,
  companyId: string,
  submissionId: string,
): Promise<SiiSubmission | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.siiSubmission(companyId, submissionId) }),
  );
  return res.Item ? submissionOf(res.Item) : null;
}

/** A submission as lists show it: without its per-record answers (up to 10,000 of them). */
export type SiiSubmissionSummary = Omit<SiiSubmission, 'records'>;

const SUMMARY_ATTRIBUTES = [
  'submissionId',
  'companyId',
  'book',
  'operation',
  'environment',
  'status',
  'recordCount',
  'acceptedCount',
  'acceptedWithErrorsCount',
  'rejectedCount',
  'aeatState',
  'csv',
  'periods',
  'error',
  'archive',
  'sentAt',
  'answeredAt',
  'triggeredBy',
] as const satisfies readonly (keyof SiiSubmissionSummary)[];

export interface SubmissionFilter {
  book?: SiiBook | undefined;
  /** 'YYYY-MM' */
  period?: string | undefined;
  status?: SiiSubmission['status'] | undefined;
}

/**
 * The company's submissions newest first (ids sort by time), filtered in the Query. A summary
 * without the per-record answers.
 */
export async function listSubmissions(
  deps: Deps,
  companyId: string,
  filter: SubmissionFilter,
): Promise<SiiSubmissionSummary[]> {
  const base = prefixQuery(deps, keys.siiSubmissionPrefix(companyId));
  const proj = projection(SUMMARY_ATTRIBUTES);
  const conditions: string[] = [];
  const names: Record<string, string> = { ...proj.ExpressionAttributeNames };
  const values: Record<string, unknown> = { ...base.ExpressionAttributeValues };
  if (filter.book) {
    conditions.push('#fb = :fb');
    names['#fb'] = 'book';
    values[':fb'] = filter.book;
  }
  if (filter.status) {
    conditions.push('#fs = :fs');
    names['#fs'] = 'status';
    values[':fs'] = filter.status;
  }
  if (filter.period) {
    conditions.push('contains(#fp, :fp)');
    names['#fp'] = 'periods';
    values[':fp'] = filter.period;
  }
  const items = await queryAll(deps, {
    ...base,
    ScanIndexForward: false,
    ProjectionExpression: proj.ProjectionExpression,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
  });
  return items as unknown as SiiSubmissionSummary[];
}

const BATCH_GET_MAX = 100;

/** Submissions of the company by id (missing ones are left out), in the order of `ids`. */
export async function submissionsByIds(
  deps: Deps,
  companyId: string,
  ids: readonly string[],
): Promise<SiiSubmission[]> {
  const unique = [...new Set(ids)];
  const found = new Map<string, SiiSubmission>();
  for (let i = 0; i < unique.length; i += BATCH_GET_MAX) {
    let pending: Item[] | undefined = unique
      .slice(i, i + BATCH_GET_MAX)
      .map((id) => keys.siiSubmission(companyId, id));
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > 8) throw new Error('BatchGet kept returning unprocessed keys');
      const res = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending } } }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) {
        const s = submissionOf(item);
        found.set(s.submissionId, s);
      }
      pending = res.UnprocessedKeys?.[deps.table]?.Keys as Item[] | undefined;
    }
  }
  return unique.flatMap((id) => found.get(id) ?? []);
}

/** The public facts of a certificate the company uploaded (the VeriFacTu store), never its secret. */
export interface SiiCertificateFacts {
  certificateId: string;
  subject: string;
  holderNif: string | null;
  validFrom: string;
  validTo: string;
  /** The recognised Spanish qualified CA its chain leads to; null for a self-signed or test one. */
  qualifiedCa?: string | null;
  digitalSignature?: boolean | null;
}

const CERTIFICATE_ATTRIBUTES = [
  'certificateId',
  'subject',
  'holderNif',
  'validFrom',
  'validTo',
  'qualifiedCa',
  'digitalSignature',
] as const;

/**
 * One certificate of the company (`keys.verifactuCertificate`, read with the shared key builder as
 * taxmodels/store/filing-certificates.ts does): another company's id is not in this partition.
 */
export async function certificateFacts(
  deps: Deps,
  companyId: string,
  certificateId: string,
): Promise<SiiCertificateFacts | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.verifactuCertificate(companyId, certificateId),
      ...projection(CERTIFICATE_ATTRIBUTES),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (res.Item as unknown as SiiCertificateFacts) : null;
}
