/**
 * The appointment routes (appointments.*, spec part 3 §3 Appointment alert, §7): alerts, stats,
 * history, upcoming, today and reminders, over the meetings the caller sees (a CLIENTE its own,
 * staff the company's). Every read is one bounded gsi1 range of the company's meetings by start.
 */

import { defineCompanyAction } from '@functions/platform/http';
import {
  AppointmentAlertsQuery,
  AppointmentHistoryQuery,
  AppointmentUpcomingQuery,
  SetReminderBody,
} from '@shared/schemas/meetings';
import { ALERT_WINDOW_DAYS, appointmentAlerts, appointmentStats } from '../model/alerts';
import { type Actor, addReminder, type MeetingRecord, toMeeting } from '../model/meeting';
import { madridDay, madridInstant } from '../model/time';
import type { PortalDeps } from '../store/deps';
import { type MeetingRange, queryMeetings, writeMeeting } from '../store/meetings';
import { actorOf, visibleMeeting } from '../store/workflow';

const DAY = 86_400_000;
/** The stats cover the meetings of the last 365 days and every later one. */
export const STATS_WINDOW_DAYS = 365;

const ownOnly = (actor: Actor) =>
  actor.companyRole === 'CLIENTE' && !actor.isAdmin ? actor.userId : undefined;

const read = (deps: PortalDeps, companyId: string, actor: Actor, range: Omit<MeetingRange, 'clientId'>) =>
  queryMeetings(deps, companyId, { ...range, clientId: ownOnly(actor) });

const OPEN = new Set(['REQUESTED', 'PROPOSED', 'CONFIRMED']);

export const appointmentAlertsRoute = defineCompanyAction({
  query: AppointmentAlertsQuery,
  run: async ({ auth, scope, query }, deps: PortalDeps) => {
    const now = deps.now();
    const meetings = await read(deps, scope.companyId, actorOf(auth, scope), {
      from: new Date(now.getTime() - ALERT_WINDOW_DAYS * DAY).toISOString(),
      to: new Date(now.getTime() + ALERT_WINDOW_DAYS * DAY + 1).toISOString(),
    });
    return appointmentAlerts(meetings, now, query.limit);
  },
});

export const appointmentStatsRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: PortalDeps) => {
    const now = deps.now();
    const meetings = await read(deps, scope.companyId, actorOf(auth, scope), {
      from: new Date(now.getTime() - STATS_WINDOW_DAYS * DAY).toISOString(),
    });
    return appointmentStats(meetings, now);
  },
});

export const appointmentHistoryRoute = defineCompanyAction({
  query: AppointmentHistoryQuery,
  run: async ({ auth, scope, query }, deps: PortalDeps) => {
    const now = deps.now();
    const meetings = await read(deps, scope.companyId, actorOf(auth, scope), {
      to: now.toISOString(),
      descending: true,
      limit: query.limit,
    });
    return meetings.map((m) => toMeeting(m, now));
  },
});

export const appointmentUpcomingRoute = defineCompanyAction({
  query: AppointmentUpcomingQuery,
  run: async ({ auth, scope, query }, deps: PortalDeps) => {
    const now = deps.now();
    const meetings = await read(deps, scope.companyId, actorOf(auth, scope), {
      from: now.toISOString(),
      to: new Date(now.getTime() + query.days * DAY).toISOString(),
    });
    return meetings
      .filter((m) => OPEN.has(m.status))
      .slice(0, query.limit)
      .map((m) => toMeeting(m, now));
  },
});

export const appointmentTodayRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: PortalDeps) => {
    const now = deps.now();
    const today = madridDay(now);
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    const meetings = await read(deps, scope.companyId, actorOf(auth, scope), {
      from: madridInstant(today, '00:00'),
      to: madridInstant(tomorrow, '00:00'),
    });
    return meetings.map((m) => toMeeting(m, now));
  },
});

/** Adds a reminder to a confirmed meeting the caller sees (60 minutes before unless told). */
export async function setReminder(
  deps: PortalDeps,
  companyId: string,
  actor: Actor,
  body: { appointmentId: string; minutesBefore: number },
) {
  const before: MeetingRecord = await visibleMeeting(deps, companyId, body.appointmentId, actor);
  const now = deps.now();
  const after = addReminder(before, actor, now, body.minutesBefore);
  if (after !== before) await writeMeeting(deps, before, after, []);
  return toMeeting(after, now);
}

export const setReminderRoute = defineCompanyAction({
  body: SetReminderBody,
  run: ({ auth, scope, body }, deps: PortalDeps) =>
    setReminder(deps, scope.companyId, actorOf(auth, scope), {
      appointmentId: body.appointmentId,
      minutesBefore: body.minutesBefore,
    }),
});
