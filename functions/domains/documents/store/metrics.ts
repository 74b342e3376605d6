/**
 * Reads behind the reading metrics (issue 17 item 6): a company's documents of a period (its own
 * partition, time-ordered ids), every company's readings of a period (gsi2 `DOCS#READ#<yyyy-mm>`,
 * written by the documents' own writes: nothing extra is stored per reading), and the reading
 * limits ADMIN sets per company. Admin reads are bounded: at most `MAX_ADMIN_READINGS` items per
 * call, with a cursor to go on.
 */

import { GetCommand, PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { getCompanies, queryPrefix } from '@functions/lib/directory';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import type { ReadingLimitType } from '@shared/schemas/ai-metrics';
import type { ReadingRecord } from '../model/accuracy';
import type { DocumentsDeps } from './deps';
import { fromItem, queryCompanyDocuments } from './documents';

type Db = Pick<DocumentsDeps, 'db' | 'table'>;

/** Readings one admin call reads at most (each item is a few KB: about 5 MB of reads). */
export const MAX_ADMIN_READINGS = 2000;

/** A company's documents created in [fromMs, toMs). */
export async function companyReadings(
  deps: Db,
  companyId: string,
  range: { fromMs: number; toMs: number },
): Promise<ReadingRecord[]> {
  return queryCompanyDocuments(deps, companyId, range);
}

interface Cursor {
  month: string;
  key: Record<string, unknown>;
}
const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(s: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.month === 'string' && /^\d{4}-\d{2}$/.test(c.month) && c.key && typeof c.key === 'object')
      return c;
  } catch {
    // falls through
  }
  throw new AppError('CORE_004', 'El cursor no es válido.', { field: 'cursor' });
}

/** yyyy-mm of every month from `from` to `to` (ISO instants or dates). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    out.push(month);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/**
 * Every company's readings with processedAt in [fromIso, toIso), month partition by month, at most
 * `limit` items; `nextCursor` goes on where it stopped.
 */
export async function platformReadings(
  deps: Db,
  a: { fromIso: string; toIso: string; cursor?: string | undefined; limit?: number },
): Promise<{ readings: ReadingRecord[]; nextCursor: string | null }> {
  const limit = a.limit ?? MAX_ADMIN_READINGS;
  const start = a.cursor ? decodeCursor(a.cursor) : null;
  const months = monthsBetween(a.fromIso, a.toIso).filter((m) => !start || m >= start.month);
  const readings: ReadingRecord[] = [];
  for (const month of months) {
    let startKey: QueryCommandOutput['LastEvaluatedKey'] =
      start && start.month === month ? start.key : undefined;
    do {
      const page = await deps.db.send(
        new QueryCommand({
          TableName: deps.table,
          IndexName: 'gsi2' satisfies IndexName,
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.documentReadPartition(month).gsi2pk,
            ':from': a.fromIso,
            // gsi2sk is `<processedAt>#<company>#<document>`: '#' sorts after every ISO character.
            ':to': a.toIso,
          },
          Limit: Math.max(1, limit - readings.length),
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) if (item.entity === 'Document') readings.push(fromItem(item));
      startKey = page.LastEvaluatedKey;
      if (readings.length >= limit && startKey)
        return { readings, nextCursor: encodeCursor({ month, key: startKey }) };
    } while (startKey);
  }
  return { readings, nextCursor: null };
}

/** Company names for the admin lists (null when a company is gone). */
export async function companyNames(deps: Db, companyIds: string[]): Promise<Map<string, string>> {
  const companies = await getCompanies(deps, companyIds);
  return new Map(companies.map((c) => [c.companyId, c.name]));
}

// --- reading limits ---------------------------------------------------------------------------------

export interface StoredLimit {
  companyId: string;
  type: ReadingLimitType;
  /** Null: no limit (removed). */
  limit: number | null;
  updatedAt: string;
  updatedBy: string;
}

export async function listLimits(deps: Db, companyId: string): Promise<StoredLimit[]> {
  const items = await queryPrefix(deps, keys.readingLimitPrefix(companyId), { ConsistentRead: true });
  return items.filter((i) => i.entity === 'ReadingLimit').map((i) => stripKeys(i) as unknown as StoredLimit);
}

export async function getLimit(
  deps: Db,
  companyId: string,
  type: ReadingLimitType,
): Promise<StoredLimit | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.readingLimit(companyId, type), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as StoredLimit) : null;
}

/** Sets a limit (null removes it: the item stays as a record of who removed it, without a limit). */
export async function putLimit(deps: Db, l: StoredLimit): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: { ...keys.readingLimit(l.companyId, l.type), entity: 'ReadingLimit', v: SCHEMA_VERSION, ...l },
    }),
  );
}

export async function companyExists(deps: Db, companyId: string): Promise<boolean> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(companyId) }));
  return Boolean(res.Item);
}
