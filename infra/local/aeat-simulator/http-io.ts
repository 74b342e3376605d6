/**
 * The simulator's HTTP plumbing: request bodies, XML and JSON answers, and who presented the
 * client certificate of the mutual-TLS connection.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Presenter } from './state';

const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** The presenter of the connection's client certificate (NIF from its subject), or null without one. */
export function presenterOf(socket: TLSSocket): Presenter | null {
  const cert = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
  if (!cert?.raw) return null;
  const subject = (cert.subject ?? {}) as unknown as Record<string, string | string[] | undefined>;
  const one = (k: string) => {
    const v = subject[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const nifIn = (v: string | undefined, pattern: RegExp) =>
    v ? pattern.exec(v.toUpperCase())?.[1] : undefined;
  const nif =
    nifIn(one('organizationIdentifier') ?? one('2.5.4.97'), /^VATES-([0-9A-Z]{9})$/) ??
    nifIn(one('serialNumber'), /^(?:IDCES-|VATES-)?([0-9A-Z]{9})$/) ??
    nifIn(one('CN'), /[-(:]\s*([0-9A-Z]{9})\)?\s*$/) ??
    '';
  const parts = Object.entries(subject).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => `${k}=${x}`),
  );
  return { subject: parts.join(', '), serialNumber: cert.serialNumber ?? '', nif };
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export const sendXml = (res: ServerResponse, status: number, xml: string): void => {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'text/xml; charset=UTF-8' }).end(xml);
};

export const sendJson = (res: ServerResponse, status: number, body: unknown): void => {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(body, null, 2));
};
