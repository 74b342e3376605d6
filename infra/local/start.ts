/**
 * `npm start`: the whole product on this machine (ARCHITECTURE §1). One instance per data folder,
 * loopback only; prints the URL, the demo accounts and the dev mailbox, and stops every engine on
 * Ctrl-C / SIGTERM. With CUADRA_READY_FILE set it writes { url, env, dataDir } there once ready
 * (the integration tests' global setup waits for it).
 */

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LocalCloud, startLocalCloud } from './cloud';
import { DEMO_PASSWORD } from './demo-data';
import { javaMajorVersion } from './engines/dynamodb-local';
import { acquireLock, type HeldLock, LockHeldError } from './util/lock';
import { isPortFree } from './util/ports';
import { buildWeb, webBuildNeed } from './web-build';

const HOST = '127.0.0.1';
const rootDir = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const dataDir = path.resolve(process.env.CUADRA_DATA_DIR ?? path.join(rootDir, '.local'));
const port = Number(process.env.PORT ?? 3000);
const seconds = () => (performance.now() / 1000).toFixed(1);

/** Prints a Spanish + English explanation and exits with 1. */
function fail(es: string, en: string): never {
  console.error(`\n✖ ${es}\n  ${en}\n`);
  process.exit(1);
}

async function preflight(): Promise<void> {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    fail(`PORT no es un puerto válido: ${process.env.PORT}`, `PORT is not a valid port: ${process.env.PORT}`);
  }
  const java = javaMajorVersion();
  if (java === undefined) {
    fail(
      'No se encuentra `java`. DynamoDB Local necesita Java 17 o superior: sudo apt-get install openjdk-17-jre-headless',
      '`java` was not found. DynamoDB Local needs Java 17+: sudo apt-get install openjdk-17-jre-headless',
    );
  }
  if (java < 17) {
    fail(
      `DynamoDB Local necesita Java 17 o superior y \`java\` es la versión ${java}: sudo apt-get install openjdk-17-jre-headless`,
      `DynamoDB Local needs Java 17+, but \`java\` is version ${java}: sudo apt-get install openjdk-17-jre-headless`,
    );
  }
  if (port !== 0 && !(await isPortFree(port, HOST))) {
    fail(
      `El puerto ${port} está ocupado. Cierra lo que lo usa o elige otro: PORT=3001 npm start`,
      `Port ${port} is already in use. Stop whatever uses it or pick another: PORT=3001 npm start`,
    );
  }
}

async function ensureWeb(): Promise<void> {
  if (process.env.CUADRA_SKIP_WEB_BUILD === '1') return;
  const need = webBuildNeed(rootDir);
  if (need === 'missing-sources') {
    console.warn(
      '! web/index.html no existe: se sirve solo la API / web/index.html missing: serving the API only',
    );
    return;
  }
  if (need === 'fresh') return;
  console.log(`Compilando la aplicación web (${need === 'missing' ? 'primera vez' : 'hay cambios'})…`);
  try {
    await buildWeb(rootDir);
  } catch (e) {
    fail('No se pudo compilar la aplicación web.', `The web app build failed.\n${(e as Error).message}`);
  }
}

/** Whether the local OCR engine's programs are missing (documents' scans and photos need them). */
function ocrEngineMissing(): boolean {
  const has = (cmd: string, arg: string) => spawnSync(cmd, [arg], { stdio: 'ignore' }).error === undefined;
  return !has('tesseract', '--version') || !has('pdftoppm', '-v');
}

function printReady(cloud: LocalCloud): void {
  const width = Math.max(...cloud.accounts.map((a) => a.email.length), 10);
  const lines = [
    '',
    `  Cuadra está lista / Cuadra is ready:  ${cloud.info.url}`,
    '',
    cloud.accounts.length
      ? `  Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`
      : '  (sin datos de demostración)',
    ...cloud.accounts.map((a) => `    ${a.email.padEnd(width)}  ${a.role.padEnd(8)} ${a.description}`),
    '',
    `  Correo enviado (buzón de desarrollo):  ${cloud.mailboxUrl}`,
    `  Correo entrante (SMTP):                ${HOST}:${cloud.smtpPort}   (buzón inteligente: <alias>@inbox.cuadra.test)`,
    ...(ocrEngineMissing()
      ? [
          '  ! Sin Tesseract/poppler: las fotos y escaneos no se leen (OCR_FAILED). Instálalos con:',
          '    sudo apt-get install tesseract-ocr tesseract-ocr-spa poppler-utils',
        ]
      : []),
    ...(cloud.info.aeatSimulator
      ? [
          `  Simulador AEAT (VERI*FACTU):           ${cloud.info.aeatSimulator.url}`,
          `    control y recepciones:               ${cloud.info.aeatSimulator.controlUrl}`,
        ]
      : []),
    ...(cloud.info.sandboxBank
      ? [
          `  Banco sandbox (PSD2, GoCardless):      ${cloud.info.sandboxBank.url}   (Banco Sandbox Cuadra, Caja Sandbox Norte)`,
        ]
      : []),
    `  Datos / data:                          ${cloud.info.dataDir}   (npm run reset lo borra)`,
    '',
    `  Arrancada en ${seconds()} s. Ctrl-C para parar.`,
    '',
  ];
  console.log(lines.join('\n'));
}

function writeReadyFile(cloud: LocalCloud): void {
  const file = process.env.CUADRA_READY_FILE;
  if (!file) return;
  const { url, env, dataDir: dir, smtpPort, aeatSimulator } = cloud.info;
  // Written then renamed, so a reader never sees half a file.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ url, env, dataDir: dir, smtpPort, aeatSimulator }));
  fs.renameSync(`${file}.tmp`, file);
}

async function main(): Promise<void> {
  // A ready file left by an earlier run must not pass for this one.
  if (process.env.CUADRA_READY_FILE) fs.rmSync(process.env.CUADRA_READY_FILE, { force: true });
  let lock: HeldLock;
  try {
    lock = acquireLock(dataDir);
  } catch (e) {
    if (e instanceof LockHeldError) {
      fail(
        `Cuadra ya está arrancada con estos datos (proceso ${e.holder.pid}${e.holder.url ? `, ${e.holder.url}` : ''}).`,
        `Cuadra is already running on ${dataDir} (pid ${e.holder.pid}). Stop it first, or set CUADRA_DATA_DIR.`,
      );
    }
    throw e;
  }
  process.on('exit', () => lock.release());

  await preflight();
  await ensureWeb();

  let cloud: LocalCloud;
  try {
    cloud = await startLocalCloud({
      rootDir,
      dataDir,
      port,
      host: HOST,
      smtpPort: process.env.SMTP_PORT ? Number(process.env.SMTP_PORT) : undefined,
    });
  } catch (e) {
    console.error(e);
    fail('No se pudo arrancar la nube local (ver arriba).', 'The local cloud failed to start (see above).');
  }
  lock.update({ url: cloud.info.url, children: cloud.childPids });

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) {
      // A second Ctrl-C: do not wait any longer (children are killed by the exit hook).
      process.exit(code || 130);
    }
    stopping = true;
    console.log('\nParando / stopping…');
    await cloud.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));
  process.on('uncaughtException', (e) => {
    console.error('Error no controlado / uncaught exception:', e);
    void shutdown(1);
  });
  // A handler's forgotten promise would kill the container in Lambda, not the whole local cloud.
  process.on('unhandledRejection', (e) =>
    console.error('Promesa rechazada sin controlar / unhandled rejection:', e),
  );

  printReady(cloud);
  writeReadyFile(cloud);
}

await main();
