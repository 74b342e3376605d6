/**
 * The advisor dashboard's cache of each company's stats per period (`keys.dashboardCompanyStats`:
 * `DASH#<c>` / `STATS#<period>`; spec part 1 §9: dashboard cache 10 minutes in production). One item
 * holds the company's `AdvisorCompanyStats` with the tasks and events the summary merges, the Madrid
 * day it was computed for and when. It is reused while it is younger than CACHE_MAX_AGE_MS and of
 * the same day (a deadline or a period boundary moves with the day); `refresh=true` ignores it. The
 * value is stored as one JSON string (`value`); an entry without a readable one is treated as
 * absent (computed again and overwritten). A
 * company whose computation failed is never cached (the next request tries again). Items expire by
 * TTL a day later (nothing else deletes them).
 */

import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { AdvisorPeriod } from '@shared/schemas/dashboard';
import type { ComputedCompany } from '../model/advisor-stats';
import { type CountingReader, type Item, transactPut } from './advisor-reads';
import type { DashboardDeps } from './deps';

export const COMPANY_STATS_ENTITY = 'DashboardCompanyStats';
/** Stats younger than this are served from the cache. */
export const CACHE_MAX_AGE_MS = 10 * 60_000;
const CACHE_TTL_SECONDS = 24 * 3600;

export interface CachedCompany {
  companyId: string;
  period: AdvisorPeriod;
  /** The Madrid day the stats were computed for. */
  day: string;
  computedAt: string;
  value: ComputedCompany;
}

export function cacheItem(c: CachedCompany): Item {
  return {
    ...keys.dashboardCompanyStats(c.companyId, c.period),
    entity: COMPANY_STATS_ENTITY,
    v: SCHEMA_VERSION,
    companyId: c.companyId,
    period: c.period,
    day: c.day,
    computedAt: c.computedAt,
    // One string, not nested maps and lists: DynamoDB Local writes (and both ends marshal) a
    // 3 KB string far faster than the same value as ~150 nested attributes.
    value: JSON.stringify({ stats: c.value.stats, tasks: c.value.tasks, activity: c.value.activity }),
    ttl: Math.floor(Date.parse(c.computedAt) / 1000) + CACHE_TTL_SECONDS,
  };
}

/** Whether a cached entry may be served now for `day`. */
export const isFresh = (
  c: Pick<CachedCompany, 'day' | 'computedAt'>,
  day: string,
  nowMs: number,
): boolean => {
  const at = Date.parse(c.computedAt);
  return c.day === day && Number.isFinite(at) && nowMs - at < CACHE_MAX_AGE_MS && at <= nowMs + 60_000;
};

function parseValue(raw: unknown): ComputedCompany | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const v = JSON.parse(raw) as Partial<ComputedCompany> | null;
    if (!v || typeof v.stats !== 'object' || v.stats === null) return undefined;
    return { stats: v.stats, tasks: v.tasks ?? [], activity: v.activity ?? [] };
  } catch {
    return undefined;
  }
}

/** The cached entries of these companies for the period (one BatchGet per 100). */
export async function readCachedStats(
  reader: CountingReader,
  companyIds: string[],
  period: AdvisorPeriod,
): Promise<Map<string, CachedCompany>> {
  const items = await reader.batchGet(companyIds.map((id) => keys.dashboardCompanyStats(id, period)));
  const out = new Map<string, CachedCompany>();
  for (const it of items) {
    if (it.entity !== COMPANY_STATS_ENTITY || typeof it.companyId !== 'string') continue;
    const value = parseValue(it.value);
    // An entry this code cannot read is no entry: the company is computed and the entry rewritten.
    if (!value) continue;
    out.set(it.companyId, {
      companyId: it.companyId,
      period,
      day: String(it.day),
      computedAt: String(it.computedAt),
      value,
    });
  }
  return out;
}

export async function writeCachedStats(deps: Pick<DashboardDeps, 'db' | 'table'>, entries: CachedCompany[]) {
  await transactPut(deps, entries.map(cacheItem));
}
