/**
 * The /_dev area of the local cloud: the mailbox of sent e-mails and the schedules with a
 * "run now" button. Development only; it never exists in AWS.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayOptions } from '../types';
import { escapeHtml, page } from './html';
import { pathOf, queryOf, sendHtml, sendJson } from './http';
import { mailAttachment, mailboxPage, mailNotFoundPage, mailPage, newestFirst } from './mailbox-pages';
import { schedulesPage } from './schedules-page';

type DevDeps = Pick<GatewayOptions, 'mailbox' | 'dev'>;

const MAIL_PATH = /^\/_dev\/mailbox\/([^/]+)$/;
const ATTACHMENT_PATH = /^\/_dev\/mailbox\/([^/]+)\/attachments\/(\d+)$/;
const RUN_PATH = /^\/_dev\/schedules\/([^/]+)\/run$/;

export async function handleDev(req: IncomingMessage, res: ServerResponse, deps: DevDeps): Promise<void> {
  const path = pathOf(req.url).replace(/(.)\/$/, '$1');
  const method = req.method ?? 'GET';

  if (method === 'POST') {
    const run = RUN_PATH.exec(path);
    if (run) return runSchedule(req, res, deps, safeDecode(run[1]!));
    return notFound(res);
  }
  if (method !== 'GET' && method !== 'HEAD') return notFound(res);

  if (path === '/_dev') {
    res.writeHead(302, { Location: '/_dev/mailbox' }).end();
    return;
  }
  if (path === '/_dev/mailbox') return sendHtml(res, 200, mailboxPage(await deps.mailbox.list()));
  if (path === '/_dev/mailbox.json') {
    return sendJson(res, 200, newestFirst(await deps.mailbox.list()), { 'Cache-Control': 'no-store' });
  }
  const attachment = ATTACHMENT_PATH.exec(path);
  if (attachment) {
    const id = safeDecode(attachment[1]!);
    const found = await deps.mailbox.get(id);
    const file = found ? await mailAttachment(found, Number(attachment[2])) : undefined;
    if (!file) return notFound(res);
    res
      .writeHead(200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.content.length),
        // Served as a download: a mail's attachment is never rendered as part of this origin.
        'Content-Disposition': `attachment; filename="${(file.filename ?? 'adjunto').replace(/[^\w.-]+/g, '_')}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      })
      .end(method === 'HEAD' ? undefined : file.content);
    return;
  }
  const mail = MAIL_PATH.exec(path);
  if (mail) {
    const id = safeDecode(mail[1]!);
    const found = await deps.mailbox.get(id);
    return found ? sendHtml(res, 200, mailPage(found)) : sendHtml(res, 404, mailNotFoundPage(id));
  }
  if (path === '/_dev/schedules') {
    const ran = new URLSearchParams(queryOf(req.url)).get('ejecutada');
    return sendHtml(
      res,
      200,
      schedulesPage(deps.dev.schedules(), ran ? { kind: 'ok', name: ran } : undefined),
    );
  }
  return notFound(res);
}

async function runSchedule(
  req: IncomingMessage,
  res: ServerResponse,
  deps: DevDeps,
  name: string,
): Promise<void> {
  // A page on another site could post this form to localhost; only our own pages (or tools without Origin) may.
  if (!sameOrigin(req)) {
    return sendHtml(res, 403, page('Prohibido', '<h1>Origen no permitido</h1>'));
  }
  const wantsJson = String(req.headers.accept ?? '').includes('application/json');
  if (!deps.dev.schedules().includes(name)) {
    if (wantsJson) return sendJson(res, 404, { ok: false, error: `No existe la tarea ${name}` });
    return sendHtml(
      res,
      404,
      page('Tarea no encontrada', `<h1>No existe la tarea «${escapeHtml(name)}»</h1>`),
    );
  }
  try {
    await deps.dev.runSchedule(name);
  } catch (e) {
    console.error(`[gateway] schedule ${name} failed`, e);
    const message = (e as Error).message ?? String(e);
    if (wantsJson) return sendJson(res, 500, { ok: false, error: message });
    return sendHtml(res, 500, schedulesPage(deps.dev.schedules(), { kind: 'error', name, message }));
  }
  if (wantsJson) return sendJson(res, 200, { ok: true });
  // Post/redirect/get: reloading the result page must not run the job again.
  res.writeHead(303, { Location: `/_dev/schedules?ejecutada=${encodeURIComponent(name)}` }).end();
}

function notFound(res: ServerResponse): void {
  sendHtml(
    res,
    404,
    page('No encontrado', '<h1>Página no encontrada</h1><p><a href="/_dev/mailbox">Ir al buzón</a></p>'),
  );
}

/** No Origin header (curl, tests) or our own host. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
