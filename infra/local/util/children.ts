/**
 * Child processes of the local cloud (DynamoDB Local, cognito-local). A child started with spawn
 * outlives a parent that dies, keeping its port and data files (reference/local-runtime.md §1), so
 * every child is registered here and killed on every exit path, including a synchronous 'exit'.
 * Output goes to a log file, never to our stdout: an inherited pipe kept shells hanging (§1b).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface RunningChild {
  name: string;
  pid: number;
  logFile: string;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous: sending a signal is.
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** PIDs of the children still running, for the lock file (a later start can reap orphans). */
export function runningChildPids(): number[] {
  return [...running].flatMap((c) => (c.pid ? [c.pid] : []));
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; logFile: string },
): RunningChild {
  installExitHook();
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const fd = fs.openSync(opts.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', fd, fd] });
  } finally {
    fs.closeSync(fd);
  }
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      running.delete(child);
      resolve();
    });
    // ENOENT (command missing) emits 'error' and no 'exit'; the log is where callers look.
    child.once('error', (e) => {
      fs.appendFileSync(opts.logFile, `[local] could not start ${command}: ${e.message}\n`);
      exited = true;
      running.delete(child);
      resolve();
    });
  });
  running.add(child);
  return {
    name,
    pid: child.pid ?? -1,
    logFile: opts.logFile,
    alive: () => !exited,
    async stop(graceMs = 3000) {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}

/** The last lines of a child's log, for error messages. */
export function tailOf(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
