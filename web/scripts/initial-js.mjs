/**
 * Gzip size of the SPA's initial JavaScript, after `vite build`: the entry script plus everything
 * index.html preloads, then what each lazy route module adds on top of it (its chunk and the chunks
 * it imports that are not loaded yet). Figures in kB (1000 bytes), gzip level 9; Vite's own build
 * report reads about 1% higher per chunk.
 *
 *   cd web && npx vite build && node scripts/initial-js.mjs
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = join(dist, 'assets');
const ROUTE_MODULES = ['login', 'root', 'companies', 'not-found'];

const gzipBytes = (file) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Chunks a chunk imports statically (Vite's output names them `./name-hash.js`). */
const importsOf = (file) =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map(
    (m) => m[1],
  );

function closure(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file));
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = closure([...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]));
const initialBytes = [...initial].reduce((sum, file) => sum + gzipBytes(file), 0);

for (const file of initial) console.log(`  ${file.padEnd(44)} ${kB(gzipBytes(file))}`);
console.log(`Initial JS (entry + index.html preloads): ${kB(initialBytes)}`);
for (const file of readdirSync(assets)) {
  const route = ROUTE_MODULES.find((name) => file.startsWith(`${name}-`) && file.endsWith('.js'));
  if (!route) continue;
  const extra = [...closure([file])].filter((chunk) => !initial.has(chunk));
  const extraBytes = extra.reduce((sum, chunk) => sum + gzipBytes(chunk), 0);
  console.log(
    `  route ${route.padEnd(10)} +${kB(extraBytes).padEnd(9)} = ${kB(initialBytes + extraBytes)}  (${extra.join(', ')})`,
  );
}
