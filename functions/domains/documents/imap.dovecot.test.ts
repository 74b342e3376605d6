/**
 * The smart inbox's IMAP mailbox against a real server (issue 17 item 4: "IMAP test and configure with
 * scheduled polling of a real IMAP server"): a Dovecot started for each test (testing/dovecot.ts) and
 * the real code — the test and configure routes, and the `inbox-imap-poll` schedule's
 * `pollAllMailboxes` — on the in-memory table, with the documents' real intake into the in-memory
 * bucket. What is checked: the connection test counts the messages and never echoes the password, a
 * wrong password or folder or a server that is down answers a Spanish error, the password is stored
 * sealed, and a poll takes each message in exactly once, flags it \Seen and records itself, also
 * after the server was down for a while.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnv } from '@functions/platform/testing/env';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { DocumentDetails } from '@shared/schemas/documents';
import {
  ImapSettingsBody,
  type ImapTestResult,
  type InboxConfiguration,
  type InboxEmail,
} from '@shared/schemas/inbox';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inboxConfigureImapRoute } from './actions/inbox-configure-imap';
import { inboxTestImapRoute } from './actions/inbox-test-imap';
import { findInboxConfig, openImapPassword } from './store/inbox-config';
import type { InboxDeps } from './store/inbox-deps';
import { createIncomingDocument } from './store/intake';
import { COMPANY, documentsHarness, sample, silentLog } from './testing/documents-harness';
import { type DovecotServer, startDovecot } from './testing/dovecot';
import { pollAllMailboxes } from './workers/poll-imap';

const PDF = 'F-2024-001.pdf';
const PASSWORD = 'Clave-IMAP-9f3k';
const MAIL_DOMAIN = 'inbox.cuadra.test';
const keyDir = mkdtempSync(join(tmpdir(), 'cuadra-imap-key-'));

// Each test starts its own Dovecot (about a second); a poll against it takes well under that.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

const h = documentsHarness();
useEnv({ CERTIFICATES_LOCAL_KEY_FILE: join(keyDir, 'master.key'), INBOX_MAIL_DOMAIN: MAIL_DOMAIN });

const rawStore = new Map<string, Uint8Array>();
const inbox = (): InboxDeps => ({
  db: h.deps.db,
  table: h.deps.table,
  now: h.deps.now,
  newId: h.deps.newId,
  raw: {
    get: async (key) => rawStore.get(key) ?? null,
    put: async (key, bytes) => {
      rawStore.set(key, new Uint8Array(bytes));
    },
    listSince: async () => [],
  },
  mailDomain: MAIL_DOMAIN,
  // The documents' real intake: the attachment becomes a Document item and an object in the bucket.
  intake: (input) => createIncomingDocument(h.deps, input),
  invokeDraft: h.deps.invokeDraft,
});

/** A supplier's mail with one PDF invoice attached (base64 in 76-character lines, CRLF). */
function invoiceMail(o: { messageId: string; subject: string; fileName?: string; top?: string[] }): string {
  const pdf = Buffer.from(sample(PDF)).toString('base64').replace(/.{76}/g, '$&\r\n');
  const fileName = o.fileName ?? PDF;
  return [
    ...(o.top ?? []),
    'From: Suministros Levante <facturas@suministros-levante.es>',
    'To: Empresa Cliente <administracion@empresa-cliente.es>',
    `Subject: ${o.subject}`,
    `Message-ID: <${o.messageId}>`,
    'Date: Tue, 10 Mar 2026 09:00:00 +0100',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="limite-1"',
    '',
    '--limite-1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Buenos días, adjuntamos la factura del mes.',
    '--limite-1',
    `Content-Type: application/pdf; name="${fileName}"`,
    `Content-Disposition: attachment; filename="${fileName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    pdf,
    '--limite-1--',
    '',
  ].join('\r\n');
}

let server: DovecotServer;
beforeEach(async () => {
  h.reset();
  rawStore.clear();
  server = await startDovecot({ password: PASSWORD });
});
afterEach(async () => {
  await server?.close();
});
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

const settings = (over: Record<string, unknown> = {}) =>
  ImapSettingsBody.parse({
    host: server.host,
    port: server.port,
    secure: false,
    username: server.username,
    password: PASSWORD,
    ...over,
  });

const call = { requestId: 'req-imap-0001', log: silentLog, headers: {}, params: undefined, query: undefined };
const auth = { userId: 'u-owner' } as never;
const scope = { companyId: COMPANY, membership: undefined };

const testImap = async (body: ImapSettingsBody) =>
  (await inboxTestImapRoute.run({ ...call, auth, scope, body }, h.deps)) as ImapTestResult;
const configure = async (body: ImapSettingsBody) =>
  (await inboxConfigureImapRoute.run({ ...call, auth, scope, body }, h.deps)) as InboxConfiguration;
const poll = () => pollAllMailboxes(inbox(), { log: silentLog, remainingMs: () => 900_000 });

const emails = () => h.table.all('InboxEmail') as unknown as InboxEmail[];
const documents = () => h.table.all('Document') as unknown as DocumentDetails[];
const storedImap = async () => (await findInboxConfig(h.deps, COMPANY))?.imap;

describe('POST /smart-inbox/imap/test against Dovecot', () => {
  it('logs in, counts the folder and never echoes the password', async () => {
    server.deliver(invoiceMail({ messageId: 'm1@levante.es', subject: 'Factura 1' }));
    server.deliver(invoiceMail({ messageId: 'm2@levante.es', subject: 'Factura 2' }), { seen: true });

    const result = await testImap(settings());

    expect(result).toEqual({ ok: true, messages: 2, error: null });
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
    // A test only looks: nothing is flagged, nothing is stored.
    expect(server.listMessages().new).toHaveLength(1);
    expect(h.table.all('InboxConfig')).toHaveLength(0);
  });

  it('answers a Spanish error for a wrong password, a missing folder and a server that is down', async () => {
    const wrong = await testImap(settings({ password: 'otra-clave' }));
    const folder = await testImap(settings({ folder: 'Facturas2026' }));
    await server.stop();
    const down = await testImap(settings());

    expect(wrong).toEqual({ ok: false, messages: null, error: 'Usuario o contraseña incorrectos.' });
    expect(folder).toEqual({
      ok: false,
      messages: null,
      error: 'La carpeta indicada no existe en el buzón.',
    });
    expect(down).toEqual({
      ok: false,
      messages: null,
      error: 'El servidor IMAP rechaza la conexión (revisa el puerto).',
    });
    expect(JSON.stringify([wrong, folder, down])).not.toContain('otra-clave');
  });
});

describe('POST /smart-inbox/imap/configure against Dovecot', () => {
  it('stores the mailbox with the password sealed, and refuses one it cannot log in to', async () => {
    const view = await configure(settings());

    expect(view.imap).toEqual({
      host: server.host,
      port: server.port,
      secure: false,
      username: server.username,
      folder: 'INBOX',
      lastPolledAt: null,
      lastError: null,
    });
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
    const item = h.table.get(keys.inboxConfig(COMPANY));
    expect(JSON.stringify(item)).not.toContain(PASSWORD);
    const imap = (await storedImap())!;
    expect(imap.sealedPassword).toMatchObject({
      alg: 'AES-256-GCM',
      keyRef: expect.stringMatching(/^local:/),
    });
    expect(await openImapPassword(COMPANY, imap)).toBe(PASSWORD);
    // Sealed for this company: another company's context cannot open it.
    await expect(openImapPassword('otra-empresa', imap)).rejects.toThrow();

    const refused = await configure(settings({ password: 'otra-clave' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('CORE_004');
    expect((refused as AppError).message).toBe('Usuario o contraseña incorrectos.');
    // The stored mailbox is still the one that worked.
    expect(await openImapPassword(COMPANY, (await storedImap())!)).toBe(PASSWORD);
  });
});

describe('the inbox-imap-poll schedule against Dovecot', () => {
  it('takes a message in exactly once, flags it \\Seen and records the poll', async () => {
    // Verdict headers in a mailbox we did not receive into are anyone's: this one is the sender's.
    const forged = ['Authentication-Results: cuadra.local; spf=pass; dkim=pass; dmarc=pass'];
    server.deliver(
      invoiceMail({ messageId: 'f-2024-001@levante.es', subject: 'Factura F-2024-001', top: forged }),
    );
    await configure(settings());

    const first = await poll();
    h.advance(5 * 60_000);
    const second = await poll();

    expect(first).toEqual({ mailboxes: 1, fetched: 1, failed: 0 });
    expect(second).toEqual({ mailboxes: 1, fetched: 0, failed: 0 });
    expect(emails()).toHaveLength(1);
    const [email] = emails();
    expect(email).toMatchObject({
      companyId: COMPANY,
      origin: 'IMAP',
      status: 'PROCESSED',
      classification: 'INVOICE',
      sender: 'facturas@suministros-levante.es',
      subject: 'Factura F-2024-001',
      messageId: '<f-2024-001@levante.es>',
    });
    expect(email!.verdicts).toEqual({
      spf: 'UNKNOWN',
      dkim: 'UNKNOWN',
      dmarc: 'UNKNOWN',
      spam: 'UNKNOWN',
      virus: 'UNKNOWN',
    });
    expect(email!.attachments).toEqual([
      expect.objectContaining({ fileName: PDF, documentId: expect.any(String), skippedReason: null }),
    ]);
    expect(documents()).toHaveLength(1);
    const [doc] = documents();
    expect(doc).toMatchObject({
      documentId: email!.attachments[0]!.documentId,
      origin: 'IMAP',
      inboxEmailId: email!.inboxId,
      status: 'UPLOADING',
    });
    // The attachment's very bytes went to the documents bucket, the raw mail to the inbound store.
    const objects = [...h.bucket.entries()];
    expect(objects).toHaveLength(1);
    expect(objects[0]![0]).toBe(`incoming/${COMPANY}/${doc!.documentId}/${PDF}`);
    expect(Buffer.from(objects[0]![1].bytes).equals(Buffer.from(sample(PDF)))).toBe(true);
    expect([...rawStore.keys()]).toEqual([
      expect.stringMatching(new RegExp(`^imap/${COMPANY}/1-[0-9a-f]{16}$`)),
    ]);

    expect(server.listMessages()).toEqual({ new: [], cur: ['S'] });
    const imap = await storedImap();
    expect(imap).toMatchObject({ lastPolledAt: h.deps.now().toISOString(), lastError: null, lastUid: 1 });
  });

  it('after the first poll takes new messages by UID, even one the user already read', async () => {
    server.deliver(invoiceMail({ messageId: 'read-before@levante.es', subject: 'Antigua' }), { seen: true });
    await configure(settings());
    await poll();
    expect(emails()).toHaveLength(0);

    server.deliver(invoiceMail({ messageId: 'new-1@levante.es', subject: 'Nueva 1' }), { seen: true });
    server.deliver(invoiceMail({ messageId: 'new-2@levante.es', subject: 'Nueva 2', fileName: 'F-2.pdf' }));
    const result = await poll();

    expect(result.fetched).toBe(2);
    expect(
      emails()
        .map((e) => e.subject)
        .sort(),
    ).toEqual(['Nueva 1', 'Nueva 2']);
    expect(documents()).toHaveLength(2);
    expect(server.listMessages()).toEqual({ new: [], cur: ['S', 'S', 'S'] });
    expect(await storedImap()).toMatchObject({ lastUid: 3, lastError: null });
  });

  it('records the error while the server is down and loses nothing: the next poll takes the mail', async () => {
    await configure(settings());
    await poll();
    await server.stop();
    server.deliver(invoiceMail({ messageId: 'while-down@levante.es', subject: 'Durante la caída' }));
    h.advance(5 * 60_000);

    const down = await poll();

    expect(down).toEqual({ mailboxes: 1, fetched: 0, failed: 1 });
    expect(await storedImap()).toMatchObject({
      lastPolledAt: h.deps.now().toISOString(),
      lastError: 'El servidor IMAP rechaza la conexión (revisa el puerto).',
    });
    expect(emails()).toHaveLength(0);

    await server.start();
    h.advance(5 * 60_000);
    const back = await poll();

    expect(back).toEqual({ mailboxes: 1, fetched: 1, failed: 0 });
    expect(emails().map((e) => [e.subject, e.status])).toEqual([['Durante la caída', 'PROCESSED']]);
    expect(documents()).toHaveLength(1);
    expect(await storedImap()).toMatchObject({ lastPolledAt: h.deps.now().toISOString(), lastError: null });
    expect(server.listMessages()).toEqual({ new: [], cur: ['S'] });
  });

  it('a wrong stored password is recorded as the poll error and nothing is taken', async () => {
    server.deliver(invoiceMail({ messageId: 'x@levante.es', subject: 'Factura' }));
    await configure(settings());
    await server.close();
    server = await startDovecot({ password: 'clave-cambiada' });
    // Same mailbox coordinates but another server: point the stored config at it.
    const item = h.table.get(keys.inboxConfig(COMPANY))!;
    h.table.put({ ...item, imap: { ...(item.imap as object), port: server.port } });
    server.deliver(invoiceMail({ messageId: 'y@levante.es', subject: 'Factura' }));

    const result = await poll();

    expect(result).toEqual({ mailboxes: 1, fetched: 0, failed: 1 });
    expect(await storedImap()).toMatchObject({ lastError: 'Usuario o contraseña incorrectos.' });
    expect(emails()).toHaveLength(0);
    expect(server.listMessages().new).toHaveLength(1);
  });
});
