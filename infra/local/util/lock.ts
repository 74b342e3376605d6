/**
 * One local cloud per data folder: two DynamoDB Locals or cognito-locals on the same files corrupt
 * them. The lock file names the owner's PID; a lock whose process is gone is taken over, after
 * reaping the children that owner left behind (a killed parent cannot kill them itself).
 */

import fs from 'node:fs';
import path from 'node:path';

export interface LockInfo {
  pid: number;
  startedAt: string;
  url?: string;
  /** PIDs of the owner's child processes, so a later start can reap them if the owner died. */
  children?: number[];
}

export class LockHeldError extends Error {
  constructor(readonly holder: LockInfo) {
    super(`Data folder in use by process ${holder.pid}${holder.url ? ` (${holder.url})` : ''}`);
  }
}

export const lockFile = (dataDir: string) => path.join(dataDir, 'cuadra.lock');

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dataDir: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** The live holder of the lock, if any. */
export function liveHolder(dataDir: string): LockInfo | undefined {
  const info = readLock(dataDir);
  return info && info.pid !== process.pid && isAlive(info.pid) ? info : undefined;
}

/** Kills leftovers of a dead owner, only when /proc confirms they are our engines. */
function reapOrphans(pids: number[]): void {
  for (const pid of pids) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (/DynamoDBLocal|LoopbackDynamoDbLocal|cognito-local/.test(cmd)) process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already, or no /proc on this OS: nothing we can safely do.
    }
  }
}

export interface HeldLock {
  update(info: Partial<LockInfo>): void;
  release(): void;
}

export function acquireLock(dataDir: string): HeldLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  let info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  let taken = false;
  // 'wx' makes creation atomic; a stale lock is removed and creation retried, so of two starts racing
  // for a stale lock only one wins.
  for (let attempt = 0; attempt < 3 && !taken; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: 'wx' });
      taken = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = liveHolder(dataDir);
      if (holder) throw new LockHeldError(holder);
      reapOrphans(readLock(dataDir)?.children ?? []);
      fs.rmSync(file, { force: true });
    }
  }
  if (!taken) throw new Error(`Could not take the lock ${file}`);
  const write = () => fs.writeFileSync(file, JSON.stringify(info));
  return {
    update(patch) {
      info = { ...info, ...patch };
      write();
    },
    release() {
      if (readLock(dataDir)?.pid === process.pid) fs.rmSync(file, { force: true });
    },
  };
}
