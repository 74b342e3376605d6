/**
 * Demo meetings and notification engagement for `npm start` (issue 20), through the REST API as the
 * demo users would do it, after every other seed (so the dashboards read what those left behind):
 *  - Panadería La Espiga SL: its client (cliente@cuadra.test) asked its gestoría for two meetings from
 *    the client dashboard's modal; the gestor confirmed the first (so its reminders and the
 *    appointment alerts show on both sides) and the second waits for the gestor's answer;
 *  - the demo gestor opened the three oldest of its notifications in the bakery and followed the
 *    newest one's link, so the notification metrics show real reads and clicks.
 * The dashboards, the advisor's view and the admin's stats need nothing seeded: they are computed from
 * what the other seeds stored. Idempotent: each step looks for what it would create first.
 */

import type { Page } from '@shared/api/envelope';
import { madridDate } from '@shared/fiscal/sii-deadlines';
import type { Meeting, MeetingRequestBody } from '@shared/schemas/meetings';
import { meetingDateOptions } from '@shared/schemas/meetings';
import type { Notification } from '@shared/schemas/notifications';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { type ApiResponse, apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const GESTOR = 'gestor@cuadra.test';
const CLIENT = 'cliente@cuadra.test';

/** The two requests the demo client made (subjects are how a second start recognises them). */
export const DEMO_MEETINGS = {
  confirmed: 'Revisión del cierre del trimestre',
  requested: 'Dudas sobre las facturas de proveedores',
} as const;

type Api = ReturnType<typeof apiClient>;

function ok<T>(res: ApiResponse<T>, what: string): T {
  if (!res.body.success) throw new Error(`${what} failed (${res.status}): ${JSON.stringify(res.body.error)}`);
  return res.body.data;
}

async function seedMeetings(api: Api, log: (msg: string) => void): Promise<void> {
  const client = await api.login(CLIENT);
  const gestor = await api.login(GESTOR);
  const companyId = DEMO_INVOICING_COMPANY;
  const existing = ok<Meeting[]>(
    await api.request<Meeting[]>('GET', '/api/v1/meetings', { token: client, companyId }),
    'list meetings',
  );
  const bySubject = new Map(existing.map((m) => [m.subject, m]));
  const dates = meetingDateOptions(madridDate(new Date()));
  const requests: { subject: string; body: MeetingRequestBody }[] = [
    {
      subject: DEMO_MEETINGS.confirmed,
      body: {
        date: dates[1] ?? dates[0]!,
        time: '10:00',
        duration: 30,
        type: 'VIDEO',
        subject: DEMO_MEETINGS.confirmed,
        notes: 'Quiero repasar el IVA del trimestre antes de presentarlo.',
        priority: 'NORMAL',
      },
    },
    {
      subject: DEMO_MEETINGS.requested,
      body: {
        date: dates[3] ?? dates[dates.length - 1]!,
        time: '12:30',
        duration: 45,
        type: 'PHONE',
        subject: DEMO_MEETINGS.requested,
        priority: 'HIGH',
      },
    },
  ];
  for (const r of requests) {
    if (bySubject.has(r.subject)) continue;
    const created = ok<Meeting>(
      await api.request<Meeting>('POST', '/api/v1/meetings', { token: client, companyId, body: r.body }),
      `request meeting '${r.subject}'`,
    );
    bySubject.set(r.subject, created);
    log(`meeting requested: ${r.subject}`);
  }
  const toConfirm = bySubject.get(DEMO_MEETINGS.confirmed);
  if (toConfirm && toConfirm.status === 'REQUESTED') {
    ok(
      await api.request('POST', `/api/v1/meetings/${encodeURIComponent(toConfirm.meetingId)}/confirm`, {
        token: gestor,
        companyId,
        body: { location: 'Videollamada: el enlace llega en la invitación' },
      }),
      'confirm meeting',
    );
    log(`meeting confirmed: ${toConfirm.subject}`);
  }
}

async function seedEngagement(api: Api, log: (msg: string) => void): Promise<void> {
  const gestor = await api.login(GESTOR);
  const companyId = DEMO_INVOICING_COMPANY;
  const page = ok<Page<Notification>>(
    await api.request<Page<Notification>>('GET', '/api/v1/notifications', {
      token: gestor,
      companyId,
      query: { page: '0', size: '100' },
    }),
    'list notifications',
  );
  const all = page.content;
  // Already done on an earlier start: some notification of the bakery is read.
  if (all.length === 0 || all.some((n) => n.isRead)) return;
  for (const n of all.slice(-3)) {
    ok(
      await api.request('PUT', `/api/v1/notifications/${encodeURIComponent(n.notificationId)}/read`, {
        token: gestor,
        companyId,
      }),
      'mark read',
    );
  }
  const newest = all[0];
  if (newest) {
    ok(
      await api.request('POST', `/api/v1/notifications/${encodeURIComponent(newest.notificationId)}/click`, {
        token: gestor,
        companyId,
      }),
      'click',
    );
  }
  log(`notifications read: ${Math.min(3, all.length)}, clicked: 1`);
}

export async function seedDemoDashboard(
  info: Pick<LocalCloudInfo, 'url'>,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const api = apiClient(info.url);
  await seedMeetings(api, log);
  await seedEngagement(api, log);
}
