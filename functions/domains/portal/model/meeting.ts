/**
 * The rules of a meeting between a client and its advisor (spec part 3 §2 Meeting scheduling modal,
 * §9 Meetings), as pure functions over the stored record:
 *
 *   REQUESTED --confirm--> CONFIRMED --complete / noShow (after the start)--> COMPLETED / NO_SHOW
 *   REQUESTED / PROPOSED / CONFIRMED --propose--> PROPOSED --accept (the client)--> CONFIRMED
 *   REQUESTED / PROPOSED / CONFIRMED --cancel--> CANCELLED
 *
 * Rescheduling (propose, accept) and cancelling are refused from 2 hours before the start on
 * (MEETING_CONFLICT); confirming is refused once the start has passed. The advisor's answer is due
 * 24 hours after the request (`confirmBy`): past it the meeting stays REQUESTED and is flagged.
 * Each transition answers the next record (version + 1); the store writes it conditioned on the
 * version it read, so two concurrent changes never both apply.
 */

import { AppError } from '@shared/api/errors';
import type { CompanyRole } from '@shared/db/records';
import {
  DEFAULT_REMINDER_MINUTES,
  MEETING_CONFIRM_WITHIN_HOURS,
  MEETING_RESCHEDULE_UNTIL_HOURS,
  type Meeting,
  type MeetingRequestBody,
  type MeetingStatus,
  meetingDateOptions,
} from '@shared/schemas/meetings';
import { madridDay, madridInstant } from './time';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** At most this many reminders per meeting (setReminder). */
export const MAX_REMINDERS = 5;

/** The stored meeting: the API shape (without what is computed when read) and its bookkeeping. */
export interface MeetingRecord extends Omit<Meeting, 'confirmationOverdue'> {
  /** +1 on every change; writes are conditioned on the version read. */
  version: number;
  /** Reminders (minutes before) already handled for the current start: sent, or skipped when late. */
  remindersDone: number[];
  updatedAt: string;
  updatedBy: string;
}

/** Who acts: the user, its role in the company (none for an ADMIN who is not a member). */
export interface Actor {
  userId: string;
  isAdmin: boolean;
  companyRole: CompanyRole | undefined;
}

/** A member the advisor is chosen from (the directory's membership snapshot). */
export interface MemberLike {
  userId: string;
  companyRole: CompanyRole;
  isActive: boolean;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
}

export const fullName = (m: { firstName: string; lastName: string }): string =>
  `${m.firstName} ${m.lastName}`.trim();

/** Time-ordered id: 13 digits of epoch milliseconds, then a random part (letters and digits). */
export function newMeetingId(now: Date, random: string): string {
  return `${String(now.getTime()).padStart(13, '0')}${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`;
}

/**
 * The company's advisor for a meeting the caller requests: its active GESTOR member (the longest
 * standing one), else an active OWNER; never the caller itself. Undefined when there is none.
 */
export function pickAdvisor<M extends MemberLike>(members: readonly M[], callerId: string): M | undefined {
  const eligible = members
    .filter((m) => m.isActive && m.userId !== callerId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.userId.localeCompare(b.userId));
  return eligible.find((m) => m.companyRole === 'GESTOR') ?? eligible.find((m) => m.companyRole === 'OWNER');
}

/** Refuses a date the modal does not offer from today (Madrid): tomorrow on, weekdays, 30 days. */
export function assertOfferedDate(date: string, today: string): void {
  if (!meetingDateOptions(today).includes(date))
    throw new AppError('CORE_004', 'La fecha debe ser un día laborable de los próximos 30 días.', {
      field: 'date',
    });
}

/** The start that counts now: the proposed one while a new time is proposed. */
export const effectiveStart = (m: Pick<MeetingRecord, 'status' | 'startsAt' | 'proposed'>): string =>
  m.status === 'PROPOSED' && m.proposed ? m.proposed.startsAt : m.startsAt;

export interface RequestInput {
  meetingId: string;
  companyId: string;
  companyName: string;
  client: { userId: string; name: string; email: string | null };
  advisor: { userId: string; name: string; email: string | null };
  body: MeetingRequestBody;
  now: Date;
}

/** A new request (REQUESTED; the advisor answers by requestedAt + 24 h). The date must be offered. */
export function requestMeeting(input: RequestInput): MeetingRecord {
  const { body, now } = input;
  assertOfferedDate(body.date, madridDay(now));
  const requestedAt = now.toISOString();
  return {
    meetingId: input.meetingId,
    companyId: input.companyId,
    companyName: input.companyName,
    clientId: input.client.userId,
    clientName: input.client.name,
    clientEmail: input.client.email,
    advisorId: input.advisor.userId,
    advisorName: input.advisor.name,
    advisorEmail: input.advisor.email,
    startsAt: madridInstant(body.date, body.time),
    date: body.date,
    time: body.time,
    duration: body.duration,
    type: body.type,
    subject: body.subject,
    notes: body.notes?.trim() ? body.notes.trim() : null,
    priority: body.priority,
    status: 'REQUESTED',
    proposed: null,
    location: null,
    requestedAt,
    confirmBy: new Date(now.getTime() + MEETING_CONFIRM_WITHIN_HOURS * HOUR).toISOString(),
    confirmedAt: null,
    cancelledAt: null,
    cancelReason: null,
    reminders: [DEFAULT_REMINDER_MINUTES],
    version: 1,
    remindersDone: [],
    updatedAt: requestedAt,
    updatedBy: input.client.userId,
  };
}

const conflict = (message: string) => new AppError('MEETING_CONFLICT', message);

function assertStatus(m: MeetingRecord, allowed: readonly MeetingStatus[], message: string): void {
  if (!allowed.includes(m.status)) throw conflict(message);
}

/** Rescheduling and cancelling end 2 hours before the start (spec part 3 §9). */
export function assertReschedulable(m: MeetingRecord, now: Date): void {
  const start = Date.parse(effectiveStart(m));
  if (now.getTime() >= start - MEETING_RESCHEDULE_UNTIL_HOURS * HOUR)
    throw conflict('La reunión ya no se puede cambiar ni cancelar: faltan menos de 2 horas para su inicio.');
}

const isManager = (a: Actor) => a.isAdmin || a.companyRole === 'OWNER' || a.companyRole === 'GESTOR';

const next = (m: MeetingRecord, actor: Actor, now: Date, changes: Partial<MeetingRecord>): MeetingRecord => ({
  ...m,
  ...changes,
  version: m.version + 1,
  updatedAt: now.toISOString(),
  updatedBy: actor.userId,
});

/** The manager who answers becomes the meeting's advisor (an ADMIN outside the company does not). */
function advisorFields(actor: Actor, advisor: AdvisorInfo | undefined) {
  if (!advisor || actor.companyRole === undefined) return {};
  return { advisorId: advisor.userId, advisorName: advisor.name, advisorEmail: advisor.email };
}

export interface AdvisorInfo {
  userId: string;
  name: string;
  email: string | null;
}

function assertNotOwnRequest(m: MeetingRecord, actor: Actor): void {
  if (m.clientId === actor.userId)
    throw new AppError('CORE_002', 'No puedes responder a tu propia solicitud de reunión.');
}

/** The advisor confirms the requested time (before the start). */
export function confirmMeeting(
  m: MeetingRecord,
  actor: Actor,
  now: Date,
  opts: { location?: string | undefined; advisor?: AdvisorInfo | undefined },
): MeetingRecord {
  assertNotOwnRequest(m, actor);
  assertStatus(m, ['REQUESTED'], 'Solo se puede confirmar una reunión solicitada.');
  if (now.getTime() >= Date.parse(m.startsAt))
    throw conflict('La hora solicitada ya ha pasado: propón otra hora.');
  return next(m, actor, now, {
    status: 'CONFIRMED',
    confirmedAt: now.toISOString(),
    location: opts.location?.trim() ? opts.location.trim() : m.location,
    remindersDone: [],
    ...advisorFields(actor, opts.advisor),
  });
}

/** The advisor proposes another time (an offered date and time). */
export function proposeMeeting(
  m: MeetingRecord,
  actor: Actor,
  now: Date,
  slot: { date: string; time: string; message?: string | undefined; advisor?: AdvisorInfo | undefined },
): MeetingRecord {
  assertNotOwnRequest(m, actor);
  assertStatus(m, ['REQUESTED', 'PROPOSED', 'CONFIRMED'], 'Esta reunión ya no admite otra hora.');
  assertReschedulable(m, now);
  assertOfferedDate(slot.date, madridDay(now));
  const startsAt = madridInstant(slot.date, slot.time);
  if (startsAt === m.startsAt) throw conflict('La hora propuesta es la misma de la reunión.');
  return next(m, actor, now, {
    status: 'PROPOSED',
    proposed: {
      date: slot.date,
      time: slot.time,
      startsAt,
      message: slot.message?.trim() ? slot.message.trim() : null,
    },
    ...advisorFields(actor, slot.advisor),
  });
}

/** The client accepts the proposed time: confirmed there, with the reminders starting afresh. */
export function acceptProposal(m: MeetingRecord, actor: Actor, now: Date): MeetingRecord {
  if (m.clientId !== actor.userId)
    throw new AppError('CORE_002', 'Solo quien solicitó la reunión puede aceptar la nueva hora.');
  assertStatus(m, ['PROPOSED'], 'No hay ninguna hora propuesta que aceptar.');
  assertReschedulable(m, now);
  const p = m.proposed!;
  return next(m, actor, now, {
    status: 'CONFIRMED',
    startsAt: p.startsAt,
    date: p.date,
    time: p.time,
    proposed: null,
    confirmedAt: now.toISOString(),
    remindersDone: [],
  });
}

/** Either side (the client, the advisor, a manager) cancels, until 2 hours before. */
export function cancelMeeting(
  m: MeetingRecord,
  actor: Actor,
  now: Date,
  reason: string | undefined,
): MeetingRecord {
  if (m.clientId !== actor.userId && m.advisorId !== actor.userId && !isManager(actor))
    throw new AppError('CORE_002', 'Solo las personas de la reunión pueden cancelarla.');
  assertStatus(m, ['REQUESTED', 'PROPOSED', 'CONFIRMED'], 'La reunión ya está cerrada.');
  assertReschedulable(m, now);
  return next(m, actor, now, {
    status: 'CANCELLED',
    cancelledAt: now.toISOString(),
    cancelReason: reason?.trim() ? reason.trim() : null,
  });
}

/** The advisor closes a confirmed meeting once it has started: held, or the client did not come. */
export function closeMeeting(
  m: MeetingRecord,
  actor: Actor,
  now: Date,
  outcome: 'COMPLETED' | 'NO_SHOW',
): MeetingRecord {
  assertStatus(m, ['CONFIRMED'], 'Solo se puede cerrar una reunión confirmada.');
  if (now.getTime() < Date.parse(m.startsAt)) throw conflict('La reunión todavía no ha empezado.');
  return next(m, actor, now, { status: outcome });
}

/** Adds a reminder (minutes before the start) to a confirmed meeting; a repeat changes nothing. */
export function addReminder(m: MeetingRecord, actor: Actor, now: Date, minutesBefore: number): MeetingRecord {
  assertStatus(m, ['CONFIRMED'], 'Solo se pueden programar recordatorios de una reunión confirmada.');
  if (m.reminders.includes(minutesBefore)) return m;
  if (Date.parse(m.startsAt) - minutesBefore * MINUTE <= now.getTime())
    throw new AppError('CORE_004', 'La hora del recordatorio ya ha pasado.', { field: 'minutesBefore' });
  if (m.reminders.length >= MAX_REMINDERS)
    throw new AppError('CORE_004', `Una reunión admite como máximo ${MAX_REMINDERS} recordatorios.`, {
      field: 'minutesBefore',
    });
  return next(m, actor, now, { reminders: [...m.reminders, minutesBefore].sort((a, b) => b - a) });
}

/**
 * The next reminder of a confirmed meeting: the pending one (not yet handled) due first, i.e. with
 * the most minutes before the start. Null when the meeting is not confirmed or all are handled.
 */
export function nextReminder(
  m: Pick<MeetingRecord, 'status' | 'startsAt' | 'reminders' | 'remindersDone'>,
): { minutesBefore: number; remindAt: string } | null {
  if (m.status !== 'CONFIRMED') return null;
  const pending = m.reminders.filter((r) => !m.remindersDone.includes(r)).sort((a, b) => b - a);
  const minutesBefore = pending[0];
  if (minutesBefore === undefined) return null;
  return { minutesBefore, remindAt: new Date(Date.parse(m.startsAt) - minutesBefore * MINUTE).toISOString() };
}

/** The API shape: the stored fields and `confirmationOverdue` (REQUESTED after confirmBy). */
export function toMeeting(m: MeetingRecord, now: Date): Meeting {
  return {
    meetingId: m.meetingId,
    companyId: m.companyId,
    companyName: m.companyName,
    clientId: m.clientId,
    clientName: m.clientName,
    clientEmail: m.clientEmail,
    advisorId: m.advisorId,
    advisorName: m.advisorName,
    advisorEmail: m.advisorEmail,
    startsAt: m.startsAt,
    date: m.date,
    time: m.time,
    duration: m.duration,
    type: m.type,
    subject: m.subject,
    notes: m.notes,
    priority: m.priority,
    status: m.status,
    proposed: m.proposed,
    location: m.location,
    requestedAt: m.requestedAt,
    confirmBy: m.confirmBy,
    confirmationOverdue: m.status === 'REQUESTED' && now.getTime() > Date.parse(m.confirmBy),
    confirmedAt: m.confirmedAt,
    cancelledAt: m.cancelledAt,
    cancelReason: m.cancelReason,
    reminders: m.reminders,
  };
}

/** A CLIENTE sees and acts only on the meetings it requested; staff and ADMIN see the company's. */
export const canSee = (m: Pick<MeetingRecord, 'clientId'>, actor: Actor): boolean =>
  actor.isAdmin || actor.companyRole !== 'CLIENTE' || m.clientId === actor.userId;
