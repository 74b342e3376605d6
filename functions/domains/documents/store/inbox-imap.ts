/**
 * The company's own mailbox read over IMAP (imapflow), beside its smart-inbox address (issue 17
 * item 4): a connection test, and the poll the `inbox-imap-poll` schedule runs. New messages (UID
 * above the baseline; before there is one, the unseen ones: see `pendingUids`) are stored raw under
 * `imap/<companyId>/<uid>-<hash>` in the inbound bucket, taken in with the same code as SES mail
 * (origin IMAP, the company known), and only then flagged \Seen: a poll that dies midway fetches the
 * same messages again, and the inbox's dedupe (Message-ID / content) keeps them single.
 */

import { createHash } from 'node:crypto';
import type { Logger } from '@functions/platform/logger';
import type { ImapSettingsBody, ImapTestResult } from '@shared/schemas/inbox';
import { ImapFlow } from 'imapflow';
import { openImapPassword, recordImapPoll, type StoredInboxConfig } from './inbox-config';
import type { InboxDeps } from './inbox-deps';
import { takeInRawMail } from './inbox-intake';

/** Messages taken per mailbox and poll (the next poll goes on). */
const MAX_MESSAGES_PER_POLL = 50;

type Connect = Pick<ImapSettingsBody, 'host' | 'port' | 'secure' | 'username' | 'password'>;

function client(s: Connect): ImapFlow {
  return new ImapFlow({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: { user: s.username, pass: s.password },
    logger: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });
}

/** A Spanish message for a failed connection, never echoing the credentials. */
export function imapErrorMessage(e: unknown): string {
  const err = e as { authenticationFailed?: boolean; code?: string; responseText?: string; message?: string };
  if (err?.authenticationFailed) return 'Usuario o contraseña incorrectos.';
  if (err?.code === 'ENOTFOUND' || err?.code === 'EAI_AGAIN') return 'No se encuentra el servidor IMAP.';
  if (err?.code === 'ECONNREFUSED') return 'El servidor IMAP rechaza la conexión (revisa el puerto).';
  if (err?.code === 'ETIMEDOUT' || err?.code === 'CONNECT_TIMEOUT' || err?.code === 'GREETING_TIMEOUT')
    return 'El servidor IMAP no responde.';
  if (err?.responseText && /mailbox|folder|nonexistent|doesn't exist/i.test(err.responseText))
    return 'La carpeta indicada no existe en el buzón.';
  return 'No se ha podido conectar con el servidor IMAP.';
}

/** Logs out when the session is still usable, else just drops the socket; never throws. */
async function closeQuietly(imap: ImapFlow): Promise<void> {
  if (!imap.usable) {
    imap.close();
    return;
  }
  await imap.logout().catch(() => imap.close());
}

/** Connects, examines the folder (read-only: nothing is flagged) and counts its messages. */
export async function probeImap(settings: ImapSettingsBody): Promise<ImapTestResult> {
  const imap = client(settings);
  imap.on('error', () => {});
  try {
    await imap.connect();
    const lock = await imap.getMailboxLock(settings.folder, { readOnly: true });
    try {
      return { ok: true, messages: imap.mailbox ? imap.mailbox.exists : 0, error: null };
    } finally {
      lock.release();
    }
  } catch (e) {
    return { ok: false, messages: null, error: imapErrorMessage(e) };
  } finally {
    await closeQuietly(imap);
  }
}

/**
 * Which messages a poll takes. Once a poll has gone through the whole folder, the stored UIDVALIDITY
 * and `lastUid` are the baseline: every message with a higher UID is new, read or not (the user may
 * well open it in their own mail client before the poll comes). Without a baseline (the first poll
 * after configuring, or the server renumbered the folder: RFC 9051 §2.3.1.1 UIDVALIDITY) the
 * folder's unseen messages are taken instead, and the baseline becomes everything up to UIDNEXT.
 */
async function pendingUids(
  imap: ImapFlow,
  settings: StoredInboxConfig['imap'] & object,
): Promise<{ byUid: boolean; uids: number[]; uidValidity: string | null; top: number }> {
  const box = imap.mailbox;
  const uidValidity = box ? String(box.uidValidity) : null;
  const byUid = uidValidity !== null && uidValidity === settings.uidValidity;
  const found = byUid
    ? await imap.search({ uid: `${settings.lastUid + 1}:*` }, { uid: true })
    : await imap.search({ seen: false }, { uid: true });
  // `N:*` always answers the highest UID, even when it is below N.
  const uids = (found || []).filter((u) => !byUid || u > settings.lastUid).sort((a, b) => a - b);
  // The highest UID the folder had when selected (UIDNEXT - 1; without UIDNEXT, the highest present).
  const top =
    box && box.uidNext > 0
      ? box.uidNext - 1
      : Math.max(0, ...((await imap.search({ all: true }, { uid: true })) || []));
  return { byUid, uids, uidValidity, top };
}

/** One poll of one company's mailbox; errors are recorded on its configuration, not thrown. */
export async function pollImapMailbox(
  deps: InboxDeps,
  config: StoredInboxConfig,
  log: Logger,
): Promise<{ fetched: number; error: string | null }> {
  const settings = config.imap;
  if (!settings) return { fetched: 0, error: null };
  const polledAt = deps.now().toISOString();
  let fetched = 0;
  let imap: ImapFlow | null = null;
  try {
    imap = client({ ...settings, password: await openImapPassword(config.companyId, settings) });
    imap.on('error', () => {});
    await imap.connect();
    const lock = await imap.getMailboxLock(settings.folder);
    try {
      const { byUid, uids, uidValidity, top } = await pendingUids(imap, settings);
      const taking = uids.slice(0, MAX_MESSAGES_PER_POLL);
      let lastUid = byUid ? settings.lastUid : 0;
      for (const uid of taking) {
        const message = await imap.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
        const source = message ? message.source : undefined;
        if (source) {
          const bytes = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
          const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
          const rawKey = `imap/${config.companyId}/${uid}-${hash}`;
          await deps.raw.put(rawKey, bytes);
          await takeInRawMail(deps, { rawKey, bytes, origin: 'IMAP', companyId: config.companyId, log });
          // Only once taken in: a poll that dies before this fetches the message again (deduped).
          await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          fetched += 1;
        }
        lastUid = Math.max(lastUid, uid);
      }
      const caughtUp = taking.length === uids.length;
      // A first poll cut short by the limit keeps taking unseen messages until it has caught up.
      const baseline = byUid || caughtUp;
      await recordImapPoll(deps, config.companyId, {
        lastPolledAt: polledAt,
        lastError: null,
        uidValidity: baseline ? uidValidity : null,
        lastUid: byUid || !caughtUp ? lastUid : Math.max(lastUid, top),
      });
    } finally {
      lock.release();
    }
    return { fetched, error: null };
  } catch (e) {
    const error = imapErrorMessage(e);
    log.warn('IMAP poll failed', { companyId: config.companyId, error, errorName: (e as Error)?.name });
    await recordImapPoll(deps, config.companyId, { lastPolledAt: polledAt, lastError: error });
    return { fetched, error };
  } finally {
    if (imap) await closeQuietly(imap);
  }
}
