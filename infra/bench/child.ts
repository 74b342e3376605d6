/**
 * A bench part that runs in a child process of its own (its own DynamoDB Local and engines: the
 * platform's SDK clients are made once per process). The child writes its figures as JSON to the
 * file named in `outEnv`; it is stopped with SIGTERM after `limitMs` (it stops its engines, then
 * exits) and killed 30 s later if it is still there. The last 4000 characters of its output are
 * kept for the error message.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../cdk/bundling';

export interface ChildRun {
  code: number | null;
  log: string;
  timedOut: boolean;
}

export function runBenchChild(opts: {
  /** The child's module, relative to the repository root. */
  script: string;
  outEnv: string;
  outFile: string;
  limitMs: number;
}): Promise<ChildRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, opts.script)], {
      cwd: repoRoot,
      env: { ...process.env, [opts.outEnv]: opts.outFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const keep = (c: Buffer) => {
      log = (log + c.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    let kill: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    }, opts.limitMs);
    child.on('exit', (code) => {
      clearTimeout(limit);
      if (kill) clearTimeout(kill);
      resolve({ code, log, timedOut });
    });
  });
}

/**
 * Runs the child with its output file in a temporary directory (`<outPrefix>…/result.json`, removed
 * afterwards) and returns the figures it wrote; without them, throws with how the child ended and
 * the tail of its output.
 */
export async function benchChildOutput<O>(opts: {
  script: string;
  outEnv: string;
  limitMs: number;
  /** The output directory's prefix, e.g. `cuadra-bench-sii-out-`. */
  outPrefix: string;
}): Promise<O> {
  const dir = mkdtempSync(path.join(tmpdir(), opts.outPrefix));
  const outFile = path.join(dir, 'result.json');
  try {
    const { code, log, timedOut } = await runBenchChild({
      script: opts.script,
      outEnv: opts.outEnv,
      outFile,
      limitMs: opts.limitMs,
    });
    try {
      return JSON.parse(readFileSync(outFile, 'utf8')) as O;
    } catch {
      throw new Error(
        `the child process ${timedOut ? 'was stopped after the time limit' : `exited with ${code}`} without figures\n${log}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
