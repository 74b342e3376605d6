/** The e-mails of the identity domain, in Spanish. Sent through the outbox (shared/db/outbox.ts). */

import type { MailMessage } from '@shared/db/outbox';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `${appUrl}${path}?token=...`, tolerating a trailing slash in the configured URL. */
export function linkWithToken(appUrl: string, path: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path}?${new URLSearchParams({ token })}`;
}

interface MailInput {
  to: string;
  firstName: string;
  link: string;
}

function render(paragraphs: string[], link: string, linkLabel: string): { text: string; html: string } {
  const text = paragraphs.map((p) => (p === '{link}' ? link : p)).join('\n\n');
  const html = paragraphs
    .map((p) =>
      p === '{link}'
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`
        : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  return { text, html };
}

export function verificationMail({ to, firstName, link }: MailInput): MailMessage {
  const body = render(
    [
      `Hola ${firstName}:`,
      'Gracias por registrarte en Cuadra. Para activar tu cuenta, confirma tu dirección de email abriendo este enlace:',
      '{link}',
      'El enlace caduca en 24 horas. Si no has creado una cuenta en Cuadra, ignora este mensaje.',
      'El equipo de Cuadra',
    ],
    link,
    'Confirmar mi email',
  );
  return { to: [to], subject: 'Confirma tu email en Cuadra', template: 'verify-email', ...body };
}

export function resetPasswordMail({ to, firstName, link }: MailInput): MailMessage {
  const body = render(
    [
      `Hola ${firstName}:`,
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Cuadra. Para elegir una nueva contraseña, abre este enlace:',
      '{link}',
      'El enlace caduca en 1 hora y solo puede usarse una vez. Si no lo has solicitado tú, ignora este mensaje: tu contraseña no cambiará.',
      'El equipo de Cuadra',
    ],
    link,
    'Restablecer mi contraseña',
  );
  return { to: [to], subject: 'Restablece tu contraseña de Cuadra', template: 'reset-password', ...body };
}
