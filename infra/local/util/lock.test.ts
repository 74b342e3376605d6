import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, LockHeldError, liveHolder, lockFile, readLock } from './lock';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
const fresh = () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuadra-lock-'));
  return dir;
};

/** A PID that is certainly not running: a child that already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('single-instance lock', () => {
  it('is taken, updated and released by its owner', () => {
    const d = fresh();
    const lock = acquireLock(d);
    expect(readLock(d)?.pid).toBe(process.pid);
    lock.update({ url: 'http://127.0.0.1:3000', children: [1, 2] });
    expect(readLock(d)).toMatchObject({ url: 'http://127.0.0.1:3000', children: [1, 2] });
    lock.release();
    expect(fs.existsSync(lockFile(d))).toBe(false);
  });

  it('is refused while a live process holds it', async () => {
    const d = fresh();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(lockFile(d), JSON.stringify({ pid: holder.pid, startedAt: '', url: 'http://x' }));
      expect(liveHolder(d)?.pid).toBe(holder.pid);
      expect(() => acquireLock(d)).toThrow(LockHeldError);
    } finally {
      holder.kill();
    }
  });

  it('takes over the lock of a dead process', async () => {
    const d = fresh();
    fs.writeFileSync(lockFile(d), JSON.stringify({ pid: await deadPid(), startedAt: '', children: [] }));
    expect(liveHolder(d)).toBeUndefined();
    const lock = acquireLock(d);
    expect(readLock(d)?.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a corrupt lock file', () => {
    const d = fresh();
    fs.writeFileSync(lockFile(d), 'not json');
    acquireLock(d).release();
  });
});
