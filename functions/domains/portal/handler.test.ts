/**
 * The portal's routes through the real pipeline over the in-memory table: the request's validation
 * messages, the advisor rule, CLIENTE isolation, other companies (403 / 404), the confirmation's
 * notification and invitation mails in one transaction, rescheduling, the appointment views.
 */

import { keys } from '@shared/db/keys';
import type { AppointmentAlert, AppointmentStats, Meeting } from '@shared/schemas/meetings';
import { describe, expect, it } from 'vitest';
import { portalActions } from './handler';
import {
  CLIENT,
  CLIENT2,
  CO,
  CO2,
  GESTOR,
  OUTSIDER,
  OWNER,
  seedCompanies,
  setPreferences,
} from './testing/fixtures';
import { portalCaller, portalFixture, validationIssues } from './testing/portal-fixture';

const { table, clock } = portalFixture();
const call = portalCaller(clock, portalActions);

const request = (user = CLIENT, over: Record<string, unknown> = {}) =>
  call<Meeting>(user, 'meetings.request', {
    body: {
      date: '2026-03-11',
      time: '10:00',
      duration: 30,
      type: 'VIDEO',
      subject: 'Cierre del trimestre',
      ...over,
    },
  });

const notificationsOf = (userId: string) =>
  table.all('Notification').filter((n) => n.userId === userId) as unknown as {
    type: string;
    title: string;
    message: string;
    link: string;
    emailSent?: boolean;
  }[];

describe('meetings.request', () => {
  it("refuses missing fields with the modal's messages", async () => {
    const res = await call(CLIENT, 'meetings.request', {
      body: { duration: 30, type: 'VIDEO', subject: '  ' },
    });
    expect(res.status).toBe(400);
    expect(validationIssues(res)).toEqual(
      expect.arrayContaining([
        { field: 'date', message: 'Fecha requerida' },
        { field: 'time', message: 'Hora requerida' },
        { field: 'subject', message: 'Asunto requerido' },
      ]),
    );
    const badTime = await request(CLIENT, { time: '18:15' });
    expect(badTime.envelope.error).toMatchObject({ code: 'CORE_004', field: 'time' });
    const saturday = await request(CLIENT, { date: '2026-03-14' });
    expect(saturday.envelope.error).toMatchObject({ code: 'CORE_004', field: 'date' });
    expect(table.all('Meeting')).toHaveLength(0);
  });

  it("stores the request with the company's GESTOR as advisor and tells the advisor", async () => {
    const res = await request();
    expect(res.status).toBe(201);
    const m = res.envelope.data!;
    expect(m).toMatchObject({
      status: 'REQUESTED',
      clientId: CLIENT,
      clientEmail: `${CLIENT}@cuadra.test`,
      advisorId: GESTOR,
      companyName: 'Panadería Test',
      startsAt: '2026-03-11T09:00:00.000Z',
      confirmBy: '2026-03-11T09:00:00.000Z',
      confirmationOverdue: false,
      reminders: [60],
    });
    const [n] = notificationsOf(GESTOR);
    expect(n).toMatchObject({ type: 'meeting_requested', link: `/app/meetings?id=${m.meetingId}` });
    expect(table.get(keys.notificationCounter(GESTOR, CO))?.unread).toBe(1);
    // No invitation before the confirmation.
    expect(table.all('Outbox')).toHaveLength(0);
  });

  it("falls back to an OWNER who is not the caller; none is 'La empresa no tiene gestor asignado'", async () => {
    table.reset();
    seedCompanies(table, { withGestor: false });
    const res = await request();
    expect(res.envelope.data?.advisorId).toBe(OWNER);
    const none = await request(OWNER);
    expect(none.status).toBe(400);
    expect(none.envelope.error).toMatchObject({
      code: 'CORE_004',
      message: 'La empresa no tiene gestor asignado',
    });
  });

  it('honours the advisor preferences: nothing in the app with the system family off', async () => {
    setPreferences(table, GESTOR, { system: false });
    expect((await request()).status).toBe(201);
    expect(notificationsOf(GESTOR)).toHaveLength(0);
  });
});

describe('who sees what', () => {
  it("a CLIENTE sees and acts only on its own meetings; another's is 404", async () => {
    const mine = (await request(CLIENT)).envelope.data!;
    const theirs = (await request(CLIENT2, { time: '11:00' })).envelope.data!;
    const list = await call<Meeting[]>(CLIENT, 'meetings.list');
    expect(list.envelope.data?.map((m) => m.meetingId)).toEqual([mine.meetingId]);
    expect((await call(CLIENT, 'meetings.get', { params: { meetingId: theirs.meetingId } })).status).toBe(
      404,
    );
    expect((await call(CLIENT, 'meetings.cancel', { params: { meetingId: theirs.meetingId } })).status).toBe(
      404,
    );
    const staff = await call<Meeting[]>(GESTOR, 'meetings.list');
    expect(staff.envelope.data).toHaveLength(2);
    // A client may not confirm (manage policy).
    expect((await call(CLIENT, 'meetings.confirm', { params: { meetingId: mine.meetingId } })).status).toBe(
      403,
    );
  });

  it("another company's meeting: 403 for a non-member, 404 through a company one belongs to", async () => {
    const m = (await request()).envelope.data!;
    const foreign = await call(OUTSIDER, 'meetings.get', { params: { meetingId: m.meetingId } });
    expect(foreign.status).toBe(403);
    const viaOther = await call(GESTOR, 'meetings.get', { company: CO2, params: { meetingId: m.meetingId } });
    expect(viaOther.status).toBe(404);
    const confirmViaOther = await call(GESTOR, 'meetings.confirm', {
      company: CO2,
      params: { meetingId: m.meetingId },
    });
    expect(confirmViaOther.status).toBe(404);
  });
});

describe('confirmation, rescheduling and closing', () => {
  it('confirms: the client is told, both sides get the invitation, the reminder is indexed', async () => {
    const m = (await request()).envelope.data!;
    const res = await call<Meeting>(GESTOR, 'meetings.confirm', {
      params: { meetingId: m.meetingId },
      body: { location: 'https://meet.example/panaderia' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      status: 'CONFIRMED',
      location: 'https://meet.example/panaderia',
    });
    const [n] = notificationsOf(CLIENT);
    expect(n).toMatchObject({ type: 'meeting_confirmed', emailSent: true });
    const mails = table.all('Outbox').map(
      (o) =>
        o.payload as {
          to: string[];
          text: string;
          subject: string;
          attachments?: { inlineText?: string; fileName: string; contentType: string }[];
        },
    );
    expect(mails.map((x) => x.to[0]).sort()).toEqual([`${CLIENT}@cuadra.test`, `${GESTOR}@cuadra.test`]);
    for (const mail of mails) {
      expect(mail.text).toContain('reunion.ics');
      expect(mail.text).not.toContain('BEGIN:VCALENDAR');
      const [ics] = mail.attachments ?? [];
      expect(ics).toMatchObject({ fileName: 'reunion.ics', contentType: 'text/calendar' });
      expect(ics?.inlineText).toContain('BEGIN:VCALENDAR');
      expect(ics?.inlineText).toContain('DTSTART:20260311T090000Z');
    }
    const stored = table.get(keys.meeting(CO, m.meetingId))!;
    expect(stored.gsi2pk).toBe('MEETINGS#REMIND');
    expect(String(stored.gsi2sk).startsWith('2026-03-11T08:00:00.000Z#')).toBe(true);
    // A second confirmation is a conflict, and writes nothing.
    const again = await call(GESTOR, 'meetings.confirm', { params: { meetingId: m.meetingId } });
    expect(again.status).toBe(409);
    expect(table.all('Outbox')).toHaveLength(2);
  });

  it('sends no invitation to a side whose e-mail channel is off', async () => {
    setPreferences(table, CLIENT, { EMAIL: false });
    const m = (await request()).envelope.data!;
    await call(GESTOR, 'meetings.confirm', { params: { meetingId: m.meetingId } });
    const mails = table.all('Outbox').map((o) => (o.payload as { to: string[] }).to[0]);
    expect(mails).toEqual([`${GESTOR}@cuadra.test`]);
    expect(notificationsOf(CLIENT)[0]?.emailSent).toBeUndefined();
  });

  it('proposes another time, the client accepts it; rescheduling ends 2 hours before the start', async () => {
    const m = (await request()).envelope.data!;
    const p = await call<Meeting>(GESTOR, 'meetings.propose', {
      params: { meetingId: m.meetingId },
      body: { date: '2026-03-12', time: '16:30' },
    });
    expect(p.envelope.data).toMatchObject({
      status: 'PROPOSED',
      proposed: { startsAt: '2026-03-12T15:30:00.000Z' },
    });
    expect(notificationsOf(CLIENT).map((n) => n.type)).toEqual(['meeting_proposed']);
    expect((await call(CLIENT2, 'meetings.accept', { params: { meetingId: m.meetingId } })).status).toBe(404);
    const a = await call<Meeting>(CLIENT, 'meetings.accept', { params: { meetingId: m.meetingId } });
    expect(a.envelope.data).toMatchObject({
      status: 'CONFIRMED',
      startsAt: '2026-03-12T15:30:00.000Z',
      time: '16:30',
    });
    expect(
      notificationsOf(GESTOR)
        .map((n) => n.type)
        .sort(),
    ).toEqual(['meeting_confirmed', 'meeting_requested']);
    clock.now = new Date('2026-03-12T14:00:00.000Z'); // 1 h 30 before
    const late = await call(CLIENT, 'meetings.cancel', { params: { meetingId: m.meetingId } });
    expect(late.status).toBe(409);
    expect(late.envelope.error?.code).toBe('MEETING_CONFLICT');
    const early = await call(GESTOR, 'meetings.complete', { params: { meetingId: m.meetingId } });
    expect(early.status).toBe(409);
    clock.now = new Date('2026-03-12T16:00:00.000Z');
    const done = await call<Meeting>(GESTOR, 'meetings.complete', { params: { meetingId: m.meetingId } });
    expect(done.envelope.data?.status).toBe('COMPLETED');
    expect(table.get(keys.meeting(CO, m.meetingId))?.gsi2pk).toBeUndefined();
  });

  it('cancels (either side) and tells the other one', async () => {
    const m = (await request()).envelope.data!;
    const res = await call<Meeting>(CLIENT, 'meetings.cancel', {
      params: { meetingId: m.meetingId },
      body: { reason: 'Ya está resuelto' },
    });
    expect(res.envelope.data).toMatchObject({ status: 'CANCELLED', cancelReason: 'Ya está resuelto' });
    expect(
      notificationsOf(GESTOR)
        .map((n) => n.type)
        .sort(),
    ).toEqual(['meeting_cancelled', 'meeting_requested']);
    expect(notificationsOf(CLIENT)).toHaveLength(0);
  });
});

describe('appointments', () => {
  it('answers alerts, stats, today, upcoming, history and reminders from the meetings the caller sees', async () => {
    const b = (await request(CLIENT2, { date: '2026-03-12', time: '12:00' })).envelope.data!;
    clock.now = new Date('2026-03-10T12:00:00.000Z');
    const a = (await request(CLIENT, { time: '11:00' })).envelope.data!;
    await call(GESTOR, 'meetings.confirm', { params: { meetingId: a.meetingId } });
    clock.now = new Date('2026-03-11T09:20:00.000Z'); // 10:20 Madrid, 40 minutes before `a`
    const alerts = await call<AppointmentAlert[]>(GESTOR, 'appointments.alerts');
    expect(alerts.envelope.data?.map((x) => [x.meetingId, x.type, x.priority])).toEqual([
      [a.meetingId, 'today', 'critical'],
      [b.meetingId, 'upcoming', 'high'], // unconfirmed past its 24 h
    ]);
    expect(alerts.envelope.data?.[1]?.title).toBe('Reunión sin confirmar');
    const own = await call<AppointmentAlert[]>(CLIENT2, 'appointments.alerts', { query: { limit: '5' } });
    expect(own.envelope.data?.map((x) => x.meetingId)).toEqual([b.meetingId]);
    const stats = await call<AppointmentStats>(GESTOR, 'appointments.stats');
    expect(stats.envelope.data).toMatchObject({
      totalAppointments: 2,
      upcomingAppointments: 1,
      pendingConfirmation: 1,
    });
    const today = await call<Meeting[]>(CLIENT, 'appointments.today');
    expect(today.envelope.data?.map((m) => m.meetingId)).toEqual([a.meetingId]);
    const upcoming = await call<Meeting[]>(GESTOR, 'appointments.upcoming', { query: { days: '1' } });
    expect(upcoming.envelope.data?.map((m) => m.meetingId)).toEqual([a.meetingId]);
    const rem = await call<Meeting>(CLIENT, 'appointments.setReminder', {
      body: { appointmentId: a.meetingId, minutesBefore: 15 },
    });
    expect(rem.envelope.data?.reminders).toEqual([60, 15]);
    const otherRem = await call(CLIENT2, 'appointments.setReminder', {
      body: { appointmentId: a.meetingId },
    });
    expect(otherRem.status).toBe(404);
    clock.now = new Date('2026-03-11T11:00:00.000Z');
    await call(GESTOR, 'meetings.noShow', { params: { meetingId: a.meetingId } });
    const history = await call<Meeting[]>(CLIENT, 'appointments.history');
    expect(history.envelope.data?.map((m) => [m.meetingId, m.status])).toEqual([[a.meetingId, 'NO_SHOW']]);
  });
});
