/**
 * Gzip size of the SPA's initial JavaScript, after `vite build`: the entry script plus everything
 * index.html preloads, then what each lazy chunk (the routes) adds on top of it, and the login
 * route's total against its 200 kB target. The measuring lives in infra/bench/spa.ts, shared with
 * `npm run bench`; figures in kB (1000 bytes), gzip level 9.
 *
 *   cd web && npx vite build && node scripts/initial-js.mjs
 */
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { measureSpa, spaDetails } = await tsImport('../../infra/bench/spa.ts', import.meta.url);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
console.log(spaDetails(measureSpa(dist)).join('\n'));
