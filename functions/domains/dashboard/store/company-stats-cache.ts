/**
 * The advisor dashboard's cache of each company's stats per period (`keys.dashboardCompanyStats`:
 * `DASH#<c>` / `STATS#<period>`; spec part 1 §9: dashboard cache 10 minutes in production). One item
 * holds the company's `AdvisorCompanyStats` with the tasks and events the summary merges, the Madrid
 * day it was computed for and when. It is reused while it is younger than CACHE_MAX_AGE_MS and of
 * the same day (a deadline or a period boundary moves with the day); `refresh=true` ignores it. A
 * company whose computation failed is never cached (the next request tries again). Items expire by
 * TTL a day later (nothing else deletes them).
 */

import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { AdvisorPeriod } from '@shared/schemas/dashboard';
import type { ComputedCompany } from '../model/advisor-stats';
import { batchPut, type CountingReader, type Item } from './advisor-reads';
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
    stats: c.value.stats,
    tasks: c.value.tasks,
    activity: c.value.activity,
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
    out.set(it.companyId, {
      companyId: it.companyId,
      period,
      day: String(it.day),
      computedAt: String(it.computedAt),
      value: {
        stats: it.stats as ComputedCompany['stats'],
        tasks: (it.tasks ?? []) as ComputedCompany['tasks'],
        activity: (it.activity ?? []) as ComputedCompany['activity'],
      },
    });
  }
  return out;
}

export async function writeCachedStats(deps: Pick<DashboardDeps, 'db' | 'table'>, entries: CachedCompany[]) {
  await batchPut(deps, entries.map(cacheItem));
}
