/**
 * The iCalendar invitation of a confirmed meeting (RFC 5545, METHOD:REQUEST) and the e-mail that
 * carries it as the attachment `reunion.ics` (an inline attachment of the outbox, shared/db/outbox.ts:
 * the mail consumer sends it as `text/calendar; method=REQUEST`, RFC 6047), which calendar clients offer
 * to add.
 */

import type { MailMessage } from '@shared/db/outbox';
import type { MeetingType } from '@shared/schemas/meetings';
import type { MeetingRecord } from './meeting';
import { dateEs, madridClock, madridDay } from './time';

export const ICS_FILE_NAME = 'reunion.ics';

export const MEETING_TYPE_LABELS: Record<MeetingType, string> = {
  VIDEO: 'Videollamada',
  PHONE: 'Llamada telefónica',
  IN_PERSON: 'Presencial',
};

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export const icsText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** UTC DATE-TIME form (`20270329T080000Z`). */
export const icsDateTime = (iso: string): string =>
  `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with a space. */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  const out: string[] = [];
  let current = '';
  for (const ch of line) {
    const limit = out.length === 0 ? 75 : 74;
    if (bytes.encode(current + ch).length > limit) {
      out.push(current);
      current = ch;
    } else current += ch;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface IcsInput {
  meeting: MeetingRecord;
  /** When the invitation is issued (DTSTAMP). */
  now: Date;
  /** A link to the meeting in the app. */
  link: string;
}

/** The VCALENDAR text (CRLF line ends). SEQUENCE follows the meeting's version, so updates replace. */
export function meetingIcs({ meeting: m, now, link }: IcsInput): string {
  const end = new Date(Date.parse(m.startsAt) + m.duration * 60_000).toISOString();
  const description = [
    `Tipo: ${MEETING_TYPE_LABELS[m.type]}`,
    ...(m.notes ? [`Notas: ${m.notes}`] : []),
    `Ver en Cuadra: ${link}`,
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cuadra//Reuniones//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${m.meetingId}@cuadra`,
    `SEQUENCE:${m.version}`,
    `DTSTAMP:${icsDateTime(now.toISOString())}`,
    `DTSTART:${icsDateTime(m.startsAt)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${icsText(`${m.subject} (${m.companyName})`)}`,
    `DESCRIPTION:${icsText(description)}`,
    ...(m.location ? [`LOCATION:${icsText(m.location)}`] : []),
    ...(m.advisorEmail
      ? [`ORGANIZER;CN=${icsText(m.advisorName ?? m.advisorEmail)}:mailto:${m.advisorEmail}`]
      : []),
    ...(m.clientEmail
      ? [`ATTENDEE;CN=${icsText(m.clientName)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${m.clientEmail}`]
      : []),
    'STATUS:CONFIRMED',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText(m.subject)}`,
    `TRIGGER:-PT${Math.max(...m.reminders, 0)}M`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The confirmation e-mail to one side, with the invitation's text at the end of the body. */
export function confirmationMail(input: IcsInput & { to: string; otherSide: string }): MailMessage {
  const m = input.meeting;
  const day = madridDay(m.startsAt);
  const text = [
    'Hola:',
    '',
    `La reunión "${m.subject}" con ${input.otherSide} está confirmada.`,
    '',
    `Empresa: ${m.companyName}`,
    `Fecha: ${dateEs(day)} a las ${madridClock(m.startsAt)} (hora peninsular)`,
    `Duración: ${m.duration} minutos`,
    `Tipo: ${MEETING_TYPE_LABELS[m.type]}`,
    ...(m.location ? [`Lugar o enlace: ${m.location}`] : []),
    '',
    `Ver en Cuadra: ${input.link}`,
    '',
    `La invitación de calendario va adjunta (${ICS_FILE_NAME}): ábrela para añadir la reunión a tu calendario.`,
  ].join('\n');
  return {
    to: [input.to],
    subject: `Reunión confirmada: ${m.subject} (${dateEs(day)} ${madridClock(m.startsAt)})`,
    text,
    template: 'meeting-confirmed',
    companyId: m.companyId,
    attachments: [{ inlineText: meetingIcs(input), fileName: ICS_FILE_NAME, contentType: 'text/calendar' }],
  };
}
