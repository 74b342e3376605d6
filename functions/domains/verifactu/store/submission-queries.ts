/**
 * Reads of a company's VeriFacTu submissions for the API (lists, export, dashboard, usage). Every
 * read is a Query on the company's partition (`VF#SUB#<seq>`, seq zero-padded so the sort key is the
 * chain order) or a GetItem; no Scan.
 *
 *  - The default list (no filter) reads newest first only up to the page's end, plus a COUNT Query
 *    for the total (keys only on the wire).
 *  - A filtered list (status, kind, dates, search) reads the submissions newest first and filters
 *    them in memory, stopping after FILTER_READ_LIMIT items: the filtered views (and the export)
 *    consider the newest 10,000 submissions of the company. That is more than a year of records of
 *    a business invoicing 25 times a day; older ones stay reachable by the unfiltered list.
 */

import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { matchesSearch } from '@shared/api/listing';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { SubmissionListQuery, VerifactuSubmission } from '@shared/schemas/verifactu';
import type { VerifactuDeps } from './deps';

type Deps = Pick<VerifactuDeps, 'db' | 'table'>;

/** How many submissions a filtered list or an export reads at most (newest first). */
export const FILTER_READ_LIMIT = 10_000;

export const submissionOf = (item: Record<string, unknown>): VerifactuSubmission =>
  stripKeys(item) as unknown as VerifactuSubmission;

function submissionsQuery(deps: Deps, companyId: string): QueryCommandInput {
  const k = keys.verifactuSubmissionPrefix(companyId);
  return {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': k.pk, ':sk': k.skPrefix },
  };
}

/** How many submissions (one per record) the company has: a COUNT Query. */
export async function countSubmissions(deps: Deps, companyId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({ ...submissionsQuery(deps, companyId), Select: 'COUNT', ExclusiveStartKey: start }),
    );
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The newest `limit` submissions, newest first: reads no further than that. */
export async function newestSubmissions(
  deps: Deps,
  companyId: string,
  limit: number,
): Promise<VerifactuSubmission[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        ...submissionsQuery(deps, companyId),
        ScanIndexForward: false,
        Limit: limit - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && items.length < limit);
  return items.slice(0, limit).map(submissionOf);
}

export interface FilteredRead {
  /** Matching submissions, newest first. */
  items: VerifactuSubmission[];
  /** True when the read stopped at `maxRead` with older submissions left unread. */
  truncated: boolean;
}

/**
 * Submissions passing `keep`, newest first, reading at most `maxRead` items and stopping early once
 * `stopAfter` matches are found (the dashboard's 10 newest errors).
 */
export async function filteredSubmissions(
  deps: Deps,
  companyId: string,
  keep: (s: VerifactuSubmission) => boolean,
  options: { maxRead?: number; stopAfter?: number } = {},
): Promise<FilteredRead> {
  const maxRead = options.maxRead ?? FILTER_READ_LIMIT;
  const stopAfter = options.stopAfter ?? Number.POSITIVE_INFINITY;
  const items: VerifactuSubmission[] = [];
  let read = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        ...submissionsQuery(deps, companyId),
        ScanIndexForward: false,
        Limit: Math.min(1_000, maxRead - read),
        ExclusiveStartKey: start,
      }),
    );
    for (const raw of res.Items ?? []) {
      read++;
      const s = submissionOf(raw);
      if (keep(s)) items.push(s);
      if (items.length >= stopAfter) return { items, truncated: false };
    }
    start = res.LastEvaluatedKey;
  } while (start && read < maxRead);
  return { items, truncated: Boolean(start) };
}

type Filters = Pick<SubmissionListQuery, 'status' | 'kind' | 'from' | 'to' | 'search'>;

export const isFiltered = (q: Filters): boolean =>
  Boolean(q.status || q.kind || q.from || q.to || q.search?.trim());

/** The list's filters: state, record kind, invoice date range, search on invoice number / customer. */
export const matchesFilters =
  (q: Filters) =>
  (s: VerifactuSubmission): boolean =>
    (!q.status || s.status === q.status) &&
    (!q.kind || s.kind === q.kind) &&
    (!q.from || s.invoiceDate >= q.from) &&
    (!q.to || s.invoiceDate <= q.to) &&
    matchesSearch(q.search?.trim() || undefined, s.invoiceNumber, s.customerName ?? undefined);

/** The company's counters (`status_<STATUS>`, `usage_<yyyy-mm>`), or undefined before its first record. */
export async function readStats(deps: Deps, companyId: string): Promise<Record<string, unknown> | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.verifactuStats(companyId), ConsistentRead: true }),
  );
  return res.Item;
}

/** Whether the company is in the SII (outside VeriFacTu, RD 1007/2023 art. 3): its company item. */
export async function readCompanySiiEnabled(deps: Deps, companyId: string): Promise<boolean> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: 'siiEnabled',
    }),
  );
  return res.Item?.siiEnabled === true;
}

/**
 * The seq of a submission id (`<companyId>-<seq>`, the record id) when it names a record of
 * `companyId`; null otherwise (another company's id, or not an id at all).
 */
export function seqOfSubmissionId(companyId: string, submissionId: string): number | null {
  const prefix = `${companyId}-`;
  if (!submissionId.startsWith(prefix)) return null;
  const rest = submissionId.slice(prefix.length);
  if (!/^[1-9]\d{0,9}$/.test(rest)) return null;
  return Number(rest);
}
