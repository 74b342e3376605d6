/**
 * Serves the built SPA (web/dist): content types, gzip, long caching for Vite's hashed assets,
 * and index.html for client-side routes. Nothing outside the static folder is ever served.
 */

import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { escapeHtml, page } from './html';
import { pathOf, sendHtml } from './http';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
  '.wasm',
  '.ttf',
  '.otf',
  '.ico',
]);
/** Below this size gzip costs more than it saves. */
const GZIP_MIN_BYTES = 1024;

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  staticDir: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res
      .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
      .end('Método no permitido');
    return;
  }
  const root = await realpathOrUndefined(staticDir);
  if (!root) return sendNotBuilt(res, staticDir);

  let decoded: string;
  try {
    decoded = decodeURIComponent(pathOf(req.url));
  } catch {
    return sendNotFound(res, 400, 'Ruta mal codificada');
  }
  if (decoded.includes('\0')) return sendNotFound(res, 400, 'Ruta no válida');

  // Normalising an absolute POSIX path removes every `..` above the root, so `relative` stays inside.
  const relative = path.posix.normalize(`/${decoded.replace(/\\/g, '/')}`).slice(1);
  const file = await fileInside(root, relative === '' ? 'index.html' : relative);
  if (file) return sendFile(req, res, file, relative.startsWith('assets/') ? 'immutable' : 'revalidate');

  // Client-side routes (no extension) get the SPA's index.html; missing assets are real 404s.
  if (path.posix.extname(relative) !== '') return sendNotFound(res, 404, 'No encontrado');
  const index = await fileInside(root, 'index.html');
  if (!index) return sendNotBuilt(res, staticDir);
  return sendFile(req, res, index, 'revalidate');
}

interface FoundFile {
  path: string;
  size: number;
  mtime: Date;
}

/** The regular file at `relative` under `root`, after resolving symlinks, or undefined. */
async function fileInside(root: string, relative: string): Promise<FoundFile | undefined> {
  const real = await realpathOrUndefined(path.join(root, relative));
  if (!real?.startsWith(root + path.sep)) return undefined;
  try {
    const info = await stat(real);
    if (info.isFile()) return { path: real, size: info.size, mtime: info.mtime };
    if (info.isDirectory()) return fileInside(root, path.join(path.relative(root, real), 'index.html'));
  } catch {
    // Vanished between realpath and stat.
  }
  return undefined;
}

async function realpathOrUndefined(p: string): Promise<string | undefined> {
  try {
    return await realpath(p);
  } catch {
    return undefined;
  }
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: FoundFile,
  caching: 'immutable' | 'revalidate',
): Promise<void> {
  const ext = path.extname(file.path).toLowerCase();
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtime.getTime()).toString(16)}"`;
  res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
  // Vite puts content hashes in /assets/ file names, so those never change; everything else (index.html
  // first) must be revalidated or a rebuild would leave browsers on stale chunk names.
  res.setHeader(
    'Cache-Control',
    caching === 'immutable' ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', file.mtime.toUTCString());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304).end();
    return;
  }
  const gzip = COMPRESSIBLE.has(ext) && file.size >= GZIP_MIN_BYTES && acceptsGzip(req);
  if (COMPRESSIBLE.has(ext)) res.setHeader('Vary', 'Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  else res.setHeader('Content-Length', String(file.size));
  res.writeHead(200);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const source = createReadStream(file.path);
  try {
    await (gzip ? pipeline(source, createGzip(), res) : pipeline(source, res));
  } catch (e) {
    // A client that goes away mid-download is routine; anything else is worth a line.
    if ((e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      console.error(`[gateway] serving ${file.path} failed`, e);
    }
    res.destroy();
  }
}

function acceptsGzip(req: IncomingMessage): boolean {
  const header = String(req.headers['accept-encoding'] ?? '');
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function sendNotFound(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
    .end(message);
}

function sendNotBuilt(res: ServerResponse, staticDir: string): void {
  const body = `<h1>La aplicación web no está compilada</h1>
<p>No se ha encontrado <code>${escapeHtml(path.join(staticDir, 'index.html'))}</code>.</p>
<p>Compílala desde la raíz del repositorio y recarga esta página:</p>
<pre>npm run build:web</pre>
<p>Para trabajar en la interfaz con recarga en caliente, arranca también el servidor de desarrollo de Vite
(<code>npm run dev -w web</code>); la API, el correo y las tareas siguen disponibles aquí mismo.</p>`;
  sendHtml(res, 503, page('Aplicación no compilada', body));
}
