/**
 * Vitest global setup of the `integration` project: one local cloud per run, started exactly as
 * `npm start` starts it (a child process on a free port with a fresh data folder), shared by every
 * test file through `inject('localCloud')`.
 *
 * The tests' companies confirm invoices whatever the real date: from the date VeriFacTu is mandatory
 * (RD 1007/2023: 1-1-2027 for Impuesto sobre Sociedades taxpayers, 1-7-2027 for everyone else;
 * shared/fiscal/verifactu-obligation.ts) the product refuses to confirm for a company that cannot
 * send its records. So the harness does what such a company would do, through the API: it
 * configures VeriFacTu (VERI*FACTU mode, test environment, a certificate of the local test CA,
 * sent to the local AEAT simulator) for the demo company the invoicing tests confirm on
 * (TEST_VERIFACTU_COMPANIES). The demo's own invoicing company is configured by the seed already.
 * Tests that need a company without VeriFacTu create their own.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { configureVerifactuThroughApi } from './seed-verifactu';
import type { LocalCloudInfo } from './types';

/** The demo companies the integration tests confirm invoices on, with a member who may configure them. */
export const TEST_VERIFACTU_COMPANIES = [
  { companyId: 'demo-romero-fontaneria', email: 'gestor@cuadra.test' },
] as const;

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: LocalCloudInfo;
  }
}

// A maximum, not a wait: the demo seed (books, SII, models) takes ~30 s alone, several times that on a
// loaded 2-core machine.
const READY_TIMEOUT_MS = 240_000;
const rootDir = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

let child: ChildProcess | undefined;
let tempDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-it-'));
  const dataDir = path.join(tempDir, 'data');
  const readyFile = path.join(tempDir, 'ready.json');
  const logFile = path.join(tempDir, 'start.log');
  const out = fs.openSync(logFile, 'a');
  child = spawn(path.join(rootDir, 'node_modules', '.bin', 'tsx'), ['infra/local/start.ts'], {
    cwd: rootDir,
    env: {
      ...process.env,
      PORT: '0',
      CUADRA_DATA_DIR: dataDir,
      CUADRA_READY_FILE: readyFile,
      // The SPA has its own tests; the API does not need a fresh bundle.
      CUADRA_SKIP_WEB_BUILD: '1',
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);

  const info = await waitForReady(child, readyFile, logFile);
  try {
    for (const c of TEST_VERIFACTU_COMPANIES) await configureVerifactuThroughApi(info, c);
  } catch (e) {
    await teardown();
    throw e;
  }
  project.provide('localCloud', info);
}

export async function teardown(): Promise<void> {
  const running = child;
  child = undefined;
  if (running && running.exitCode === null && running.signalCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (tempDir && !process.env.CUADRA_KEEP_TEST_DATA) fs.rmSync(tempDir, { recursive: true, force: true });
}

async function waitForReady(proc: ChildProcess, readyFile: string, logFile: string): Promise<LocalCloudInfo> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const log = () => fs.readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n');
  while (Date.now() < deadline) {
    if (fs.existsSync(readyFile)) return JSON.parse(fs.readFileSync(readyFile, 'utf8')) as LocalCloudInfo;
    if (proc.exitCode !== null || proc.signalCode !== null) {
      const message = `The local cloud exited (${proc.exitCode ?? proc.signalCode}) before it was ready:\n${log()}`;
      await teardown();
      throw new Error(message);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const message = `The local cloud was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${log()}`;
  await teardown();
  throw new Error(message);
}
