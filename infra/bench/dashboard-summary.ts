/**
 * `npm run bench` (issue 20 item 8): the company dashboard's summary (GET dashboard/summary) of a
 * company with a year of invoices (BENCH_DASHBOARD_ISSUED, default 1,200 issued, and
 * BENCH_DASHBOARD_RECEIVED, default 600 received, in the aggregates and counters as their writes
 * leave them), next to a bare GetItem, the same handler for an empty company and for a company with
 * a tenth of the invoices, all in the same run. The work runs in a child process
 * (infra/bench/dashboard-summary/main.ts, its own DynamoDB Local: the platform's SDK clients are made
 * once per process); this file starts it, bounds its time and prints its figures.
 *
 * Pass: no failed request, no section in fallback; the summary's p99 with every section computed
 * (`refresh=true`) <= 500 ms, reused within the minute <= 60 ms; the items read the same for a
 * tenth of the invoices with the same mix (they follow the months, series, open items and accounts,
 * never the invoices); every figure equal to the seeded sums. Also timed: the recompute of the
 * collection summary behind `avgCollectionDays` (banking, run from the `treasury` queue a few seconds
 * after an issued invoice's open item changes), <= 5 s for the year's receivables.
 */

import { benchChildOutput } from './child';
import type { BenchOutput, Latency, SummaryLatency } from './dashboard-summary/main';

const TIME_LIMIT_MS = Number(process.env.BENCH_DASHBOARD_TIME_LIMIT_MS ?? 10 * 60_000);
/**
 * Ours (issue 20): the first screen's data in under half a second locally with every section computed
 * (about 35 reads in parallel, which DynamoDB Local serves one after another); reused sections
 * within the minute as fast as a list route (reference/performance.md P5: p99 <= 60 ms).
 */
const P99_SUMMARY_MS = 500;
const P99_REUSED_MS = 60;
/**
 * Ours: the recompute runs in the `treasury` consumer (batches of 10 messages, 90 s timeout), so one
 * company's recompute must stay far below 9 s; 5 s leaves room for a loaded machine.
 */
const COLLECTION_RECOMPUTE_MS = 5_000;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
const int = (n: number) => n.toLocaleString('en-US');

/** The bench's lines and verdict (run.ts prints the lines and counts a failure when `ok` is false). */
export async function benchDashboardSummary(): Promise<{ lines: string[]; ok: boolean }> {
  const started = performance.now();
  const out = await benchChildOutput<BenchOutput>({
    script: 'infra/bench/dashboard-summary/main.ts',
    outEnv: 'BENCH_DASHBOARD_OUT',
    limitMs: TIME_LIMIT_MS,
    outPrefix: 'cuadra-bench-dashboard-out-',
  });
  const lines: string[] = [
    `Dashboard summary (child process, fresh DynamoDB Local, today ${out.today ?? '?'}; whole part ${s(performance.now() - started)}):`,
  ];
  let ok = true;
  const seed = out.seed;
  if (seed)
    lines.push(
      `  Setup: ${int(seed.year.issued)} issued + ${int(seed.year.received)} received invoices over 12 months (${int(seed.year.aggregateItems)} tax aggregate items from their merged ADDs, ${int(seed.year.storedItems)} other items: invoices, counters, 150 open receivables, 80 payables, 12 open obligations, 40 accounts' month sums, 25 documents to review; ${int(seed.year.paid)} paid through the treasury projection) in ${s(seed.year.wallMs)}; a tenth-size company (${int(seed.tenth.issued)} + ${int(seed.tenth.received)}, same mix) and an empty one`,
    );
  else ok = false;

  const base = out.getItem;
  const row = (name: string, f: Latency | SummaryLatency | undefined, limit?: number) => {
    if (!f) {
      ok = false;
      lines.push(`    ${name}: not measured`);
      return;
    }
    const fallback = 'fallbackMode' in f && f.fallbackMode;
    const good = f.failed === 0 && f.n > 0 && !fallback && (limit === undefined || f.p99 <= limit);
    ok &&= good;
    const ratio = base ? `x GetItem p50 ${(f.p50 / base.p50).toFixed(1).padStart(5)}` : '';
    const items = 'itemsRead' in f ? `${String(f.itemsRead).padStart(4)} items` : '';
    const verdict =
      f.failed > 0 || f.n === 0
        ? `FAIL (${f.failed} failed)`
        : fallback
          ? 'FAIL (fallback mode)'
          : limit === undefined
            ? ''
            : good
              ? `ok (p99 <= ${limit} ms)`
              : `FAIL (p99 > ${limit} ms)`;
    lines.push(
      `    ${name.padEnd(52)} n ${String(f.n).padStart(3)}  p50 ${ms(f.p50).padStart(8)}  p99 ${ms(f.p99).padStart(8)}  ${ratio}  ${items}  ${verdict}`.trimEnd(),
      ...Object.entries(f.errors).map(([m, n]) => `      failed ${n}x: ${m}`),
    );
  };
  lines.push(
    '  Warm reads through the dashboard handler in process, next to a bare GetItem, same client and run:',
  );
  row('GetItem of the company item (baseline)', base);
  row('GET summary, empty company, refresh (baseline)', out.empty);
  row(
    `GET summary, ${int(seed?.year.issued ?? 0)}+${int(seed?.year.received ?? 0)} invoices, refresh`,
    out.year,
    P99_SUMMARY_MS,
  );
  row('GET summary, same company, sections reused (< 1 min)', out.yearReused, P99_REUSED_MS);
  row(`GET summary, tenth of the invoices, refresh`, out.tenth, P99_SUMMARY_MS);
  if (out.year && out.tenth) {
    const same = out.year.itemsRead === out.tenth.itemsRead;
    ok &&= same;
    lines.push(
      `    items read with every section computed: ${out.year.itemsRead} for the year, ${out.tenth.itemsRead} for a tenth of the invoices, ${out.empty?.itemsRead ?? '?'} for the empty company: ${same ? 'ok (independent of the invoices)' : 'FAIL (they follow the invoices)'}`,
    );
  }
  const recompute = seed?.year.collectionSummary;
  if (recompute) {
    const good = recompute.ms <= COLLECTION_RECOMPUTE_MS;
    ok &&= good;
    const tenth = seed?.tenth.collectionSummary;
    lines.push(
      `  Collection summary recompute (treasury queue; one consistent Query of the receivables): ${int(recompute.receivables)} receivables in ${ms(recompute.ms)}${tenth ? `, a tenth-size company's ${int(tenth.receivables)} in ${ms(tenth.ms)}` : ''}: ${good ? `ok (<= ${int(COLLECTION_RECOMPUTE_MS)} ms)` : `FAIL (> ${int(COLLECTION_RECOMPUTE_MS)} ms)`}`,
    );
  } else ok = false;
  if (out.checks) {
    const wrong = out.checks.filter((c) => c.actual !== c.expected);
    ok &&= wrong.length === 0;
    lines.push(
      `  Figures against the seeded sums: ${out.checks.length - wrong.length}/${out.checks.length} equal${wrong.length ? '' : ' (ok)'}`,
      ...wrong.map((c) => `    FAIL ${c.name}: expected ${c.expected}, got ${c.actual}`),
    );
  } else ok = false;
  if (out.error) {
    ok = false;
    lines.push(`  not completed: ${out.error}`);
  }
  lines.push(
    `  Pass: no failed request or fallback; summary p99 <= ${P99_SUMMARY_MS} ms with every section computed, <= ${P99_REUSED_MS} ms reused; items read independent of the invoices; figures equal to the seeded sums; collection summary recompute <= ${int(COLLECTION_RECOMPUTE_MS)} ms. ${ok ? 'All met.' : 'NOT met.'}`,
  );
  return { lines, ok };
}

/** Runs the part alone: `npx tsx infra/bench/dashboard-summary.ts`. */
export async function printDashboardSummaryBench(): Promise<boolean> {
  const { lines, ok } = await benchDashboardSummary();
  console.log(lines.join('\n'));
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await printDashboardSummaryBench();
  process.exit(ok ? 0 : 1);
}
