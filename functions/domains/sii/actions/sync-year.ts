import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { madridDate } from '@shared/fiscal/sii-deadlines';
import type { SiiBook } from '@shared/schemas/sii';
import { entryPeriods } from '../store/queries';
import { reconcileBookPeriod } from './query-book';
import { invalidPeriod, requireSiiCompany, SiiYearPath } from './sii-scope';
import type { SiiAeatDeps } from './test-connection';

/**
 * A sync stops starting new queries after this long (API Gateway answers within 29 s); what it did
 * not reach is listed in `pendingPeriods` to be asked again (or one by one with the book query).
 */
export const SYNC_BUDGET_MS = 20_000;

export interface SiiSyncPeriod {
  book: SiiBook;
  period: string;
  matches: number;
  mismatches: number;
  missing: number;
  unknown: number;
  /** The AEAT's failure for this period (the sync goes on with the next one). */
  error: string | null;
}

export interface SiiSyncResult {
  year: number;
  checkedAt: string;
  /** Every period was asked. */
  complete: boolean;
  periods: SiiSyncPeriod[];
  pendingPeriods: { book: SiiBook; period: string }[];
  totals: { matches: number; mismatches: number; missing: number; unknown: number };
}

const months = (last: number) => Array.from({ length: last }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * The periods a year's sync asks (pure): the issued and received books every month up to the
 * current one (the AEAT may hold records we do not know), and the other books only in the periods
 * where the company has records (BI is annual: 0A).
 */
export function syncPlan(
  year: number,
  today: string,
  entries: { book: SiiBook; period: { year: number; period: string } }[],
): { book: SiiBook; period: string }[] {
  const lastMonth = year < Number(today.slice(0, 4)) ? 12 : Number(today.slice(5, 7));
  const plan: { book: SiiBook; period: string }[] = [];
  for (const book of ['FE', 'FR'] as const) for (const m of months(lastMonth)) plan.push({ book, period: m });
  for (const book of ['BI', 'OI', 'RECC'] as const) {
    const periods = new Set(
      entries.filter((e) => e.book === book && e.period.year === year).map((e) => e.period.period),
    );
    for (const p of [...periods].sort()) {
      if (p !== '0A' && Number(p) > lastMonth) continue;
      plan.push({ book, period: p });
    }
  }
  return plan;
}

/**
 * POST /tax/sii/sync/{year}: a ConsultaLR of every book and month of the year up to today, each
 * compared with our entries and the comparison stored on them (`reconciliation`). Answers a summary
 * per period. A missing certificate stops it (400); an AEAT failure is noted on its period.
 */
export const syncYearRoute = defineCompanyAction({
  params: SiiYearPath,
  run: async ({ auth, scope, params, log }, deps: SiiAeatDeps): Promise<SiiSyncResult> => {
    const companyId = scope.companyId;
    await requireSiiCompany(deps, companyId);
    const today = madridDate(deps.now());
    if (params.year > Number(today.slice(0, 4)))
      throw invalidPeriod('No se puede sincronizar un ejercicio futuro.', 'year');
    const entries = await entryPeriods(deps, companyId);
    const plan = syncPlan(params.year, today, entries);
    const started = Date.now();
    const result: SiiSyncResult = {
      year: params.year,
      checkedAt: deps.now().toISOString(),
      complete: true,
      periods: [],
      pendingPeriods: [],
      totals: { matches: 0, mismatches: 0, missing: 0, unknown: 0 },
    };
    for (const step of plan) {
      if (Date.now() - started > SYNC_BUDGET_MS) {
        result.complete = false;
        result.pendingPeriods.push(step);
        continue;
      }
      try {
        const r = await reconcileBookPeriod(deps, {
          companyId,
          book: step.book,
          year: params.year,
          period: step.period,
          userId: auth.userId,
          log,
        });
        const row = {
          ...step,
          matches: r.matches,
          mismatches: r.mismatches.length,
          missing: r.missing.length,
          unknown: r.unknown.length,
          error: null,
        };
        result.periods.push(row);
        result.totals.matches += row.matches;
        result.totals.mismatches += row.mismatches;
        result.totals.missing += row.missing;
        result.totals.unknown += row.unknown;
        if (!r.complete) result.complete = false;
      } catch (e) {
        // Without a usable certificate nothing can be asked: the first period says so for all.
        if (!(e instanceof AppError) || e.code !== 'TAX_024') throw e;
        result.complete = false;
        result.periods.push({ ...step, matches: 0, mismatches: 0, missing: 0, unknown: 0, error: e.message });
      }
    }
    if (result.periods.length > 0 && result.periods.every((p) => p.error !== null))
      throw new AppError('TAX_024', result.periods[0]!.error ?? undefined, { details: { reason: 'AEAT' } });
    return result;
  },
});
