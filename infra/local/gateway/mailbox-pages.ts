/**
 * The dev mailbox: every e-mail the local SES accepted, newest first, and one mail's text and
 * HTML. The HTML is shown in a sandboxed iframe (no scripts, no same-origin) through `srcdoc`,
 * so a mail can neither run code nor restyle the page around it.
 */

import { simpleParser } from 'mailparser';
import type { SentMail } from '../types';
import { escapeHtml, page } from './html';

const dateFormat = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Madrid',
});

export function newestFirst(mails: SentMail[]): SentMail[] {
  return [...mails].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

function formatDate(at: string): string {
  const time = Date.parse(at);
  return Number.isNaN(time) ? at : dateFormat.format(time);
}

const mailLink = (id: string) => `/_dev/mailbox/${encodeURIComponent(id)}`;
export const attachmentLink = (id: string, n: number) => `${mailLink(id)}/attachments/${n}`;

/** The bytes of the n-th attachment (0-based) of a raw message, parsed again from its MIME. */
export async function mailAttachment(
  mail: SentMail,
  n: number,
): Promise<{ filename?: string; contentType: string; content: Buffer } | undefined> {
  if (mail.raw === undefined || !Number.isInteger(n) || n < 0) return undefined;
  const parsed = await simpleParser(Buffer.from(mail.raw, 'utf8'));
  const a = parsed.attachments[n];
  return a ? { filename: a.filename, contentType: a.contentType, content: a.content } : undefined;
}

export function mailboxPage(mails: SentMail[]): string {
  const sorted = newestFirst(mails);
  const rows = sorted
    .map(
      (m) => `<tr>
<td>${escapeHtml(formatDate(m.at))}</td>
<td>${escapeHtml(m.from)}</td>
<td>${escapeHtml(m.to.join(', '))}</td>
<td><a href="${escapeHtml(mailLink(m.id))}">${escapeHtml(m.subject || '(sin asunto)')}</a>${m.attachments?.length ? ` (${m.attachments.length} adjunto${m.attachments.length > 1 ? 's' : ''})` : ''}</td>
</tr>`,
    )
    .join('\n');
  const content =
    sorted.length === 0
      ? '<p class="empty">Todavía no se ha enviado ningún correo.</p>'
      : `<table>
<thead><tr><th>Fecha</th><th>De</th><th>Para</th><th>Asunto</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    'Correo enviado',
    `<h1>Correo enviado (${sorted.length})</h1>
<p><a href="/_dev/mailbox">Actualizar</a> · <a href="/_dev/mailbox.json">Ver como JSON</a></p>
${content}`,
  );
}

export function mailPage(mail: SentMail): string {
  const field = (label: string, value: string) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`;
  const parts = [
    `<p><a href="/_dev/mailbox">← Volver al buzón</a></p>`,
    `<h1>${escapeHtml(mail.subject || '(sin asunto)')}</h1>`,
    `<dl>
${field('Fecha', formatDate(mail.at))}
${field('De', mail.from)}
${field('Para', mail.to.join(', '))}
${mail.cc.length > 0 ? field('CC', mail.cc.join(', ')) : ''}
</dl>`,
  ];
  if (mail.attachments?.length) {
    const items = mail.attachments.map((a, i) => {
      const label = `${a.filename ?? 'adjunto'} (${a.contentType}, ${a.size} bytes)`;
      // Only raw messages keep the bytes; Simple attachments are listed without a link.
      return mail.raw === undefined
        ? `<li>${escapeHtml(label)}</li>`
        : `<li><a href="${escapeHtml(attachmentLink(mail.id, i))}">${escapeHtml(label)}</a></li>`;
    });
    parts.push(`<h2>Adjuntos</h2>\n<ul>\n${items.join('\n')}\n</ul>`);
  }
  if (mail.html !== undefined) {
    // Escaping the whole document for the attribute is all srcdoc needs; the browser un-escapes it once.
    parts.push(
      `<h2>HTML</h2>\n<iframe sandbox="" referrerpolicy="no-referrer" title="Contenido HTML del correo" srcdoc="${escapeHtml(mail.html)}"></iframe>`,
    );
  }
  if (mail.text !== undefined) parts.push(`<h2>Texto</h2>\n<pre>${escapeHtml(mail.text)}</pre>`);
  if (mail.raw !== undefined) {
    parts.push(
      `<details><summary>Mensaje MIME completo</summary><pre>${escapeHtml(mail.raw)}</pre></details>`,
    );
  }
  if (mail.html === undefined && mail.text === undefined && mail.raw === undefined) {
    parts.push('<p class="empty">El correo no tiene contenido.</p>');
  }
  return page(mail.subject || 'Correo', parts.join('\n'));
}

export function mailNotFoundPage(id: string): string {
  return page(
    'Correo no encontrado',
    `<h1>Correo no encontrado</h1>
<p>No hay ningún correo con el identificador <code>${escapeHtml(id)}</code>.</p>
<p><a href="/_dev/mailbox">← Volver al buzón</a></p>`,
  );
}
