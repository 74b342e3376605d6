/**
 * A real IMAP server for the smart inbox's IMAP tests (issue 17 item 4): Debian's Dovecot
 * (`dovecot-imapd`, installed by .ci/run) started in the foreground with its own configuration in a
 * temp dir — plaintext login on 127.0.0.1 and a free port, one user in a passwd-file, a Maildir the
 * test drops messages into (RFC-style delivery: written in tmp/, renamed into new/ or cur/).
 *
 * As root (CI) the mailbox belongs to Dovecot's own `dovecot` user (Dovecot never opens mail as
 * uid 0); otherwise every Dovecot process runs as the current user and group (no chroot). `stop()` / `start()` take the
 * server down and up again on the same port and Maildir (a server that is down for a while).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const DOVECOT = '/usr/sbin/dovecot';
const READY_TIMEOUT_MS = 15_000;

export interface DovecotServer {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The user's INBOX (a Maildir). */
  maildir: string;
  /** Drops a raw message into the INBOX (new/, or cur/ flagged \Seen); answers its file name. */
  deliver(raw: string | Uint8Array, opts?: { seen?: boolean }): string;
  /** The INBOX's messages by Maildir folder and flags (`S` = \Seen), e.g. `{ new: [], cur: ['S'] }`. */
  listMessages(): { new: string[]; cur: string[] };
  /** Takes the server down (the port refuses connections) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again (same port, same Maildir) and waits for its greeting. */
  start(): Promise<void>;
  /** Stops it and removes its temp dir. */
  close(): Promise<void>;
  /** Dovecot's own log (for failure messages). */
  log(): string;
}

/** The uid/gid the mailbox is opened as, and the user and group Dovecot's services run as. */
function identities(): {
  uid: number;
  gid: number;
  internalUser: string;
  internalGroup: string;
  loginUser: string;
} {
  const field = (file: string, match: (row: string[]) => boolean) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.split(':'))
      .find(match);
  const me = userInfo();
  if (me.uid !== 0) {
    const group = field('/etc/group', (g) => Number(g[2]) === me.gid)?.[0];
    if (!group) throw new Error(`Dovecot needs a group name for gid ${me.gid} (none in /etc/group)`);
    return {
      uid: me.uid,
      gid: me.gid,
      internalUser: me.username,
      internalGroup: group,
      loginUser: me.username,
    };
  }
  const dovecot = field('/etc/passwd', (u) => u[0] === 'dovecot');
  if (!dovecot) throw new Error('dovecot-imapd is installed without its `dovecot` system user');
  return {
    uid: Number(dovecot[2]),
    gid: Number(dovecot[3]),
    internalUser: 'dovecot',
    internalGroup: 'dovecot',
    loginUser: field('/etc/passwd', (u) => u[0] === 'dovenull') ? 'dovenull' : 'dovecot',
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the server greets (`* OK`) on the port. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let seen = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      if (seen.includes('\r\n')) done(seen.startsWith('* OK'));
    });
    socket.on('error', () => done(false));
  });
}

function config(dir: string, port: number, ids: ReturnType<typeof identities>): string {
  return [
    'protocols = imap',
    'listen = 127.0.0.1',
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    `instance_name = cuadra-test-${port}`,
    // Loopback only: plaintext login is what the test exercises (`secure: false`).
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    // Dovecot waits 2 s before answering a failed login; the tests need no such brake.
    'auth_failure_delay = 0',
    `default_internal_user = ${ids.internalUser}`,
    `default_login_user = ${ids.loginUser}`,
    `default_internal_group = ${ids.internalGroup}`,
    // The mailbox's owner is a system user (uid < 500, Dovecot's default floor).
    'first_valid_uid = 1',
    'first_valid_gid = 1',
    `mail_location = maildir:${dir}/Maildir`,
    `passdb {\n  driver = passwd-file\n  args = ${dir}/passwd\n}`,
    `userdb {\n  driver = passwd-file\n  args = ${dir}/passwd\n}`,
    // Nor the growing delay anvil puts on an address after failed logins (Dovecot's documented switch).
    // No chroot for the login and anvil services: a Dovecot that is not root cannot chroot.
    'service anvil {\n  chroot =\n  unix_listener anvil-auth-penalty {\n    mode = 0\n  }\n}',
    'service imap-login {',
    '  chroot =',
    `  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }`,
    '  inet_listener imaps {\n    port = 0\n  }',
    '}',
    '',
  ].join('\n');
}

/** Starts a Dovecot with one user (`facturas` / the given password) and an empty INBOX. */
export async function startDovecot(
  opts: { username?: string; password?: string } = {},
): Promise<DovecotServer> {
  if (!existsSync(DOVECOT) || !existsSync('/usr/lib/dovecot/imap'))
    throw new Error('Dovecot is not installed: apt-get install dovecot-imapd (.ci/run installs it)');
  const username = opts.username ?? 'facturas';
  const password = opts.password ?? 'clave-de-prueba-1';
  const ids = identities();
  const port = await freePort();
  const dir = join(tmpdir(), `cuadra-dovecot-${process.pid}-${port}`);
  const maildir = join(dir, 'Maildir');
  for (const sub of ['run', 'state', 'home', 'Maildir/new', 'Maildir/cur', 'Maildir/tmp'])
    mkdirSync(join(dir, sub), { recursive: true });
  // Dovecot's unprivileged services must reach the passwd-file and the Maildir.
  chmodSync(dir, 0o755);
  for (const sub of ['home', 'Maildir', 'Maildir/new', 'Maildir/cur', 'Maildir/tmp'])
    chownSync(join(dir, sub), ids.uid, ids.gid);
  writeFileSync(
    join(dir, 'passwd'),
    `${username}:{PLAIN}${password}:${ids.uid}:${ids.gid}::${dir}/home::\n`,
    { mode: 0o644 },
  );
  writeFileSync(join(dir, 'dovecot.conf'), config(dir, port, ids), { mode: 0o644 });

  let child: ChildProcess | null = null;
  let delivered = 0;
  const logOf = () => {
    const file = join(dir, 'dovecot.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };

  const start = async () => {
    let output = '';
    const proc = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (c) => (output += String(c)));
    proc.stderr?.on('data', (c) => (output += String(c)));
    child = proc;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) break;
      if (await greets(port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    proc.kill('SIGKILL');
    throw new Error(`Dovecot did not start on port ${port}:\n${output}\n${logOf()}`);
  };

  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    host: '127.0.0.1',
    port,
    username,
    password,
    maildir,
    deliver(raw, o = {}) {
      delivered += 1;
      const base = `${Date.now()}.M${delivered}P${process.pid}.cuadra-test`;
      const name = o.seen ? `${base}:2,S` : base;
      const tmp = join(maildir, 'tmp', base);
      writeFileSync(tmp, raw, { mode: 0o644 });
      chownSync(tmp, ids.uid, ids.gid);
      renameSync(tmp, join(maildir, o.seen ? 'cur' : 'new', name));
      return name;
    },
    listMessages() {
      const flags = (f: string) => (f.includes(':2,') ? f.slice(f.indexOf(':2,') + 3) : '');
      return {
        new: readdirSync(join(maildir, 'new')).map(flags),
        cur: readdirSync(join(maildir, 'cur')).map(flags),
      };
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    log: logOf,
  };
}
