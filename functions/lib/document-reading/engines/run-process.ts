/**
 * Runs a local tool (poppler, tesseract) without a shell: arguments as an array, input on stdin or in a
 * private temporary directory, a hard timeout, and one OCR thread (OMP_THREAD_LIMIT=1: the machine's
 * cores are shared, and Tesseract's OpenMP threads make small pages slower, not faster).
 * Failures become ReadingError: a tool that cannot start or times out is retryable; a tool that runs
 * and refuses the input is not (the same bytes would fail again).
 */

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReadingError } from '../reading-error';

export interface RunOptions {
  stdin?: Uint8Array;
  timeoutMs?: number;
  /** Output above this is a failure (a runaway tool must not fill the memory). */
  maxOutputBytes?: number;
}

export async function runProcess(command: string, args: string[], opts: RunOptions = {}): Promise<Buffer> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const maxOutput = opts.maxOutputBytes ?? 256 * 1024 * 1024;
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let settled = false;
    const fail = (e: ReadingError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    };
    const timer = setTimeout(
      () => fail(new ReadingError(`${command} timed out after ${timeoutMs} ms`, { retryable: true })),
      timeoutMs,
    );
    child.on('error', (e) =>
      fail(new ReadingError(`${command} could not start: ${e.message}`, { retryable: true, cause: e })),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxOutput)
        fail(new ReadingError(`${command} produced too much output`, { retryable: false }));
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4000) err += chunk.toString('utf8');
    });
    child.on('close', (code, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else
        reject(
          new ReadingError(`${command} failed (${code ?? signal}): ${err.trim().slice(0, 500)}`, {
            // Killed from outside (out of memory, the sandbox's limits): worth another try.
            retryable: code === null,
          }),
        );
    });
    // A tool that exits before reading all its input closes the pipe: that is its exit code's business.
    child.stdin.on('error', () => {});
    child.stdin.end(
      opts.stdin ? Buffer.from(opts.stdin.buffer, opts.stdin.byteOffset, opts.stdin.byteLength) : undefined,
    );
  });
}

/** A private temporary directory for one reading, always removed. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cuadra-reading-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const available = new Map<string, Promise<boolean>>();

/** Whether a tool is installed (asked once per process: `<tool> -v` / `--version` runs). */
export function hasTool(command: string, versionArg = '-v'): Promise<boolean> {
  let known = available.get(command);
  if (!known) {
    known = runProcess(command, [versionArg], { timeoutMs: 10_000 }).then(
      () => true,
      (e: unknown) => !(e instanceof ReadingError && /could not start/.test(e.message)),
    );
    available.set(command, known);
  }
  return known;
}
