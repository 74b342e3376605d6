/**
 * The SPA's JavaScript weight, read from a `vite build` output (web/dist): what the login route
 * downloads before it can be used (the entry script, everything index.html preloads, and the lazy
 * chunks of the login route with what they import that is not loaded yet), the total, and the
 * heaviest lazy route. Figures are gzip level 9 in kB (1000 bytes); Vite's own report reads about
 * 1% higher per chunk. Target (issue #11, was 250 kB in issue #3): initial JS of the login route
 * <= 200 kB gzip.
 *
 * Used by `npm run bench` (infra/bench/run.ts) and by `node web/scripts/initial-js.mjs`.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, webBuildNeed } from '../local/web-build';

export const LOGIN_INITIAL_JS_LIMIT = 200_000;

/**
 * The lazy modules the login route renders, by their file name (Vite names a lazy chunk after the
 * module it loads: routes/auth/login.tsx -> login-<hash>.js).
 */
export const LOGIN_ROUTE_MODULES = ['login'];

export interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
}

export interface LazyChunk extends Chunk {
  /** Chunks it brings that the initial load has not (itself included), and their gzip sum. */
  extra: Chunk[];
  extraGzip: number;
}

export interface SpaFigures {
  distDir: string;
  /** Entry script and its static imports, and what index.html preloads. */
  initial: Chunk[];
  initialGzip: number;
  /** Lazy chunks of the login route and what they add on top of `initial`. */
  login: { chunks: LazyChunk[]; extraGzip: number; totalGzip: number };
  /** Every lazily loaded chunk the initial code can import (the routes, mostly). */
  lazy: LazyChunk[];
  /** Every .js file of the build. */
  total: { files: number; bytes: number; gzip: number };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Measures a built SPA folder (the output of `vite build`). */
export function measureSpa(distDir: string): SpaFigures {
  const assets = path.join(distDir, 'assets');
  const cache = new Map<string, Chunk>();
  const chunk = (file: string): Chunk => {
    let c = cache.get(file);
    if (!c) {
      const content = readFileSync(path.join(assets, file));
      c = { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
      cache.set(file, c);
    }
    return c;
  };
  const source = (file: string) => readFileSync(path.join(assets, file), 'utf8');
  /** Chunks a chunk imports statically (Vite writes them as `./name-hash.js`). */
  const staticImports = (file: string) =>
    [...source(file).matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]!);
  /** Chunks a chunk loads lazily: `import("./name-hash.js")`, whatever the quotes. */
  const dynamicImports = (file: string) =>
    [...source(file).matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file) || !existsSync(path.join(assets, file))) continue;
      seen.add(file);
      stack.push(...staticImports(file));
    }
    return seen;
  };
  const sum = (chunks: Chunk[]) => chunks.reduce((n, c) => n + c.gzip, 0);

  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const roots = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
  const initialSet = closure(roots);
  const initial = [...initialSet].map(chunk).sort((a, b) => b.gzip - a.gzip);

  const lazyFiles = new Set<string>();
  const pending = [...initialSet];
  while (pending.length) {
    const file = pending.pop()!;
    for (const lazyFile of dynamicImports(file)) {
      if (lazyFiles.has(lazyFile) || initialSet.has(lazyFile)) continue;
      lazyFiles.add(lazyFile);
      pending.push(...closure([lazyFile]));
    }
  }
  const lazy = [...lazyFiles].map((file): LazyChunk => {
    const extra = [...closure([file])].filter((f) => !initialSet.has(f)).map(chunk);
    return { ...chunk(file), extra, extraGzip: sum(extra) };
  });
  lazy.sort((a, b) => b.gzip - a.gzip);

  const isLoginModule = (file: string) =>
    LOGIN_ROUTE_MODULES.some((name) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file));
  const loginChunks = lazy.filter((c) => isLoginModule(c.file));
  const loginExtra = new Map<string, Chunk>();
  for (const c of loginChunks) for (const e of c.extra) loginExtra.set(e.file, e);
  const loginExtraGzip = sum([...loginExtra.values()]);

  const jsFiles = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const all = jsFiles.map(chunk);
  return {
    distDir,
    initial,
    initialGzip: sum(initial),
    login: { chunks: loginChunks, extraGzip: loginExtraGzip, totalGzip: sum(initial) + loginExtraGzip },
    lazy,
    total: { files: all.length, bytes: all.reduce((n, c) => n + c.bytes, 0), gzip: sum(all) },
  };
}

/**
 * web/dist, built first when missing or older than its sources (the same rule as `npm start`).
 * Returns the folder, or throws when the SPA cannot be built.
 */
export async function builtSpa(rootDir: string): Promise<string> {
  const distDir = path.join(rootDir, 'web', 'dist');
  const need = webBuildNeed(rootDir);
  if (need === 'missing-sources')
    throw new Error('web/index.html does not exist: there is no SPA to measure');
  if (need !== 'fresh') {
    console.log(`Building the SPA with vite (${need})...`);
    await buildWeb(rootDir);
  }
  if (!statSync(path.join(distDir, 'index.html')).isFile()) throw new Error('vite build wrote no index.html');
  return distDir;
}

/** The bench's summary: login-route initial JS against its target, total JS, heaviest route. */
export function spaSummary(f: SpaFigures): { lines: string[]; ok: boolean } {
  const ok = f.login.totalGzip <= LOGIN_INITIAL_JS_LIMIT && f.login.chunks.length > 0;
  const largest = [...f.lazy].sort((a, b) => b.extraGzip - a.extraGzip)[0];
  const lines = [
    `SPA (web/dist, gzip level 9, kB = 1000 bytes)`,
    `  initial JS of the login route:  ${kB(f.login.totalGzip)}  (entry + index.html preloads ${kB(f.initialGzip)}, login route chunks +${kB(f.login.extraGzip)})  target <= ${kB(LOGIN_INITIAL_JS_LIMIT)}: ${
      ok ? 'ok' : f.login.chunks.length === 0 ? 'FAIL (no login route chunk found)' : 'FAIL'
    }`,
    `  total JS:                       ${kB(f.total.gzip)} gzip, ${kB(f.total.bytes)} minified, ${f.total.files} files`,
    largest
      ? `  largest route chunk:            ${largest.file} ${kB(largest.gzip)} (+${kB(largest.extraGzip)} with what it adds to the initial load)`
      : '  largest route chunk:            (no lazy chunk)',
  ];
  return { lines, ok };
}

/** The detailed listing of web/scripts/initial-js.mjs: initial chunks, then what each lazy chunk adds. */
export function spaDetails(f: SpaFigures): string[] {
  const lines = f.initial.map((c) => `  ${c.file.padEnd(44)} ${kB(c.gzip)}`);
  lines.push(`Initial JS (entry + index.html preloads): ${kB(f.initialGzip)}`);
  for (const c of f.lazy) {
    lines.push(
      `  lazy ${c.file.padEnd(40)} +${kB(c.extraGzip).padEnd(9)} = ${kB(f.initialGzip + c.extraGzip)}  (${c.extra
        .map((e) => e.file)
        .join(', ')})`,
    );
  }
  lines.push(
    `Login route (${f.login.chunks.map((c) => c.file).join(', ') || 'no chunk found'}): ${kB(f.login.totalGzip)} (target <= ${kB(LOGIN_INITIAL_JS_LIMIT)})`,
  );
  return lines;
}
