/**
 * Appointment alerts and stats (spec part 3 §3 Appointment alert), from the meetings a caller sees:
 *  - upcoming: requested, proposed or confirmed meetings starting within 7 days (type `today` when
 *    the start is today in Madrid); priority by the minutes until the start: 60 or fewer critical,
 *    today high, otherwise medium. A request still unanswered after its 24 hours (confirmBy) is
 *    flagged ('Reunión sin confirmar') and at least high;
 *  - recent: meetings of the last 7 days that were completed (low), cancelled or missed (medium).
 * Sorted critical, high, medium, low; within a priority the nearest to now first.
 */

import type { AppointmentAlert, AppointmentStats } from '@shared/schemas/meetings';
import { effectiveStart, type MeetingRecord } from './meeting';
import { dateEs, madridClock, madridDay, untilText } from './time';

export const ALERT_WINDOW_DAYS = 7;
const DAY = 86_400_000;
const PRIORITY_RANK: Record<AppointmentAlert['priority'], number> = {
  critical: 0,
  high: 1,
  medium: 2,
  low: 3,
};

const OPEN = ['REQUESTED', 'PROPOSED', 'CONFIRMED'] as const;
const isOpen = (m: MeetingRecord) => (OPEN as readonly string[]).includes(m.status);

/** The priority of an upcoming meeting by its minutes until the start. */
export function upcomingPriority(minutesUntil: number, isToday: boolean): AppointmentAlert['priority'] {
  if (minutesUntil <= 60) return 'critical';
  return isToday ? 'high' : 'medium';
}

function upcomingAlert(m: MeetingRecord, now: Date): AppointmentAlert | null {
  const start = effectiveStart(m);
  const ms = Date.parse(start) - now.getTime();
  if (ms <= 0 || ms > ALERT_WINDOW_DAYS * DAY) return null;
  const minutesUntil = Math.round(ms / 60_000);
  const isToday = madridDay(start) === madridDay(now);
  let priority = upcomingPriority(minutesUntil, isToday);
  const when = `el ${dateEs(madridDay(start))} a las ${madridClock(start)}`;
  let title: string;
  let message: string;
  if (m.status === 'REQUESTED' && now.getTime() > Date.parse(m.confirmBy)) {
    title = 'Reunión sin confirmar';
    message = `La solicitud "${m.subject}" (${when}) sigue sin confirmar: el plazo de 24 horas venció el ${dateEs(madridDay(m.confirmBy))} a las ${madridClock(m.confirmBy)}.`;
    if (PRIORITY_RANK[priority] > PRIORITY_RANK.high) priority = 'high';
  } else if (m.status === 'REQUESTED') {
    title = 'Reunión pendiente de confirmación';
    message = `La solicitud "${m.subject}" (${when}) espera la confirmación del gestor.`;
  } else if (m.status === 'PROPOSED') {
    title = 'Nueva hora propuesta';
    message = `Se ha propuesto una nueva hora para "${m.subject}": ${when}.`;
  } else {
    title = isToday ? 'Reunión hoy' : 'Próxima reunión';
    message = `"${m.subject}" empieza en ${untilText(minutesUntil)} (${when}).`;
  }
  return {
    id: `${m.meetingId}-${isToday ? 'today' : 'upcoming'}`,
    type: isToday ? 'today' : 'upcoming',
    priority,
    title,
    message,
    minutesUntil,
    appointmentDateTime: start,
    location: m.location,
    advisorName: m.advisorName,
    meetingId: m.meetingId,
  };
}

function recentAlert(m: MeetingRecord, now: Date): AppointmentAlert | null {
  const at = m.status === 'CANCELLED' ? (m.cancelledAt ?? m.startsAt) : m.startsAt;
  const ago = now.getTime() - Date.parse(at);
  if (ago < 0 || ago > ALERT_WINDOW_DAYS * DAY) return null;
  const when = `del ${dateEs(madridDay(m.startsAt))} a las ${madridClock(m.startsAt)}`;
  const base = {
    minutesUntil: Math.round((Date.parse(m.startsAt) - now.getTime()) / 60_000),
    appointmentDateTime: m.startsAt,
    location: m.location,
    advisorName: m.advisorName,
    meetingId: m.meetingId,
  };
  if (m.status === 'COMPLETED')
    return {
      ...base,
      id: `${m.meetingId}-completed`,
      type: 'completed',
      priority: 'low',
      title: 'Reunión completada',
      message: `La reunión "${m.subject}" ${when} se celebró.`,
    };
  if (m.status === 'CANCELLED')
    return {
      ...base,
      id: `${m.meetingId}-cancelled`,
      type: 'cancelled',
      priority: 'medium',
      title: 'Reunión cancelada',
      message: `La reunión "${m.subject}" ${when} se canceló${m.cancelReason ? `: ${m.cancelReason}` : '.'}`,
    };
  if (m.status === 'NO_SHOW')
    return {
      ...base,
      id: `${m.meetingId}-no_show`,
      type: 'no_show',
      priority: 'medium',
      title: 'Reunión no celebrada',
      message: `El cliente no acudió a la reunión "${m.subject}" ${when}.`,
    };
  return null;
}

/** The alerts of the meetings given (those the caller sees around now), most urgent first. */
export function appointmentAlerts(
  meetings: readonly MeetingRecord[],
  now: Date,
  limit: number,
): AppointmentAlert[] {
  const alerts = meetings
    .map((m) => (isOpen(m) ? upcomingAlert(m, now) : recentAlert(m, now)))
    .filter((a): a is AppointmentAlert => a !== null);
  return alerts
    .sort(
      (a, b) =>
        PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
        Math.abs(a.minutesUntil) - Math.abs(b.minutesUntil) ||
        a.meetingId.localeCompare(b.meetingId),
    )
    .slice(0, limit);
}

/**
 * Counts of the meetings given: by final status; upcoming = confirmed and not yet started;
 * pendingConfirmation = requested or proposed and not yet started.
 */
export function appointmentStats(meetings: readonly MeetingRecord[], now: Date): AppointmentStats {
  const future = (m: MeetingRecord) => Date.parse(effectiveStart(m)) > now.getTime();
  return {
    totalAppointments: meetings.length,
    completedAppointments: meetings.filter((m) => m.status === 'COMPLETED').length,
    cancelledAppointments: meetings.filter((m) => m.status === 'CANCELLED').length,
    noShowAppointments: meetings.filter((m) => m.status === 'NO_SHOW').length,
    upcomingAppointments: meetings.filter((m) => m.status === 'CONFIRMED' && future(m)).length,
    pendingConfirmation: meetings.filter(
      (m) => (m.status === 'REQUESTED' || m.status === 'PROPOSED') && future(m),
    ).length,
  };
}
