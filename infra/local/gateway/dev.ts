/**
 * The /_dev area of the local cloud: the mailbox of sent e-mails and the schedules with a
 * "run now" button (optionally "as if it were the day" `dia`, YYYY-MM-DD: the event's `time` is then
 * that day at 07:00 Madrid). Development only; it never exists in AWS.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIsoDay, madridMorning } from '../engines/scheduler';
import type { GatewayOptions } from '../types';
import { escapeHtml, page } from './html';
import { BodyTooLargeError, pathOf, queryOf, readBody, sendHtml, sendJson } from './http';
import { mailAttachment, mailboxPage, mailNotFoundPage, mailPage, newestFirst } from './mailbox-pages';
import { schedulesPage } from './schedules-page';

type DevDeps = Pick<GatewayOptions, 'mailbox' | 'dev'>;

const MAIL_PATH = /^\/_dev\/mailbox\/([^/]+)$/;
const ATTACHMENT_PATH = /^\/_dev\/mailbox\/([^/]+)\/attachments\/(\d+)$/;
const RUN_PATH = /^\/_dev\/schedules\/([^/]+)\/run$/;
/** A run form holds one short field; anything bigger is not ours. */
const MAX_RUN_BODY_BYTES = 4096;

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
    const query = new URLSearchParams(queryOf(req.url));
    const ran = query.get('ejecutada');
    const day = query.get('dia') ?? '';
    return sendHtml(
      res,
      200,
      schedulesPage(
        deps.dev.schedules(),
        ran ? { kind: 'ok', name: ran, ...(isIsoDay(day) ? { day } : {}) } : undefined,
      ),
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
  let day: string;
  try {
    day = await requestedDay(req);
  } catch (e) {
    if (!(e instanceof BodyTooLargeError)) throw e;
    if (wantsJson) return sendJson(res, 413, { ok: false, error: 'Formulario demasiado grande' });
    return sendHtml(res, 413, page('Demasiado grande', '<h1>Formulario demasiado grande</h1>'));
  }
  if (day !== '' && !isIsoDay(day)) {
    const message = `El día «${day}» no es una fecha válida (AAAA-MM-DD).`;
    if (wantsJson) return sendJson(res, 400, { ok: false, error: message });
    return sendHtml(res, 400, schedulesPage(deps.dev.schedules(), { kind: 'error', name, message }));
  }
  const at = day === '' ? undefined : madridMorning(day);
  try {
    await deps.dev.runSchedule(name, at);
  } catch (e) {
    console.error(`[gateway] schedule ${name} failed`, e);
    const message = (e as Error).message ?? String(e);
    if (wantsJson) return sendJson(res, 500, { ok: false, error: message });
    return sendHtml(res, 500, schedulesPage(deps.dev.schedules(), { kind: 'error', name, message }));
  }
  if (wantsJson) return sendJson(res, 200, at ? { ok: true, time: at.toISOString() } : { ok: true });
  // Post/redirect/get: reloading the result page must not run the job again.
  const asOf = day === '' ? '' : `&dia=${day}`;
  res.writeHead(303, { Location: `/_dev/schedules?ejecutada=${encodeURIComponent(name)}${asOf}` }).end();
}

/**
 * The optional "as if it were the day" of a run: the form field `dia` (urlencoded body, as the page
 * posts it) or the query parameter `dia` (tools); '' when none was given. Not validated here.
 */
async function requestedDay(req: IncomingMessage): Promise<string> {
  const fromQuery = new URLSearchParams(queryOf(req.url)).get('dia');
  const type = String(req.headers['content-type'] ?? '');
  const body = await readBody(req, MAX_RUN_BODY_BYTES);
  const fromForm = type.startsWith('application/x-www-form-urlencoded')
    ? new URLSearchParams(body.toString('utf8')).get('dia')
    : null;
  return (fromForm ?? fromQuery ?? '').trim();
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
