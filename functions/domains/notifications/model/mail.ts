/** The e-mails of the notifications' EMAIL channel, in Spanish, with links into the app. Pure. */

import type { MailMessage } from '@shared/db/outbox';

export interface MailNotification {
  notificationId: string;
  companyId: string;
  title: string;
  message: string;
  link?: string;
  createdAt: string;
}

/** The absolute URL of an in-app path (the notifications page when the notification has no link). */
export const appLink = (appUrl: string, link: string | undefined): string =>
  `${appUrl.replace(/\/+$/, '')}${link ?? '/app/notifications'}`;

const PREFERENCES_FOOTER = [
  'Recibes este correo por tus preferencias de notificación.',
  'Puedes cambiarlas en Cuadra, en Notificaciones > Preferencias.',
];

/** The outbox id of a notification's immediate e-mail: one per notification, whatever retries. */
export const immediateOutboxId = (notificationId: string) => `notif-${notificationId}`;
/** The outbox id of a person's digest of a day. */
export const digestOutboxId = (userId: string, day: string) => `digest-${userId}-${day}`;

/** One notification, e-mailed as it happens (emailDigest 'never'). */
export function immediateMail(input: {
  to: string;
  companyName: string;
  notification: MailNotification;
  appUrl: string;
}): MailMessage {
  const n = input.notification;
  return {
    to: [input.to],
    subject: `${input.companyName}: ${n.title}`,
    text: [
      'Hola:',
      '',
      n.title,
      '',
      n.message,
      '',
      `Empresa: ${input.companyName}`,
      `Ver en Cuadra: ${appLink(input.appUrl, n.link)}`,
      '',
      ...PREFERENCES_FOOTER,
    ].join('\n'),
    template: 'notification',
    companyId: n.companyId,
  };
}

/** At most this many notifications are listed in one digest (the rest are counted). */
export const DIGEST_MAX_LISTED = 50;

const dateTimeEs = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const digestSubject = (count: number) =>
  count === 1
    ? 'Resumen diario de Cuadra: 1 notificación sin leer'
    : `Resumen diario de Cuadra: ${count} notificaciones sin leer`;

/**
 * The daily digest: the notifications still unread, grouped by company (companies by name, newest
 * first inside each), each with its link; `total` may exceed what is listed.
 */
export function digestMail(input: {
  to: string;
  firstName: string | undefined;
  notifications: MailNotification[];
  total: number;
  companyNames: Map<string, string>;
  appUrl: string;
}): MailMessage {
  const byCompany = new Map<string, MailNotification[]>();
  for (const n of input.notifications) byCompany.set(n.companyId, [...(byCompany.get(n.companyId) ?? []), n]);
  const nameOf = (id: string) => input.companyNames.get(id) ?? id;
  const sections = [...byCompany.entries()]
    .sort(([a], [b]) => nameOf(a).localeCompare(nameOf(b), 'es'))
    .flatMap(([companyId, list]) => [
      `${nameOf(companyId)} (${list.length})`,
      ...[...list]
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
        .flatMap((n) => [
          `- ${n.title} (${dateTimeEs.format(new Date(n.createdAt))})`,
          `  ${n.message}`,
          `  ${appLink(input.appUrl, n.link)}`,
        ]),
      '',
    ]);
  const more = input.total - input.notifications.length;
  return {
    to: [input.to],
    subject: digestSubject(input.total),
    text: [
      input.firstName ? `Hola, ${input.firstName}:` : 'Hola:',
      '',
      input.total === 1
        ? 'Tienes 1 notificación sin leer desde el último resumen:'
        : `Tienes ${input.total} notificaciones sin leer desde el último resumen:`,
      '',
      ...sections,
      ...(more > 0 ? [`Y ${more} más en Cuadra.`, ''] : []),
      `Ver todas: ${appLink(input.appUrl, '/app/notifications')}`,
      '',
      ...PREFERENCES_FOOTER,
    ].join('\n'),
    template: 'notification-digest',
  };
}
