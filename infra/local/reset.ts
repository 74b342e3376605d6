/**
 * `npm run reset`: deletes the local data folder (tables, objects, users, mail). Refused while a
 * local cloud holds the folder's lock: deleting files under running engines corrupts them.
 */

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveHolder } from './util/lock';

const rootDir = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const dataDir = path.resolve(process.env.CUADRA_DATA_DIR ?? path.join(rootDir, '.local'));

const holder = liveHolder(dataDir);
if (holder) {
  console.error(
    `\n✖ Cuadra está arrancada con estos datos (proceso ${holder.pid}${holder.url ? `, ${holder.url}` : ''}). Párala antes de borrar.\n` +
      `  Cuadra is running on ${dataDir} (pid ${holder.pid}). Stop it before resetting.\n`,
  );
  process.exit(1);
}
if (!fs.existsSync(dataDir)) {
  console.log(`Nada que borrar / nothing to delete: ${dataDir}`);
} else {
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`Borrado / deleted: ${dataDir}`);
}
