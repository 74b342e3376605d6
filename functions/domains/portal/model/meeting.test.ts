import { AppError } from '@shared/api/errors';
import { MEETING_TIMES, type MeetingRequestBody, meetingDateOptions } from '@shared/schemas/meetings';
import { describe, expect, it } from 'vitest';
import { appointmentAlerts, appointmentStats, upcomingPriority } from './alerts';
import { foldLine, icsText, meetingIcs } from './ics';
import {
  type Actor,
  acceptProposal,
  addReminder,
  cancelMeeting,
  closeMeeting,
  confirmMeeting,
  type MeetingRecord,
  nextReminder,
  pickAdvisor,
  proposeMeeting,
  requestMeeting,
  toMeeting,
} from './meeting';
import { madridClock, madridInstant, madridOffsetMinutes, untilText } from './time';

const CLIENT: Actor = { userId: 'u-client', isAdmin: false, companyRole: 'CLIENTE' };
const GESTOR: Actor = { userId: 'u-gestor', isAdmin: false, companyRole: 'GESTOR' };
const OTHER_CLIENT: Actor = { userId: 'u-other', isAdmin: false, companyRole: 'CLIENTE' };
// Tuesday 2026-03-10 10:00 Madrid (winter, +01:00).
const T0 = new Date('2026-03-10T09:00:00.000Z');

const body = (over: Partial<MeetingRequestBody> = {}): MeetingRequestBody => ({
  date: '2026-03-11',
  time: '10:00',
  duration: 30,
  type: 'VIDEO',
  subject: 'Revisión del trimestre',
  priority: 'NORMAL',
  ...over,
});

const requested = (over: Partial<MeetingRequestBody> = {}, now = T0): MeetingRecord =>
  requestMeeting({
    meetingId: 'm1',
    companyId: 'co1',
    companyName: 'Panadería Test',
    client: { userId: CLIENT.userId, name: 'Lucía Cliente', email: 'cliente@cuadra.test' },
    advisor: { userId: GESTOR.userId, name: 'Gema Gestora', email: 'gestor@cuadra.test' },
    body: body(over),
    now,
  });

const at = (iso: string) => new Date(iso);
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? `${e.code}` : 'other';
  }
  return 'ok';
};

describe('Madrid wall time to instants', () => {
  it('uses +01:00 in winter and +02:00 in summer', () => {
    expect(madridInstant('2026-01-15', '10:00')).toBe('2026-01-15T09:00:00.000Z');
    expect(madridInstant('2026-07-15', '10:00')).toBe('2026-07-15T08:00:00.000Z');
  });

  it('switches on the last Sunday of March and of October', () => {
    // 2026-03-29 is the spring switch (02:00 CET -> 03:00 CEST).
    expect(madridInstant('2026-03-28', '09:00')).toBe('2026-03-28T08:00:00.000Z');
    expect(madridInstant('2026-03-30', '09:00')).toBe('2026-03-30T07:00:00.000Z');
    expect(madridInstant('2026-03-29', '01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(madridInstant('2026-03-29', '03:30')).toBe('2026-03-29T01:30:00.000Z');
    // The skipped hour is read with the winter offset (an hour later on the clock).
    expect(madridInstant('2026-03-29', '02:30')).toBe('2026-03-29T01:30:00.000Z');
    // 2026-10-25: 03:00 CEST -> 02:00 CET; the repeated 02:30 is its first (summer) pass.
    expect(madridInstant('2026-10-25', '02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(madridInstant('2026-10-26', '09:00')).toBe('2026-10-26T08:00:00.000Z');
    expect(madridOffsetMinutes(at('2026-10-25T00:59:00Z'))).toBe(120);
    expect(madridOffsetMinutes(at('2026-10-25T01:00:00Z'))).toBe(60);
  });

  it('reads every offered time back as the same wall-clock time', () => {
    for (const date of ['2026-03-27', '2026-03-30', '2026-10-23', '2026-10-26'])
      for (const time of MEETING_TIMES) expect(madridClock(madridInstant(date, time))).toBe(time);
  });

  it('says how long until the start like the spec (minutes, hours and minutes, days and hours)', () => {
    expect(untilText(1)).toBe('1 minuto');
    expect(untilText(45)).toBe('45 minutos');
    expect(untilText(60)).toBe('1 hora');
    expect(untilText(90)).toBe('1 hora y 30 minutos');
    expect(untilText(1440 + 120)).toBe('1 día y 2 horas');
    expect(untilText(2 * 1440)).toBe('2 días');
  });
});

describe('slots and the advisor', () => {
  it('offers weekdays from tomorrow, at most 20, and refuses any other date', () => {
    const options = meetingDateOptions('2026-03-10');
    expect(options[0]).toBe('2026-03-11');
    expect(options).toHaveLength(20);
    expect(options).not.toContain('2026-03-14'); // Saturday
    expect(code(() => requested({ date: '2026-03-10' }))).toBe('CORE_004'); // today
    expect(code(() => requested({ date: '2026-03-14' }))).toBe('CORE_004'); // Saturday
    expect(code(() => requested({ date: '2026-05-01' }))).toBe('CORE_004'); // beyond 20 options
  });

  it('stores the Madrid start as an instant, confirmBy 24 h after the request and a 60-minute reminder', () => {
    const m = requested({ date: '2026-03-30', time: '09:30' });
    expect(m.startsAt).toBe('2026-03-30T07:30:00.000Z'); // summer time already
    expect(m.confirmBy).toBe('2026-03-11T09:00:00.000Z');
    expect(m.status).toBe('REQUESTED');
    expect(m.reminders).toEqual([60]);
  });

  it('picks the GESTOR, else an OWNER who is not the caller, never an inactive member', () => {
    const member = (userId: string, companyRole: 'OWNER' | 'GESTOR' | 'CLIENTE', isActive = true) => ({
      userId,
      companyRole,
      isActive,
      email: `${userId}@x.test`,
      firstName: userId,
      lastName: '',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(
      pickAdvisor([member('o', 'OWNER'), member('g', 'GESTOR'), member('c', 'CLIENTE')], 'c')?.userId,
    ).toBe('g');
    expect(pickAdvisor([member('o', 'OWNER'), member('g', 'GESTOR', false)], 'c')?.userId).toBe('o');
    expect(pickAdvisor([member('o', 'OWNER'), member('c', 'CLIENTE')], 'o')).toBeUndefined();
  });
});

describe('transitions', () => {
  it('confirms a request, then closes it only after the start', () => {
    const m = requested();
    const c = confirmMeeting(m, GESTOR, T0, { location: 'https://meet.example/abc' });
    expect(c.status).toBe('CONFIRMED');
    expect(c.version).toBe(2);
    expect(c.location).toBe('https://meet.example/abc');
    expect(code(() => closeMeeting(c, GESTOR, at('2026-03-11T08:59:00Z'), 'COMPLETED'))).toBe(
      'MEETING_CONFLICT',
    );
    expect(closeMeeting(c, GESTOR, at('2026-03-11T09:00:00Z'), 'COMPLETED').status).toBe('COMPLETED');
    expect(closeMeeting(c, GESTOR, at('2026-03-11T09:30:00Z'), 'NO_SHOW').status).toBe('NO_SHOW');
    expect(code(() => confirmMeeting(c, GESTOR, T0, {}))).toBe('MEETING_CONFLICT');
  });

  it('refuses the client answering its own request and confirming after the start', () => {
    const m = requested();
    expect(code(() => confirmMeeting(m, CLIENT, T0, {}))).toBe('CORE_002');
    expect(code(() => confirmMeeting(m, GESTOR, at('2026-03-11T09:00:00Z'), {}))).toBe('MEETING_CONFLICT');
  });

  it('proposes another time that only the requesting client accepts', () => {
    const m = confirmMeeting(requested(), GESTOR, T0, {});
    const p = proposeMeeting(m, GESTOR, T0, {
      date: '2026-03-12',
      time: '16:30',
      message: 'Mejor por la tarde',
    });
    expect(p.status).toBe('PROPOSED');
    expect(p.proposed).toEqual({
      date: '2026-03-12',
      time: '16:30',
      startsAt: '2026-03-12T15:30:00.000Z',
      message: 'Mejor por la tarde',
    });
    expect(code(() => acceptProposal(p, OTHER_CLIENT, T0))).toBe('CORE_002');
    expect(code(() => acceptProposal(p, GESTOR, T0))).toBe('CORE_002');
    const a = acceptProposal({ ...p, remindersDone: [60] }, CLIENT, T0);
    expect(a).toMatchObject({ status: 'CONFIRMED', startsAt: '2026-03-12T15:30:00.000Z', proposed: null });
    expect(a.remindersDone).toEqual([]);
    expect(code(() => proposeMeeting(m, GESTOR, T0, { date: '2026-03-15', time: '10:00' }))).toBe('CORE_004');
  });

  it('refuses rescheduling and cancelling within 2 hours of the start and after it', () => {
    const m = confirmMeeting(requested(), GESTOR, T0, {}); // starts 2026-03-11T09:00Z
    const twoHoursBefore = at('2026-03-11T07:00:00Z');
    const justBefore = at('2026-03-11T06:59:59Z');
    expect(cancelMeeting(m, CLIENT, justBefore, 'Imprevisto').status).toBe('CANCELLED');
    expect(code(() => cancelMeeting(m, CLIENT, twoHoursBefore, undefined))).toBe('MEETING_CONFLICT');
    expect(code(() => cancelMeeting(m, GESTOR, at('2026-03-11T10:00:00Z'), undefined))).toBe(
      'MEETING_CONFLICT',
    );
    expect(code(() => proposeMeeting(m, GESTOR, twoHoursBefore, { date: '2026-03-12', time: '10:00' }))).toBe(
      'MEETING_CONFLICT',
    );
    expect(code(() => cancelMeeting(m, OTHER_CLIENT, justBefore, undefined))).toBe('CORE_002');
    const cancelled = cancelMeeting(m, GESTOR, justBefore, undefined);
    expect(code(() => cancelMeeting(cancelled, GESTOR, justBefore, undefined))).toBe('MEETING_CONFLICT');
  });

  it('schedules reminders: 60 minutes by default, others added while in the future', () => {
    const m = confirmMeeting(requested(), GESTOR, T0, {});
    expect(nextReminder(m)).toEqual({ minutesBefore: 60, remindAt: '2026-03-11T08:00:00.000Z' });
    expect(nextReminder(requested())).toBeNull();
    const two = addReminder(m, CLIENT, T0, 1380);
    expect(two.reminders).toEqual([1380, 60]);
    expect(nextReminder(two)).toEqual({ minutesBefore: 1380, remindAt: '2026-03-10T10:00:00.000Z' });
    expect(nextReminder({ ...two, remindersDone: [1380] })?.minutesBefore).toBe(60);
    expect(nextReminder({ ...two, remindersDone: [1380, 60] })).toBeNull();
    expect(code(() => addReminder(m, CLIENT, T0, 1440))).toBe('CORE_004');
    expect(addReminder(two, CLIENT, T0, 60)).toBe(two);
    expect(code(() => addReminder(m, CLIENT, T0, 2 * 1440))).toBe('CORE_004');
    expect(code(() => addReminder(requested(), CLIENT, T0, 30))).toBe('MEETING_CONFLICT');
  });

  it('flags a request still unanswered after confirmBy', () => {
    const m = requested();
    expect(toMeeting(m, at('2026-03-11T08:59:00Z')).confirmationOverdue).toBe(false);
    expect(toMeeting(m, at('2026-03-11T09:00:01Z')).confirmationOverdue).toBe(true);
  });
});

describe('appointment alerts and stats', () => {
  const base = confirmMeeting(requested(), GESTOR, T0, {}); // 2026-03-11 10:00 Madrid
  const withStart = (id: string, startsAt: string, over: Partial<MeetingRecord> = {}): MeetingRecord => ({
    ...base,
    meetingId: id,
    startsAt,
    ...over,
  });

  it('prioritises by minutes until the start: 60 or fewer critical, today high, else medium', () => {
    expect(upcomingPriority(60, true)).toBe('critical');
    expect(upcomingPriority(61, true)).toBe('high');
    expect(upcomingPriority(61, false)).toBe('medium');
    const now = at('2026-03-11T08:15:00Z'); // 09:15 Madrid
    const alerts = appointmentAlerts(
      [
        withStart('soon', '2026-03-11T09:00:00Z'),
        withStart('later', '2026-03-11T15:00:00Z'),
        withStart('tomorrow', '2026-03-12T09:00:00Z'),
        withStart('far', '2026-03-20T09:00:00Z'),
        withStart('done', '2026-03-10T09:00:00Z', { status: 'COMPLETED' }),
        withStart('gone', '2026-03-13T09:00:00Z', {
          status: 'CANCELLED',
          cancelledAt: '2026-03-10T12:00:00Z',
        }),
      ],
      now,
      10,
    );
    expect(alerts.map((a) => [a.meetingId, a.type, a.priority, a.minutesUntil])).toEqual([
      ['soon', 'today', 'critical', 45],
      ['later', 'today', 'high', 405],
      ['tomorrow', 'upcoming', 'medium', 1485],
      ['gone', 'cancelled', 'medium', 2925],
      ['done', 'completed', 'low', -1395],
    ]);
    expect(alerts[0]?.message).toContain('45 minutos');
  });

  it('flags an unconfirmed request past confirmBy at least as high', () => {
    const r = withStart('late', '2026-03-16T09:00:00Z', {
      status: 'REQUESTED',
      confirmBy: '2026-03-11T09:00:00Z',
    });
    const [alert] = appointmentAlerts([r], at('2026-03-12T09:00:00Z'), 10);
    expect(alert).toMatchObject({ title: 'Reunión sin confirmar', priority: 'high', type: 'upcoming' });
  });

  it('counts by status; upcoming and pending only in the future', () => {
    const now = at('2026-03-11T12:00:00Z');
    const stats = appointmentStats(
      [
        withStart('a', '2026-03-12T09:00:00Z'),
        withStart('b', '2026-03-10T09:00:00Z'),
        withStart('c', '2026-03-12T09:00:00Z', { status: 'REQUESTED' }),
        withStart('d', '2026-03-09T09:00:00Z', { status: 'COMPLETED' }),
        withStart('e', '2026-03-09T09:00:00Z', { status: 'NO_SHOW' }),
        withStart('f', '2026-03-13T09:00:00Z', { status: 'CANCELLED' }),
      ],
      now,
    );
    expect(stats).toEqual({
      totalAppointments: 6,
      completedAppointments: 1,
      cancelledAppointments: 1,
      noShowAppointments: 1,
      upcomingAppointments: 1,
      pendingConfirmation: 1,
    });
  });
});

describe('the iCalendar invitation', () => {
  it('is a VEVENT at the UTC start with the duration, escaped text and folded lines', () => {
    const m = confirmMeeting(
      requested({ subject: 'IVA; cierre, trimestre', notes: 'Traer facturas' }),
      GESTOR,
      T0,
      {
        location: 'Calle Mayor 1, Valencia',
      },
    );
    const ics = meetingIcs({ meeting: m, now: T0, link: 'https://app.test/app/meetings?id=m1' });
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20260311T090000Z');
    expect(lines).toContain('DTEND:20260311T093000Z');
    expect(lines).toContain('UID:m1@cuadra');
    expect(lines).toContain('LOCATION:Calle Mayor 1\\, Valencia');
    expect(lines).toContain('TRIGGER:-PT60M');
    expect(ics).toContain('SUMMARY:IVA\\; cierre\\, trimestre (Panadería Test)');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(icsText('a\nb\\c')).toBe('a\\nb\\\\c');
    expect(foldLine('x'.repeat(80))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(5)}`);
  });
});
