/**
 * The company's own mailbox read over IMAP (imapflow), beside its smart-inbox address (issue 17
 * item 4): a connection test, and the poll the `inbox-imap-poll` schedule runs. New messages (UID
 * above the last one taken; on the first poll the unseen ones) are stored raw under
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

export interface ImapProbe extends ImapTestResult {
  uidValidity: string | null;
  uidNext: number | null;
}

/** Connects, selects the folder and counts its messages. */
export async function probeImap(settings: ImapSettingsBody): Promise<ImapProbe> {
  const imap = client(settings);
  imap.on('error', () => {});
  try {
    await imap.connect();
    const lock = await imap.getMailboxLock(settings.folder, { readOnly: true });
    try {
      const box = imap.mailbox;
      return {
        ok: true,
        messages: box ? box.exists : 0,
        error: null,
        uidValidity: box ? String(box.uidValidity) : null,
        uidNext: box ? box.uidNext : null,
      };
    } finally {
      lock.release();
    }
  } catch (e) {
    return { ok: false, messages: null, error: imapErrorMessage(e), uidValidity: null, uidNext: null };
  } finally {
    await imap.logout().catch(() => imap.close());
  }
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
  const imap = client({ ...settings, password: await openImapPassword(config.companyId, settings) });
  imap.on('error', () => {});
  let fetched = 0;
  try {
    await imap.connect();
    const lock = await imap.getMailboxLock(settings.folder);
    try {
      const box = imap.mailbox;
      const uidValidity = box ? String(box.uidValidity) : null;
      const sameMailbox =
        uidValidity !== null && uidValidity === settings.uidValidity && settings.lastUid > 0;
      const found = sameMailbox
        ? await imap.search({ uid: `${settings.lastUid + 1}:*` }, { uid: true })
        : await imap.search({ seen: false }, { uid: true });
      // `N:*` always answers the highest UID, even when it is below N.
      const uids = (found || []).filter((u) => !sameMailbox || u > settings.lastUid).sort((a, b) => a - b);
      let lastUid = sameMailbox ? settings.lastUid : 0;
      for (const uid of uids.slice(0, MAX_MESSAGES_PER_POLL)) {
        const message = await imap.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
        const source = message ? message.source : undefined;
        if (source) {
          const bytes = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
          const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
          const rawKey = `imap/${config.companyId}/${uid}-${hash}`;
          await deps.raw.put(rawKey, bytes);
          await takeInRawMail(deps, { rawKey, bytes, origin: 'IMAP', companyId: config.companyId, log });
          await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          fetched += 1;
        }
        lastUid = Math.max(lastUid, uid);
      }
      await recordImapPoll(deps, config.companyId, {
        lastPolledAt: polledAt,
        lastError: null,
        uidValidity,
        lastUid,
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
    await imap.logout().catch(() => imap.close());
  }
}
