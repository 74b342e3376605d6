/**
 * The last good value of each section of a company's dashboard summary (`keys.dashboardSection`,
 * partition `DASH#<companyId>`): read all at once (one Query, at most one item per section), written
 * after a section is computed, at most once a minute per section (the Put is conditioned on the
 * stored `asOf` being older than that, so concurrent requests write once). Served when computing
 * the section fails (`source: 'SNAPSHOT'`, `meta.fallbackMode`), and reused while under a minute old.
 */

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TableDeps } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { SummaryReader } from './summary-reader';

export const SNAPSHOT_ENTITY = 'DashboardSectionSnapshot';
/** A section is written (and reused without `refresh`) at most once per this many milliseconds. */
export const SNAPSHOT_MIN_AGE_MS = 60_000;

export interface SectionSnapshot {
  section: string;
  /** When the stored value was computed (ISO instant). */
  asOf: string;
  data: unknown;
}

export async function readSnapshots(
  r: SummaryReader,
  companyId: string,
): Promise<Map<string, SectionSnapshot>> {
  const k = keys.dashboardSectionPrefix(companyId);
  const items = await r.query({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
  });
  const out = new Map<string, SectionSnapshot>();
  for (const i of items) {
    if (typeof i.section === 'string' && typeof i.asOf === 'string' && 'data' in i)
      out.set(i.section, { section: i.section, asOf: i.asOf, data: i.data });
  }
  return out;
}

/** Whether a snapshot is younger than a minute at `now`. */
export const isFresh = (s: SectionSnapshot | undefined, now: Date): boolean =>
  s !== undefined && now.getTime() - Date.parse(s.asOf) < SNAPSHOT_MIN_AGE_MS;

/**
 * Stores a section's value computed at `asOf`, unless the stored one is under a minute old. True
 * when written; false when another request wrote a recent one first.
 */
export async function writeSnapshot(
  deps: TableDeps,
  companyId: string,
  section: string,
  asOf: Date,
  data: unknown,
): Promise<boolean> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: {
          ...keys.dashboardSection(companyId, section),
          entity: SNAPSHOT_ENTITY,
          v: SCHEMA_VERSION,
          companyId,
          section,
          asOf: asOf.toISOString(),
          data,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR asOf < :cutoff',
        ExpressionAttributeValues: {
          ':cutoff': new Date(asOf.getTime() - SNAPSHOT_MIN_AGE_MS + 1).toISOString(),
        },
      }),
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}
