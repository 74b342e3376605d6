import type { MeetingStatus, MeetingType } from '@shared/schemas/meetings';

export const MEETING_TYPE_LABELS: Record<MeetingType, string> = {
  VIDEO: 'Videollamada',
  PHONE: 'Llamada telefónica',
  IN_PERSON: 'Presencial',
};

export const MEETING_PRIORITY_LABELS: Record<'NORMAL' | 'HIGH', string> = {
  NORMAL: 'Normal',
  HIGH: 'Alta',
};

export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  REQUESTED: 'Pendiente de confirmar',
  PROPOSED: 'Nueva hora propuesta',
  CONFIRMED: 'Confirmada',
  CANCELLED: 'Cancelada',
  COMPLETED: 'Celebrada',
  NO_SHOW: 'No asistió',
};

export const MEETING_STATUS_COLORS: Record<MeetingStatus, string> = {
  REQUESTED: 'gold',
  PROPOSED: 'blue',
  CONFIRMED: 'green',
  CANCELLED: 'default',
  COMPLETED: 'cyan',
  NO_SHOW: 'red',
};

const LONG_DATE = new Intl.DateTimeFormat('es-ES', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-12-01` → 'martes, 1 de diciembre de 2026' (a calendar date: no time zone moves it). */
export function formatMeetingDate(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : LONG_DATE.format(at);
}

/** 'martes, 1 de diciembre de 2026, 10:30' from the meeting's Madrid wall date and time. */
export const formatMeetingSlot = (date: string, time: string): string =>
  `${formatMeetingDate(date)}, ${time}`;
