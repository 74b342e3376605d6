/**
 * `npm run bench`: for every Lambda bundle of the manifest, its minified size and the import time
 * of a fresh Node process, next to a DynamoDB-only hello-world bundled and measured the same way in
 * the same run. Targets (issue #2): every bundle under 400 KB; import time at most 2x the hello-world's.
 * Then the SPA's JavaScript (infra/bench/spa.ts): initial JS of the login route against its 200 kB
 * gzip target (issue #11), total JS and the heaviest route chunk. Then the invoices handler in process
 * against DynamoDB Local (infra/bench/invoices.ts, issue #4): list/get/confirm p50 and p99 next to a
 * bare GetItem, and the items read for a quarter's tax aggregates. Then VeriFacTu under load
 * (infra/bench/verifactu.ts, issue #5), the SII sender's exactly-once under duplicate deliveries
 * and lost answers (infra/bench/sii.ts, issue 16 item 9: drain time, receptions per record) and the
 * tax area for a gestor with 200 companies (infra/bench/tax.ts, issue 13): calendar, global obligations and portfolio p50/p99 next to a bare
 * GetItem, and the daily alert run (wall time, then exactly-once on a second run the same day). Last
 * the tax models (infra/bench/taxmodels.ts, issue 14 item 6): the modelo 303 preview of a company
 * with 100,000 invoices in the year (p50/p99 next to a bare GetItem, the aggregate items it reads)
 * and a full recompute from the invoices that must agree with it to the cent. The last four each
 * run in a child process with its own DynamoDB Local. Last, the documents' reading (infra/bench/documents.ts,
 * issue 17 item 8): field accuracy per field and per source on a generated corpus (digital PDFs, scans, QR)
 * and seconds per page, next to the same PDFs read by OCR alone. Then accounting (infra/bench/accounting.ts,
 * issue 18 item 7, a child process with its own DynamoDB Local): the balance sheet and P&L of a company
 * with 100,000 documents in the year read from the month aggregates (p50/p99 next to a bare GetItem,
 * items read), next to a full recompute from every entry that must agree to the cent. Last, bank
 * reconciliation (infra/bench/reconciliation.ts, issue 19 item 3, pure model): the matcher's precision
 * and recall on a seeded month of movements with known truth and its time per 100 movements, next to
 * an exact-amount-only matcher. Then the dashboards (issue 20, each a child process with its own DynamoDB
 * Local): the company dashboard's summary for a company with a year of invoices (infra/bench/dashboard-summary.ts:
 * p50/p99 and items read, computed and reused, next to an empty company and a bare GetItem) and the advisor
 * dashboard for a gestor with 200 companies (infra/bench/dashboard-advisor.ts: cold and cached).
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptionsFor, repoRoot } from '../cdk/bundling';
import { domains, queues, schedules, table, websocket } from '../manifest';
import { benchAccounting } from './accounting';
import { benchDashboardAdvisor } from './dashboard-advisor';
import { benchDashboardSummary } from './dashboard-summary';
import { benchDocuments } from './documents';
import { benchInvoices } from './invoices';
import { benchReconciliation } from './reconciliation';
import { benchSii } from './sii';
import { builtSpa, measureSpa, spaSummary } from './spa';
import { benchTax } from './tax';
import { benchTaxModels } from './taxmodels';
import { benchVerifactu } from './verifactu';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
/**
 * `BENCH_ONLY=bundles,spa,invoices,verifactu,sii,tax,taxmodels,documents,accounting,reconciliation,dashboard-summary,dashboard-advisor` (any subset, comma-separated) runs only
 * those parts; unset, every part runs.
 */
const PARTS = [
  'bundles',
  'spa',
  'invoices',
  'verifactu',
  'sii',
  'tax',
  'taxmodels',
  'documents',
  'accounting',
  'reconciliation',
  'dashboard-summary',
  'dashboard-advisor',
] as const;
type Part = (typeof PARTS)[number];
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const p of only)
  if (!PARTS.includes(p as Part))
    throw new Error(`BENCH_ONLY: unknown part ${p} (parts: ${PARTS.join(', ')})`);
const runs = (part: Part) => only.length === 0 || only.includes(part);
const SIZE_LIMIT = 400 * 1024;
const IMPORT_RATIO_LIMIT = 2;

interface Target {
  name: string;
  entry: string;
  kind: 'api' | 'worker' | 'baseline';
}

function targets(): Target[] {
  const list: Target[] = [
    { name: 'hello-ddb (baseline)', entry: 'infra/bench/hello-ddb.ts', kind: 'baseline' },
  ];
  for (const [name, d] of Object.entries(domains))
    if (d.api) list.push({ name, entry: d.api.entry, kind: 'api' });
  const workers = new Set<string>();
  for (const q of Object.values(queues)) if (q.consumer) workers.add(q.consumer.entry);
  for (const s of Object.values(schedules)) workers.add(s.target.entry);
  for (const c of Object.values(table.streamConsumers)) workers.add(c.entry);
  for (const r of Object.values(websocket.routes)) workers.add(r.entry);
  for (const entry of workers)
    list.push({ name: entry.replace(/^functions\/domains\//, ''), entry, kind: 'worker' });
  return list;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Imports a bundle in a fresh process; returns the `import()` time and the process wall time. */
function importOnce(file: string): { importMs: number; wallMs: number } {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});console.log(performance.now()-t);`;
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, AWS_REGION: 'eu-west-1', TABLE_NAME: 'bench' },
    encoding: 'utf8',
  });
  const wallMs = performance.now() - t;
  if (r.status !== 0) throw new Error(`import of ${file} failed: ${r.stderr}`);
  return { importMs: Number(r.stdout.trim()), wallMs };
}

function bareOnce(): number {
  const t = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - t;
}

/**
 * Round-robin over every bundle (and a bare node) for each run, so that a burst of load on the
 * machine hits all of them alike and the ratios to the baseline stay meaningful.
 */
function measureAll(files: string[]) {
  const imports = files.map(() => [] as number[]);
  const walls = files.map(() => [] as number[]);
  const bare: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    files.forEach((f, i) => {
      const m = importOnce(f);
      if (run === 0) return; // the first round warms the disk cache
      imports[i]!.push(m.importMs);
      walls[i]!.push(m.wallMs);
    });
    const b = bareOnce();
    if (run > 0) bare.push(b);
  }
  return { imports: imports.map(median), walls: walls.map(median), bare: median(bare) };
}

async function benchBundles(): Promise<number> {
  const outDir = path.join(repoRoot, '.bench');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const built: { t: Target; outfile: string; bytes: number; gzip: number }[] = [];
  for (const t of targets()) {
    const outfile = path.join(outDir, `${t.name.replace(/[^a-z0-9]+/gi, '_')}.mjs`);
    await build(esbuildOptionsFor(path.join(repoRoot, t.entry), outfile));
    built.push({ t, outfile, bytes: statSync(outfile).size, gzip: gzipSync(readFileSync(outfile)).length });
  }
  const measured = measureAll(built.map((b) => b.outfile));
  const bare = measured.bare;
  const rows = built.map((b, i) => ({ ...b, importMs: measured.imports[i]!, wallMs: measured.walls[i]! }));
  const baseline = rows.find((r) => r.t.kind === 'baseline')!;

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nLambda bundles (minified ESM, @aws-sdk external), ${RUNS} fresh processes each, medians`);
  console.log(`bare \`node -e 0\` wall: ${bare.toFixed(1)} ms\n`);
  const header = [
    'bundle',
    'kind',
    'minified',
    'gzip',
    'import ms',
    'x hello',
    'wall-bare ms',
    'x hello',
    'targets',
  ];
  const table: string[][] = [header];
  let failed = 0;
  for (const r of rows) {
    const ratio = r.importMs / baseline.importMs;
    const wallRatio = (r.wallMs - bare) / Math.max(baseline.wallMs - bare, 1);
    const sizeOk = r.bytes < SIZE_LIMIT;
    const importOk = r.t.kind === 'baseline' || ratio <= IMPORT_RATIO_LIMIT;
    if (!sizeOk || !importOk) failed++;
    table.push([
      r.t.name,
      r.t.kind,
      kb(r.bytes),
      kb(r.gzip),
      r.importMs.toFixed(1),
      r.t.kind === 'baseline' ? '1.00' : ratio.toFixed(2),
      (r.wallMs - bare).toFixed(1),
      r.t.kind === 'baseline' ? '1.00' : wallRatio.toFixed(2),
      sizeOk && importOk ? 'ok' : `FAIL${sizeOk ? '' : ' size'}${importOk ? '' : ' import'}`,
    ]);
  }
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  console.log(
    `\nTargets: bundle < ${kb(SIZE_LIMIT)}, import time <= ${IMPORT_RATIO_LIMIT}x hello-ddb. ${
      failed === 0 ? 'All bundles meet them.' : `${failed} bundle(s) miss them.`
    }`,
  );
  rmSync(outDir, { recursive: true, force: true });
  return failed;
}

async function main() {
  let failed = runs('bundles') ? await benchBundles() : 0;
  if (runs('spa'))
    try {
      const { lines, ok } = spaSummary(measureSpa(await builtSpa(repoRoot)));
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nSPA: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('invoices'))
    try {
      const { lines, ok } = await benchInvoices();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nInvoices: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('verifactu'))
    try {
      const { lines, ok } = await benchVerifactu();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nVeriFacTu: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('sii'))
    try {
      const { lines, ok } = await benchSii();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nSII: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('tax'))
    try {
      const { lines, ok } = await benchTax();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nTax: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('taxmodels'))
    try {
      const { lines, ok } = await benchTaxModels();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nTax models: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('documents'))
    try {
      const { lines, ok } = await benchDocuments();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nDocuments: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('accounting'))
    try {
      const { lines, ok } = await benchAccounting();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nAccounting: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('reconciliation'))
    try {
      const { lines, ok } = await benchReconciliation();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nReconciliation: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('dashboard-summary'))
    try {
      const { lines, ok } = await benchDashboardSummary();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nDashboard summary: not measured: ${(e as Error).message}`);
      failed++;
    }
  if (runs('dashboard-advisor'))
    try {
      const { lines, ok } = await benchDashboardAdvisor();
      console.log(`\n${lines.join('\n')}`);
      if (!ok) failed++;
    } catch (e) {
      console.log(`\nDashboard advisor: not measured: ${(e as Error).message}`);
      failed++;
    }
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
