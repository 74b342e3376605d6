/**
 * The EMAIL channel of notifications on the local cloud (issue 20): with immediate e-mails
 * (emailDigest 'never') a notification created through the API reaches the dev mailbox once, through
 * the table stream, the mail outbox and the mail worker; with the daily digest nothing is mailed at
 * once, and the `notifications-digest` schedule (run as of tomorrow) sends ONE digest listing what is
 * still unread (and not what was already e-mailed) — running it again that day sends nothing more.
 */

import type { Notification } from '@shared/schemas/notifications';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const EMAIL = 'gestor@cuadra.test';
const COMPANY = 'demo-panaderia-espiga';
const madridTomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + 86_400_000));
const DIGEST_SUBJECT = /^Resumen diario de Cuadra: \d+ notificaci(ón|ones) sin leer$/;

async function mailsTo(to: string, since: string): Promise<SentMail[]> {
  const res = await fetch(new URL('/_dev/mailbox.json', cloud.url));
  return ((await res.json()) as SentMail[]).filter((m) => m.to.includes(to) && m.at >= since);
}

async function waitForMails(
  what: string,
  probe: () => Promise<SentMail[]>,
  timeoutMs = 30_000,
): Promise<SentMail[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${what} within ${timeoutMs} ms`);
}

/**
 * Runs the digest schedule "as if it were" `day` (07:00 Madrid, the local schedules page's `dia`).
 * The local cloud already sent today's digests when it started (infra/local/cloud.ts), and a person
 * gets one a day, so the test runs tomorrow's.
 */
async function runDigestSchedule(day: string): Promise<void> {
  const res = await fetch(new URL('/_dev/schedules/notifications-digest/run', cloud.url), {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: new URLSearchParams({ dia: day }),
  });
  const body = (await res.json()) as { ok: boolean; error?: string };
  expect(res.status, body.error).toBe(200);
}

describe('notification e-mails on the local cloud', () => {
  let token: string;
  beforeAll(async () => {
    token = await api.login(EMAIL);
  });

  const setDigest = async (emailDigest: 'daily' | 'never') => {
    const res = await api.request('PUT', '/api/v1/notifications/preferences', {
      token,
      body: { channels: { IN_APP: true, EMAIL: true }, types: { ocr: true, invoices: true }, emailDigest },
    });
    expect(res.status).toBe(200);
  };
  const createTest = async (type: string) => {
    const res = await api.request<Notification>('POST', '/api/v1/notifications/test', {
      token,
      companyId: COMPANY,
      body: { type },
    });
    expect(res.status).toBe(201);
    if (!res.body.success) throw new Error('test notification failed');
    return res.body.data;
  };

  it('e-mails at once with immediate e-mails, then sends one daily digest of what is unread', async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    const tomorrow = madridTomorrow();
    // Other files share this cloud and may have left unread test notifications with the same titles:
    // read them all first, so the digest lists exactly what this test leaves unread.
    const readAll = await api.request('PUT', '/api/v1/notifications/read-all', { token, companyId: COMPANY });
    expect(readAll.status).toBe(200);

    // Immediate: the notification arrives by e-mail, once, with its link.
    await setDigest('never');
    const immediate = await createTest('invoice_created');
    const [mail] = await waitForMails('immediate e-mail', async () =>
      (await mailsTo(EMAIL, start)).filter((m) => m.subject.endsWith(`: ${immediate.title}`)),
    );
    expect(mail!.text).toContain(immediate.message);
    expect(mail!.text).toMatch(/Ver en Cuadra: https?:\/\/\S+\/app\/notifications/);

    // Daily digest: nothing at once...
    await setDigest('daily');
    const digested = await createTest('ocr_completed');
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mailsTo(EMAIL, start)).filter((m) => m.subject.endsWith(`: ${digested.title}`))).toEqual(
      [],
    );

    // ...and one digest listing it (not the one already e-mailed), even when the schedule runs twice.
    await runDigestSchedule(tomorrow);
    const [digest] = await waitForMails('digest', async () =>
      (await mailsTo(EMAIL, start)).filter((m) => DIGEST_SUBJECT.test(m.subject)),
    );
    expect(digest!.text).toContain(`- ${digested.title}`);
    expect(digest!.text).not.toContain(`- ${immediate.title} (`);
    expect(digest!.text).toMatch(/https?:\/\/\S+\/app\/notifications/);

    await runDigestSchedule(tomorrow);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mailsTo(EMAIL, start)).filter((m) => DIGEST_SUBJECT.test(m.subject))).toHaveLength(1);
    expect(
      (await mailsTo(EMAIL, start)).filter((m) => m.subject.endsWith(`: ${immediate.title}`)),
    ).toHaveLength(1);
  });
});
