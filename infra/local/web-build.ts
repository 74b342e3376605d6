/**
 * Builds the SPA for the gateway to serve when web/dist is missing or older than its sources.
 * `vite build` runs as a child process so its memory and plugins stay out of the local cloud.
 */

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

function newestMtime(target: string, skip: (file: string) => boolean): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return skip(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry), skip));
  }
  return newest;
}

export type WebBuildNeed = 'missing-sources' | 'missing' | 'stale' | 'fresh';

export function webBuildNeed(rootDir: string): WebBuildNeed {
  const web = path.join(rootDir, 'web');
  if (!fs.existsSync(path.join(web, 'index.html'))) return 'missing-sources';
  const built = path.join(web, 'dist', 'index.html');
  if (!fs.existsSync(built)) return 'missing';
  const isTest = (f: string) => /\.test\.tsx?$/.test(f);
  // The SPA imports @shared (route table, schemas), so a change there changes the bundle too.
  const sources = Math.max(
    newestMtime(path.join(web, 'src'), isTest),
    newestMtime(path.join(web, 'index.html'), isTest),
    newestMtime(path.join(web, 'vite.config.ts'), isTest),
    newestMtime(path.join(rootDir, 'shared'), isTest),
  );
  return sources > fs.statSync(built).mtimeMs ? 'stale' : 'fresh';
}

/** Runs `vite build` in web/; output goes to `onLine`, failure rejects with the tail of it. */
export function buildWeb(rootDir: string, onLine: (line: string) => void = () => {}): Promise<void> {
  const web = path.join(rootDir, 'web');
  const vitePkg = createRequire(path.join(web, 'package.json')).resolve('vite/package.json');
  const bin = path.join(path.dirname(vitePkg), 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build'], {
      cwd: web,
      // web/dist is the production build, whatever NODE_ENV the caller runs with (vitest sets 'test').
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        onLine(line);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code}):\n${tail.join('\n')}`)),
    );
  });
}
