/**
 * `npm run bench` (part `sii`, issue 16 item 9): the SII sender submits each record exactly once
 * under duplicate deliveries and lost answers. The work runs in a child process
 * (infra/bench/sii/main.ts: its own DynamoDB Local, S3, SQS and AEAT simulator; the platform's SDK
 * clients are made once per process); this file starts it, bounds its time and prints its figures.
 *
 * N invoices (BENCH_SII_RECORDS, default 1,000) per run go confirm → event → registration → the
 * exported SQS handler of workers/submit-records.ts → the simulator's SII, in chunks
 * (BENCH_SII_CHUNK, default 20). Baseline: no faults, one delivery per trigger. Faults: every
 * trigger delivered three times (two at once) and 10 % of the answers dropped by the simulator
 * after it stored the records (seeded). Pass, in both runs: every record received exactly once and
 * stored once by the simulator (its own count of receptions), all ACCEPTED, nothing left pending.
 */

import { benchChildOutput } from './child';
import type { SiiBenchOutput, SiiRunFigures } from './sii/main';

/** The child is stopped (and stops its engines) after this long. */
const TIME_LIMIT_MS = Number(process.env.BENCH_SII_TIME_LIMIT_MS ?? 6 * 60_000);

const s = (x: number) => `${(x / 1000).toFixed(1)} s`;

export function siiRunOk(f: SiiRunFigures): boolean {
  return (
    f.records > 0 &&
    !f.timedOut &&
    f.missingAtAeat === 0 &&
    f.notReceivedOnce === 0 &&
    f.notStoredOnce === 0 &&
    (f.statuses.ACCEPTED ?? 0) === f.records
  );
}

export async function benchSii(): Promise<{ lines: string[]; ok: boolean }> {
  const started = performance.now();
  const out = await benchChildOutput<SiiBenchOutput>({
    script: 'infra/bench/sii/main.ts',
    outEnv: 'BENCH_SII_OUT',
    limitMs: TIME_LIMIT_MS,
    outPrefix: 'cuadra-bench-sii-out-',
  });
  const lines: string[] = [
    `SII (child process, fresh DynamoDB Local + S3 + SQS + local AEAT simulator; whole part ${s(performance.now() - started)}):`,
  ];
  let ok = true;
  const runs = out.runs ?? [];
  if (runs.length > 0) {
    const first = runs[0]!;
    lines.push(
      `  Sender exactly-once: ${first.records} confirmed invoices per run, INVOICE_CONFIRMED message → registerEvent (FE entry QUEUED) → exported SQS handler of workers/submit-records.ts → simulator's SII, chunks of ${first.chunk}`,
    );
    const header = [
      'run',
      'msgs',
      'records/msg',
      'dropped',
      'ConsultaLR',
      'handler calls (failed)',
      'received/record',
      'stored/record',
      '!= 1',
      'ACCEPTED',
      'setup',
      'register',
      'waiting',
      'drain',
      '',
    ];
    const table = [header];
    for (const f of runs) {
      const good = siiRunOk(f);
      ok &&= good;
      table.push([
        f.label,
        String(f.messages),
        `${f.recordsPerMessage.min}-${f.recordsPerMessage.max} (${f.recordsPerMessage.mean.toFixed(1)})`,
        `${f.dropped}/${f.messages}`,
        String(f.consults),
        `${f.handlerCalls} (${f.failedCalls})`,
        `${f.received.min}-${f.received.max}`,
        `${f.stored.min}-${f.stored.max}`,
        String(Math.max(f.notReceivedOnce, f.notStoredOnce)),
        `${f.statuses.ACCEPTED ?? 0}/${f.records}`,
        s(f.setupMs),
        s(f.registerMs),
        s(f.waitingMs),
        s(f.drainMs),
        good ? 'ok' : 'FAIL',
      ]);
    }
    const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
    for (const r of table) lines.push(`    ${r.map((x, i) => x.padEnd(widths[i]!)).join('  ')}`.trimEnd());
    for (const f of runs) {
      const other = Object.entries(f.statuses).filter(([k]) => k !== 'ACCEPTED');
      if (other.length > 0)
        lines.push(`    ${f.label}: other states ${JSON.stringify(Object.fromEntries(other))}`);
      if (f.registered !== f.records || Object.keys(f.notRegistered).length > 0)
        lines.push(
          `    ${f.label}: ${f.registered} events registered, ${f.records} entries; other outcomes ${JSON.stringify(f.notRegistered)}`,
        );
      if (f.missingAtAeat > 0)
        lines.push(`    ${f.label}: ${f.missingAtAeat} records never reached the AEAT`);
      if (f.timedOut) lines.push(`    ${f.label}: not drained within the run's time limit`);
      for (const a of f.anomalies) lines.push(`    ${f.label}: ${a}`);
    }
    lines.push(
      '    (per chunk: register its events, trigger, re-trigger every 0.5 s until nothing is QUEUED or SENT; setup = the company and its invoices stored, before the clock; drain = first registration to all ACCEPTED; register = the registration worker; waiting = re-triggering; a lost answer keeps the book waiting for the SOAP time-out, 15 s, then ConsultaLR; received = times a record went through the simulator, stored = times it was kept; != 1 = records received or stored other than once)',
    );
  } else ok = false;
  if (out.error) {
    ok = false;
    lines.push(`  not completed: ${out.error}`);
  }
  lines.push(
    `  Pass: every record received and stored exactly once by the simulator, all ACCEPTED, nothing pending, in both runs. ${ok ? 'All met.' : 'NOT met.'}`,
  );
  return { lines, ok };
}
