/**
 * Meetings and their reminders (issue 20) against the local cloud, over real HTTP:
 * - the demo client (cliente@cuadra.test) asks Panadería La Espiga's advisor for a meeting at 09:00
 *   on the first date the modal offers; the demo gestor sees it and confirms it; both get the
 *   confirmation e-mail with the iCalendar invitation in the dev mailbox;
 * - the client adds a reminder 120 minutes before; the `appointment-reminders` schedule, run through
 *   the dev page "as if it were" the meeting's day (07:00 Madrid, i.e. 120 minutes before), tells
 *   both sides in the bell; the 60-minute reminder is then sent by the schedule's run as if it were
 *   60 minutes before (the worker's function on the same table: the dev page only takes a day), and
 *   a second run at the same time tells nobody again.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { runReminders } from '@functions/domains/portal/workers/send-reminders';
import { createLogger } from '@functions/platform/logger';
import type { Page } from '@shared/api/envelope';
import type { Meeting } from '@shared/schemas/meetings';
import { meetingDateOptions } from '@shared/schemas/meetings';
import type { Notification } from '@shared/schemas/notifications';
import { describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  { marshallOptions: { removeUndefinedValues: true } },
);
const PANADERIA = 'demo-panaderia-espiga';
const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>): T => {
  if (!res.body.success) throw new Error(`${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

async function mailsTo(to: string): Promise<SentMail[]> {
  const res = await fetch(new URL('/_dev/mailbox.json', cloud.url));
  return ((await res.json()) as SentMail[]).filter((m) => m.to.includes(to));
}

async function waitForMail(to: string, subjectStart: string, timeoutMs = 30_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailsTo(to)).find((m) => m.subject.startsWith(subjectStart));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} starting «${subjectStart}» within ${timeoutMs} ms`);
}

async function reminders(token: string, meetingId: string): Promise<Notification[]> {
  const res = await api.request<Page<Notification>>('GET', '/api/v1/notifications', {
    token,
    companyId: PANADERIA,
    query: { size: '100' },
  });
  return dataOf(res).content.filter(
    (n) => n.type === 'meeting_reminder' && n.link === `/app/meetings?id=${meetingId}`,
  );
}

describe('meetings: request, confirmation, reminders', () => {
  it('the client asks, the gestor confirms, the schedule reminds both once per reminder', async () => {
    const client = await api.login('cliente@cuadra.test');
    const gestor = await api.login('gestor@cuadra.test');
    const date = meetingDateOptions(madridToday())[0]!;
    const subject = `Revisión trimestral ${Date.now().toString(36)}`;

    const missing = await api.request('POST', '/api/v1/meetings', {
      token: client,
      companyId: PANADERIA,
      body: { duration: 30, type: 'VIDEO', subject },
    });
    expect(missing.status).toBe(400);

    const requested = dataOf(
      await api.request<Meeting>('POST', '/api/v1/meetings', {
        token: client,
        companyId: PANADERIA,
        body: { date, time: '09:00', duration: 30, type: 'VIDEO', subject, notes: 'Traeré las facturas' },
      }),
    );
    expect(requested.status).toBe('REQUESTED');
    expect(requested.advisorId).not.toBeNull();

    const staffList = dataOf(
      await api.request<Meeting[]>('GET', '/api/v1/meetings', { token: gestor, companyId: PANADERIA }),
    );
    expect(staffList.map((m) => m.meetingId)).toContain(requested.meetingId);

    const confirmed = dataOf(
      await api.request<Meeting>('POST', `/api/v1/meetings/${requested.meetingId}/confirm`, {
        token: gestor,
        companyId: PANADERIA,
        body: { location: 'https://meet.example/espiga' },
      }),
    );
    expect(confirmed.status).toBe('CONFIRMED');
    for (const to of ['cliente@cuadra.test', 'gestor@cuadra.test']) {
      const mail = await waitForMail(to, `Reunión confirmada: ${subject}`);
      // The invitation is attached as reunion.ics (text/calendar; method=REQUEST), not pasted in the body.
      expect(mail.attachments).toEqual([
        expect.objectContaining({
          filename: 'reunion.ics',
          contentType: expect.stringContaining('text/calendar'),
        }),
      ]);
      expect(mail.raw).toContain('method=REQUEST');
    }

    const withReminder = dataOf(
      await api.request<Meeting>('POST', '/api/v1/appointments/reminders', {
        token: client,
        companyId: PANADERIA,
        body: { appointmentId: requested.meetingId, minutesBefore: 120 },
      }),
    );
    expect(withReminder.reminders).toEqual([120, 60]);

    // The schedule through the local cloud, as if it were the meeting's day at 07:00 Madrid.
    const ran = await fetch(new URL('/_dev/schedules/appointment-reminders/run', cloud.url), {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({ dia: date }),
    });
    expect(ran.status).toBe(200);
    expect((await reminders(client, requested.meetingId)).length).toBe(1);
    expect((await reminders(gestor, requested.meetingId)).length).toBe(1);

    // As if it were 60 minutes before: the second reminder, once, even when run twice.
    const deps = {
      db,
      table: cloud.env.TABLE_NAME!,
      newId: () => crypto.randomUUID().replace(/-/g, ''),
      appUrl: cloud.url,
    };
    const at = new Date(Date.parse(confirmed.startsAt) - 60 * 60_000);
    const log = createLogger({ test: 'meetings.int' });
    const first = await runReminders(deps, at, log);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    await runReminders(deps, at, log);
    const toClient = await reminders(client, requested.meetingId);
    const toGestor = await reminders(gestor, requested.meetingId);
    expect(toClient).toHaveLength(2);
    expect(toGestor).toHaveLength(2);
    expect(toClient.some((n) => n.message.includes('empieza en 1 hora'))).toBe(true);
  });
});
