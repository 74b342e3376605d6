/**
 * `npm run bench` (part 4, issue #5): VeriFacTu under load, next to baselines measured in the same
 * run (reliability.md §9 R7, R4, R5). The work runs in a child process (infra/bench/verifactu/main.ts:
 * the platform's SDK clients are made once per process and the invoices bench already bound them to
 * its own DynamoDB Local); this file starts it, bounds its time and prints its figures.
 *
 *  - Chain: 5 issuers x N invoices (BENCH_VF_INVOICES, default 100) confirmed at once, 10 at a time
 *    per issuer, next to an SII company (no records) doing the same: confirm p50/p99 and the
 *    overhead ratio; then every chain verified. Pass: 0 breaks and N records per issuer.
 *  - Sender: K records (BENCH_VF_RECORDS, default 300) sent to the local AEAT simulator by the
 *    exported SQS handler; baseline without faults and one delivery per trigger, then three
 *    deliveries per trigger (two at once) with ~10 % of messages dropped after being stored.
 *    Pass: every record received exactly once by the simulator, 0 resends without a ConsultaLR,
 *    all VERIFIED, in both runs.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBenchChild } from './child';
import type { BenchOutput, SenderFigures } from './verifactu/main';

/** The child is stopped (and stops its engines) after this long. */
const TIME_LIMIT_MS = Number(process.env.BENCH_VF_TIME_LIMIT_MS ?? 6 * 60_000);

const runChild = (outFile: string) =>
  runBenchChild({
    script: 'infra/bench/verifactu/main.ts',
    outEnv: 'BENCH_VF_OUT',
    outFile,
    limitMs: TIME_LIMIT_MS,
  });

const ms = (x: number) => `${x.toFixed(1)} ms`;
const s = (x: number) => `${(x / 1000).toFixed(1)} s`;

function senderOk(f: SenderFigures): boolean {
  return (
    f.records > 0 &&
    !f.timedOut &&
    f.exactlyOnce === f.records &&
    f.missingAtAeat === 0 &&
    f.resendsWithoutQuery === 0 &&
    (f.statuses.VERIFIED ?? 0) === f.records
  );
}

export async function benchVerifactu(): Promise<{ lines: string[]; ok: boolean }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cuadra-bench-vf-out-'));
  const outFile = path.join(dir, 'result.json');
  const started = performance.now();
  try {
    const { code, log, timedOut } = await runChild(outFile);
    let out: BenchOutput;
    try {
      out = JSON.parse(readFileSync(outFile, 'utf8')) as BenchOutput;
    } catch {
      throw new Error(
        `the child process ${timedOut ? 'was stopped after the time limit' : `exited with ${code}`} without figures\n${log}`,
      );
    }
    const lines: string[] = [
      `VeriFacTu (child process, fresh DynamoDB Local + local AEAT simulator; whole part ${s(performance.now() - started)}):`,
    ];
    let ok = true;
    const c = out.chain;
    if (c) {
      const ratio50 = c.verifactu.p50 / c.sii.p50;
      const ratio99 = c.verifactu.p99 / c.sii.p99;
      const breaks = c.chains.reduce((n, x) => n + x.breaks, 0);
      const allRecords = c.chains.every((x) => x.records === c.perIssuer && x.headSeq === c.perIssuer);
      const chainOk = breaks === 0 && allRecords && c.verifactu.failed === 0 && c.sii.failed === 0;
      ok &&= chainOk;
      const row = (name: string, f: typeof c.sii) =>
        `    ${name.padEnd(40)} n ${String(f.n).padStart(4)}  failed ${f.failed}  p50 ${ms(f.p50).padStart(9)}  p99 ${ms(f.p99).padStart(9)}  ${f.perSecond.toFixed(1).padStart(6)} confirmations/s`;
      lines.push(
        `  R7 chain under concurrency: ${c.issuers} VeriFacTu issuers x ${c.perIssuer} + 1 SII company x ${c.perIssuer}, all at once, ${c.concurrency} concurrent per company (POST invoices/create-and-confirm in process), wall ${s(c.wallMs)}`,
        row(`VeriFacTu issuers (${c.issuers})`, c.verifactu),
        row('SII company, no records (baseline)', c.sii),
        `    overhead VeriFacTu / SII: p50 x${ratio50.toFixed(2)}, p99 x${ratio99.toFixed(2)}`,
        ...[c.verifactu, c.sii].flatMap((f) =>
          Object.entries(f.errors).map(([m, n]) => `    refused ${n}x: ${m}`),
        ),
        `    chain verification (verifactu.chainVerification, ${s(c.verifyMs)}): breaks ${breaks}; records per issuer ${c.chains.map((x) => x.records).join(' / ')} (head seq ${c.chains.map((x) => x.headSeq).join(' / ')})  ${chainOk ? 'ok' : 'FAIL'}${breaks > 0 ? ` ${c.chains.flatMap((x) => x.reasons).join(', ')}` : ''}`,
      );
    } else ok = false;
    if (out.sender) {
      const first = out.sender[0];
      lines.push(
        `  R4/R5 sender exactly-once: ${first?.records ?? 0} records per run, exported SQS handler of workers/submit-records.ts, simulator waiting time 0 s`,
      );
      const header = [
        'run',
        'msgs',
        'dropped',
        'ConsultaLR',
        'handler calls (failed)',
        'received once',
        'max',
        'resends (w/o query)',
        'VERIFIED',
        'confirming',
        'waiting',
        'drain',
        '',
      ];
      const table = [header];
      for (const f of out.sender) {
        const good = senderOk(f);
        ok &&= good;
        table.push([
          f.label,
          String(f.messages),
          String(f.dropped),
          String(f.consults),
          `${f.handlerCalls} (${f.failedCalls})`,
          `${f.exactlyOnce}/${f.records}`,
          String(f.maxDeliveries),
          `${f.resends} (${f.resendsWithoutQuery})`,
          `${f.statuses.VERIFIED ?? 0}/${f.records}`,
          s(f.confirmMs),
          s(f.waitingMs),
          s(f.drainMs),
          good ? 'ok' : 'FAIL',
        ]);
      }
      const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
      for (const r of table) lines.push(`    ${r.map((x, i) => x.padEnd(widths[i]!)).join('  ')}`.trimEnd());
      for (const f of out.sender) {
        const other = Object.entries(f.statuses).filter(([k]) => k !== 'VERIFIED');
        if (other.length > 0)
          lines.push(`    ${f.label}: other states ${JSON.stringify(Object.fromEntries(other))}`);
        if (f.timedOut) lines.push(`    ${f.label}: not drained within the run's time limit`);
        for (const a of f.anomalies) lines.push(`    ${f.label}: ${a}`);
      }
      lines.push(
        '    (per chunk of 10: confirm, trigger, re-trigger every 0.5 s until nothing is pending; drain = first confirmation to all sent; waiting = re-triggering; a dropped message keeps the company waiting for the SOAP time-out, 15 s, then ConsultaLR)',
      );
    } else ok = false;
    if (out.error) {
      ok = false;
      lines.push(`  not completed: ${out.error}`);
    }
    lines.push(
      `  Pass: 0 chain breaks, ${c?.perIssuer ?? '?'} records per issuer; every record received exactly once, 0 resends without ConsultaLR, all VERIFIED. ${ok ? 'All met.' : 'NOT met.'}`,
    );
    return { lines, ok };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
