/**
 * Every company of the caller with its stats for a period (issue 20, advisor dashboard): the caller's
 * active memberships (#11, gsi1 `USER#<id>` MEMBER#: the companies on its selector), their cached
 * stats (one BatchGet per 100, store/company-stats-cache.ts), then for the companies without fresh
 * stats (or all with `refresh`) their META items (#6), tax profiles (#73) and VeriFacTu counters
 * (#67) in one BatchGet per 100 keys (up to 4 at once), and the 7 per-company Queries of
 * store/company-stats.ts, at most COMPUTE_PARALLELISM companies at a time, plus the SII's
 * rejected records once when a company to compute is in the SII. A company whose reads fail is
 * CRITICAL with zeros and `failed: true` (spec part 3 §4) and is not cached; the others are cached
 * (TransactWriteItems of 100). `itemsRead` counts every item every read of the request returned or
 * scanned.
 */

import { keys } from '@shared/db/keys';
import type { AdvisorPeriod } from '@shared/schemas/dashboard';
import { periodWindow } from '../model/advisor-period';
import { buildCompanyStats, type ComputedCompany, failedCompanyStats } from '../model/advisor-stats';
import { CountingReader, mapPool } from './advisor-reads';
import { readSiiRejections } from './advisor-sii';
import { type CompanyBasics, readCompanyFacts, type SiiRejections } from './company-stats';
import { type CachedCompany, isFresh, readCachedStats, writeCachedStats } from './company-stats-cache';
import type { DashboardDeps } from './deps';

/**
 * Companies computed at once, each with its 7 reads in parallel: 8 keeps ~56 requests in flight,
 * about the SDK's socket pool (50) and enough to keep DynamoDB Local busy on both cores of the
 * bench machine; 4, 16 and 32 cost the same CPU per request and only queue longer (measured with 200
 * companies). Against DynamoDB itself a request waits on the network, not on a local CPU, so a
 * Lambda could run more at once.
 */
export const COMPUTE_PARALLELISM = 8;

export interface AdvisorStatsResult {
  /** In the order of the caller's memberships. */
  companies: ComputedCompany[];
  fromCache: number;
  computed: number;
  itemsRead: number;
}

export interface AdvisorStatsHooks {
  /** A company's computation failed (the action logs it). */
  onCompanyFailure?: (companyId: string, error: unknown) => void;
  /** Writing the cache failed (the answer is still served). */
  onCacheWriteFailure?: (error: unknown) => void;
}

async function activeCompanyIds(reader: CountingReader, userId: string): Promise<string[]> {
  const k = keys.membershipByUserPrefix(userId);
  const items = await reader.query({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': k.gsi1pk, ':prefix': k.gsi1skPrefix },
    ProjectionExpression: 'companyId, isActive',
  });
  const ids = items
    .filter((m) => m.isActive !== false && typeof m.companyId === 'string')
    .map((m) => m.companyId);
  return [...new Set(ids as string[])];
}

/** META, tax profile and VF#STATS of each company: one BatchGet per 100 keys; companies without META are left out. */
async function companyBasics(reader: CountingReader, ids: string[]): Promise<Map<string, CompanyBasics>> {
  const items = await reader.batchGet(
    ids.flatMap((id) => [keys.company(id), keys.taxProfile(id), keys.verifactuStats(id)]),
  );
  const byKey = new Map(items.map((it) => [`${String(it.pk)}\u0000${String(it.sk)}`, it]));
  const at = (k: { pk: string; sk: string }) => byKey.get(`${k.pk}\u0000${k.sk}`);
  const out = new Map<string, CompanyBasics>();
  for (const id of ids) {
    const meta = at(keys.company(id));
    if (!meta) continue;
    out.set(id, {
      meta: {
        id,
        name: String(meta.name ?? ''),
        nif: String(meta.nif ?? ''),
        companyType: String(meta.companyType ?? ''),
        siiEnabled: meta.siiEnabled === true,
      },
      hasTaxProfile: at(keys.taxProfile(id)) !== undefined,
      verifactuStats: at(keys.verifactuStats(id)),
    });
  }
  return out;
}

export async function loadAdvisorStats(
  deps: DashboardDeps,
  input: { userId: string; period: AdvisorPeriod; refresh: boolean },
  hooks: AdvisorStatsHooks = {},
): Promise<AdvisorStatsResult> {
  const now = deps.now();
  const window = periodWindow(input.period, now);
  const computedAt = now.toISOString();
  const reader = new CountingReader(deps);

  const ids = await activeCompanyIds(reader, input.userId);
  const cached = input.refresh
    ? new Map<string, CachedCompany>()
    : await readCachedStats(reader, ids, input.period);
  const reusable = new Map<string, ComputedCompany>();
  for (const [id, c] of cached) if (isFresh(c, window.today, now.getTime())) reusable.set(id, c.value);

  const missing = ids.filter((id) => !reusable.has(id));
  const basics = missing.length > 0 ? await companyBasics(reader, missing) : new Map<string, CompanyBasics>();
  const toCompute = missing.flatMap((id) => {
    const b = basics.get(id);
    return b ? [b] : [];
  });

  const siiCompanies = new Set(toCompute.filter((b) => b.meta.siiEnabled).map((b) => b.meta.id));
  let sii: Promise<Map<string, SiiRejections>> | undefined;
  const siiRejections = () => {
    sii ??= readSiiRejections(reader, siiCompanies);
    return sii;
  };

  const computed = await mapPool(toCompute, COMPUTE_PARALLELISM, async (b) => {
    const { siiEnabled: _sii, ...company } = b.meta;
    try {
      const facts = await readCompanyFacts(reader, b, window, siiRejections);
      return { meta: b.meta, value: buildCompanyStats(facts, computedAt), failed: false };
    } catch (error) {
      hooks.onCompanyFailure?.(b.meta.id, error);
      return { meta: b.meta, value: failedCompanyStats(company, computedAt), failed: true };
    }
  });

  const toCache = computed
    .filter((c) => !c.failed)
    .map((c) => ({
      companyId: c.meta.id,
      period: input.period,
      day: window.today,
      computedAt,
      value: c.value,
    }));
  if (toCache.length > 0) {
    try {
      await writeCachedStats(deps, toCache);
    } catch (error) {
      hooks.onCacheWriteFailure?.(error);
    }
  }

  const fresh = new Map(computed.map((c) => [c.meta.id, c.value]));
  const companies = ids.flatMap((id) => {
    const v = reusable.get(id) ?? fresh.get(id);
    return v ? [v] : [];
  });
  return { companies, fromCache: reusable.size, computed: computed.length, itemsRead: reader.itemsRead };
}
