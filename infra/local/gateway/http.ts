/**
 * Small HTTP helpers shared by the gateway's handlers: bounded body reading, JSON/HTML answers,
 * the client address as API Gateway reports it, and the one-line request log.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads the whole request body, refusing more than `limit` bytes. The rest of an oversized body
 * is drained rather than cut off, so the client reads our 413 instead of a connection reset.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLargeError(limit)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(payload.length),
    ...headers,
  });
  res.end(payload);
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  const payload = Buffer.from(html);
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(payload.length),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

/** The path of a request URL without its query string (which may carry passwords or tokens). */
export function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

/** The raw query string of a request URL, without the `?`. */
export function queryOf(url: string | undefined): string {
  const raw = url ?? '';
  const q = raw.indexOf('?');
  return q === -1 ? '' : raw.slice(q + 1);
}

/** The client's IP as API Gateway writes it in `identity.sourceIp` (no IPv4-mapped prefix). */
export function sourceIpOf(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

/** One line per request once the response is done; the query string is left out on purpose. */
export function logRequests(req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  res.on('close', () => {
    const ms = Math.round(performance.now() - started);
    console.log(`[gateway] ${req.method} ${pathOf(req.url)} ${res.statusCode} ${ms}ms`);
  });
}
