/**
 * Meetings between a client and its gestoría, and the appointment alerts built on them (issue 20;
 * spec part 3 §2 Meeting scheduling modal, §3 Meeting request and Appointment alert, §5, §9 Meetings).
 * Where the spec's client only simulates the request, Cuadra stores it: the advisor confirms it
 * (within 24 hours) or proposes another time; reminders reach both sides (60 minutes before by default).
 */

import * as z from 'zod';
import { Id } from './common';
import { safeMultiline, safeText } from './text';

export const MEETING_DURATIONS = [15, 30, 45, 60, 90] as const;
export const MEETING_TYPES = ['VIDEO', 'PHONE', 'IN_PERSON'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];
export const MEETING_PRIORITIES = ['NORMAL', 'HIGH'] as const;
export const MEETING_STATUSES = [
  'REQUESTED',
  'PROPOSED',
  'CONFIRMED',
  'CANCELLED',
  'COMPLETED',
  'NO_SHOW',
] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** Times offered: every 30 minutes from 09:00 to 18:00 (spec part 3 §9). */
export const MEETING_TIMES: readonly string[] = Array.from({ length: 19 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});
/** Dates offered: the next 30 days, weekdays only, at most 20 options. */
export const MEETING_DATE_WINDOW_DAYS = 30;
export const MEETING_MAX_DATE_OPTIONS = 20;
/** The advisor confirms within 24 hours; rescheduling is allowed until 2 hours before. */
export const MEETING_CONFIRM_WITHIN_HOURS = 24;
export const MEETING_RESCHEDULE_UNTIL_HOURS = 2;
/** Default reminder (spec part 1 §9: appointment reminder default 60 minutes). */
export const DEFAULT_REMINDER_MINUTES = 60;

/** The weekday dates the modal offers from `today` (yyyy-mm-dd, Europe/Madrid): tomorrow on. */
export function meetingDateOptions(today: string): string[] {
  const out: string[] = [];
  const base = new Date(`${today}T12:00:00Z`);
  for (let d = 1; d <= MEETING_DATE_WINDOW_DAYS && out.length < MEETING_MAX_DATE_OPTIONS; d++) {
    const day = new Date(base.getTime() + d * 86_400_000);
    const wd = day.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

const MeetingSlot = {
  date: z.string({ message: 'Fecha requerida' }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Fecha requerida' }),
  time: z
    .string({ message: 'Hora requerida' })
    .refine((t) => MEETING_TIMES.includes(t), { message: 'Hora requerida' }),
};

/** POST meetings: the client's request (the modal's fields). */
export const MeetingRequestBody = z
  .object({
    ...MeetingSlot,
    duration: z.union(
      MEETING_DURATIONS.map((d) => z.literal(d)),
      {
        message: 'La duración debe ser 15, 30, 45, 60 o 90 minutos.',
      },
    ),
    type: z.enum(MEETING_TYPES, { message: 'El tipo debe ser VIDEO, PHONE o IN_PERSON.' }),
    subject: z
      .string({ message: 'Asunto requerido' })
      .trim()
      .min(1, { message: 'Asunto requerido' })
      .max(200)
      .pipe(safeText()),
    notes: safeMultiline().max(2000).optional(),
    priority: z.enum(MEETING_PRIORITIES).default('NORMAL'),
  })
  .strict();
export type MeetingRequestBody = z.infer<typeof MeetingRequestBody>;

export const MeetingPath = z.object({ meetingId: Id });

/** POST meetings/{id}/confirm: optionally where (a video link, an address, a phone number). */
export const ConfirmMeetingBody = z.object({ location: safeText().max(300).optional() }).strict();
/** POST meetings/{id}/propose: another time. */
export const ProposeMeetingBody = z
  .object({ ...MeetingSlot, message: safeMultiline().max(1000).optional() })
  .strict();
/** POST meetings/{id}/cancel. */
export const CancelMeetingBody = z.object({ reason: safeText().max(500).optional() }).strict();

export const MeetingListQuery = z.object({
  status: z.enum(MEETING_STATUSES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export interface Meeting {
  meetingId: string;
  companyId: string;
  companyName: string;
  clientId: string;
  clientName: string;
  clientEmail: string | null;
  advisorId: string | null;
  advisorName: string | null;
  advisorEmail: string | null;
  /** The current start (ISO instant, Europe/Madrid wall time converted). */
  startsAt: string;
  date: string;
  time: string;
  duration: number;
  type: MeetingType;
  subject: string;
  notes: string | null;
  priority: 'NORMAL' | 'HIGH';
  status: MeetingStatus;
  /** When the advisor proposed another time: the proposed start, until the client accepts. */
  proposed: { date: string; time: string; startsAt: string; message: string | null } | null;
  location: string | null;
  requestedAt: string;
  /** requestedAt + 24 h: the advisor's answer is due by then. */
  confirmBy: string;
  /** Still REQUESTED after confirmBy (computed when read): the appointment alerts flag it. */
  confirmationOverdue: boolean;
  confirmedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** Minutes before the start each reminder goes out (60 by default). */
  reminders: number[];
}

// --- appointment alerts (spec part 3 §3 Appointment alert) ---

export const APPOINTMENT_ALERT_TYPES = ['upcoming', 'today', 'completed', 'cancelled', 'no_show'] as const;

export interface AppointmentAlert {
  id: string;
  type: (typeof APPOINTMENT_ALERT_TYPES)[number];
  priority: 'critical' | 'high' | 'medium' | 'low';
  title: string;
  message: string;
  minutesUntil: number;
  appointmentDateTime: string;
  location: string | null;
  advisorName: string | null;
  meetingId: string;
}

export interface AppointmentStats {
  totalAppointments: number;
  completedAppointments: number;
  cancelledAppointments: number;
  noShowAppointments: number;
  upcomingAppointments: number;
  pendingConfirmation: number;
}

export const AppointmentAlertsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** GET appointments/history: the caller's past meetings (start before now), newest first. */
export const AppointmentHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET appointments/upcoming: meetings (requested, proposed or confirmed) starting within `days`. */
export const AppointmentUpcomingQuery = z.object({
  days: z.coerce.number().int().min(1).max(60).default(7),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST appointments/reminders: the spec's reminder payload (minutesBefore 60 by default). */
export const SetReminderBody = z
  .object({
    appointmentId: Id,
    minutesBefore: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(DEFAULT_REMINDER_MINUTES),
  })
  .passthrough();
