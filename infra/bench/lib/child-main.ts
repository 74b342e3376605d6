/**
 * The frame of a bench child's main (infra/bench/child.ts starts it): progress lines on stderr, a
 * temporary data directory for its engines, the engines stopped in reverse order at the end (also on
 * failure, on SIGTERM — the parent's time limit — and on SIGINT, a Ctrl-C on `npm run bench`), and
 * its figures written as JSON to the file named by `outEnv` (stdout without it).
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Progress on stderr, `[<tag> HH:MM:SS] what`: the parent shows the tail of it when the run fails. */
export const benchProgress =
  (tag: string) =>
  (what: string): void => {
    process.stderr.write(`[${tag} ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
  };

export interface ChildMainContext {
  /** The run's temporary directory, removed at the end. */
  dataDir: string;
  /** Stops of the engines started, called in reverse order at the end. */
  stops: (() => Promise<void>)[];
}

/**
 * Runs `run` in the frame above; an exception is kept as `output.error` (its stack), never thrown.
 * The caller exits the process afterwards (keep-alive sockets would hold it open).
 */
export async function runChildMain<O extends { error?: string }>(opts: {
  /** The environment variable naming the output file. */
  outEnv: string;
  /** The temporary directory's prefix, e.g. `cuadra-bench-sii-`. */
  tmpPrefix: string;
  output: O;
  run: (ctx: ChildMainContext) => Promise<void>;
}): Promise<void> {
  const outFile = process.env[opts.outEnv];
  const dataDir = mkdtempSync(path.join(tmpdir(), opts.tmpPrefix));
  const stops: (() => Promise<void>)[] = [];
  let stopped = false;
  const stopAll = async () => {
    if (stopped) return;
    stopped = true;
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(signal === 'SIGTERM' ? 143 : 130));
    });
  const output = opts.output;
  try {
    await opts.run({ dataDir, stops });
  } catch (e) {
    output.error = (e as Error).stack ?? String(e);
  } finally {
    await stopAll();
  }
  if (outFile) writeFileSync(outFile, JSON.stringify(output));
  else console.log(JSON.stringify(output, null, 2));
}
