/**
 * The submission gateway's HTTP adapter against a stand-in AEAT (an HTTPS server on 127.0.0.1 that
 * asks for a client certificate): what it sends (the file, the filing's headers, the presenter's
 * certificate over mutual TLS), how it reads the answers, and how each failure becomes a technical
 * error that says whether the AEAT may have the request.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientP12, makeServerIdentity } from '../testing/filing-fakes';
import {
  GatewayTechnicalError,
  httpSubmissionGateway,
  readSubmitAnswer,
  type SubmissionGateway,
  type SubmissionRequest,
} from './gateway';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  presenter: string | null;
}

const identity = makeServerIdentity();
const PASSWORD = 'clave-de-prueba';
const p12 = makeClientP12({ nif: 'B12345674', name: 'EMPRESA DE PRUEBAS SL', password: PASSWORD });
const gestoriaP12 = makeClientP12({ nif: 'B87654323', name: 'GESTORIA DE PRUEBAS SL', password: PASSWORD });

let server: https.Server;
let base: string;
const seen: Seen[] = [];
let reply: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

beforeAll(async () => {
  server = https.createServer(
    { cert: identity.certPem, key: identity.keyPem, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        const serial = (peer?.subject as unknown as Record<string, string> | undefined)?.serialNumber;
        const s: Seen = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
          presenter: serial ? serial.replace(/^IDCES-/, '') : null,
        };
        seen.push(s);
        reply(req, res, s);
      });
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  seen.length = 0;
});

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const gateway = (timeoutMs = 2_000): SubmissionGateway =>
  httpSubmissionGateway({ endpoint: `${base}/modelos/presentacion`, ca: identity.caPem, timeoutMs });

// A 303 file in ISO-8859-1, with a byte that is not ASCII (Ñ), to see it arrive unchanged.
const FILE = Buffer.from('<T3030202510000>ESPAÑA', 'latin1');
const request = (over: Partial<SubmissionRequest> = {}): SubmissionRequest => ({
  requestId: '2025-303-1T-001',
  companyNif: 'B12345674',
  modelType: '303',
  year: 2025,
  period: '1T',
  file: FILE,
  certificate: { pfx: p12, passphrase: PASSWORD },
  ...over,
});

describe('submit', () => {
  it('posts the exact file with the filing headers over mutual TLS and reads an acceptance', async () => {
    const pdf = Buffer.from('%PDF-1.7 justificante');
    reply = (_req, res) =>
      json(res, 200, {
        estado: 'ACEPTADA',
        csv: 'ABCDEFGHJK123456',
        numeroJustificante: '3031234567890',
        fechaPresentacion: '2025-04-10T10:00:00+02:00',
        idPeticion: '2025-303-1T-001',
        justificantePdf: pdf.toString('base64'),
      });

    const answer = await gateway().submit(request());

    expect(answer).toEqual({
      outcome: 'ACCEPTED',
      csv: 'ABCDEFGHJK123456',
      receiptNumber: '3031234567890',
      presentedAt: '2025-04-10T10:00:00+02:00',
      receiptPdf: pdf,
    });
    const [s] = seen;
    expect(s).toMatchObject({ method: 'POST', url: '/modelos/presentacion', presenter: 'B12345674' });
    expect(s!.body.equals(FILE)).toBe(true);
    expect(s!.headers).toMatchObject({
      'content-type': 'text/plain; charset=ISO-8859-1',
      'x-aeat-modelo': '303',
      'x-aeat-ejercicio': '2025',
      'x-aeat-periodo': '1T',
      'x-aeat-nif-declarante': 'B12345674',
      'x-aeat-id-peticion': '2025-303-1T-001',
    });
    expect(s!.headers['x-aeat-nif-colaborador']).toBeUndefined();
  });

  it('presents the colaborador social’s certificate and names it', async () => {
    reply = (_req, res) =>
      json(res, 200, {
        estado: 'ACEPTADA',
        csv: 'ZZZZZZZZZZ000001',
        numeroJustificante: '3030000000001',
        fechaPresentacion: '2025-04-10T10:00:00+02:00',
      });
    const { certificate: _own, ...rest } = request();
    await gateway().submit({
      ...rest,
      collaborator: { nif: 'B87654323', certificate: { pfx: gestoriaP12, passphrase: PASSWORD } },
    });
    expect(seen[0]).toMatchObject({ presenter: 'B87654323' });
    expect(seen[0]!.headers['x-aeat-nif-colaborador']).toBe('B87654323');
  });

  it('reads a rejection with the AEAT’s errors', async () => {
    reply = (_req, res) =>
      json(res, 200, {
        estado: 'RECHAZADA',
        errores: [
          {
            codigo: '1005',
            descripcion: 'Ya existe una declaración presentada para este ejercicio y periodo',
          },
        ],
      });
    await expect(gateway().submit(request())).resolves.toEqual({
      outcome: 'REJECTED',
      errors: [
        { code: '1005', message: 'Ya existe una declaración presentada para este ejercicio y periodo' },
      ],
    });
  });

  it('takes an HTML error page for no answer: technical, and the request may have arrived', async () => {
    reply = (_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Error 500</h1>');
    const e = await gateway()
      .submit(request())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayTechnicalError);
    expect(e).toMatchObject({ kind: 'http', requestSent: true });
  });

  it('a connection dropped after the request was sent is ambiguous', async () => {
    reply = (req) => req.socket.destroy();
    await expect(gateway().submit(request())).rejects.toMatchObject({
      kind: 'connection-lost',
      requestSent: true,
    });
  });

  it('an answer that does not come in time is a timeout', async () => {
    reply = (_req, res) => setTimeout(() => json(res, 200, { estado: 'RECHAZADA', errores: [] }), 1_000);
    await expect(gateway(200).submit(request())).rejects.toMatchObject({
      kind: 'timeout',
      requestSent: true,
    });
  });

  it('a server the client does not trust is a TLS error and nothing was sent', async () => {
    const untrusting = httpSubmissionGateway({ endpoint: `${base}/modelos/presentacion`, timeoutMs: 2_000 });
    reply = (_req, res) => json(res, 200, {});
    // Without the test CA in the .p12 (Node trusts the CAs a .p12 carries) nor in `ca`.
    const bare = makeClientP12({ nif: 'B12345674', name: 'EMPRESA', password: PASSWORD, withCa: false });
    await expect(
      untrusting.submit(request({ certificate: { pfx: bare, passphrase: PASSWORD } })),
    ).rejects.toMatchObject({ kind: 'tls-error', requestSent: false });
    expect(seen).toHaveLength(0);
  });

  it('a wrong certificate password fails before anything is sent', async () => {
    await expect(
      gateway().submit(request({ certificate: { pfx: p12, passphrase: 'otra' } })),
    ).rejects.toMatchObject({ kind: 'tls-error', requestSent: false });
    expect(seen).toHaveLength(0);
  });

  it('without an endpoint filing is unavailable', async () => {
    const none = httpSubmissionGateway({ endpoint: null });
    expect(none.available).toBe(false);
    await expect(none.submit(request())).rejects.toMatchObject({ kind: 'configuration', requestSent: false });
  });
});

describe('readSubmitAnswer', () => {
  it('refuses an acceptance without a readable CSV or justificante number', () => {
    const accepted = (csv: string, n: string) =>
      JSON.stringify({ estado: 'ACEPTADA', csv, numeroJustificante: n, fechaPresentacion: 'x' });
    expect(() => readSubmitAnswer(200, accepted('corto', '3031234567890'))).toThrow(GatewayTechnicalError);
    expect(() => readSubmitAnswer(200, accepted('ABCDEFGHJK123456', '303'))).toThrow(GatewayTechnicalError);
    expect(readSubmitAnswer(200, accepted('ABCDEFGHJK123456', '3031234567890'))).toMatchObject({
      outcome: 'ACCEPTED',
    });
  });

  it('a rejection without errors is not an answer', () => {
    expect(() => readSubmitAnswer(200, JSON.stringify({ estado: 'RECHAZADA', errores: [] }))).toThrow(
      GatewayTechnicalError,
    );
  });
});

describe('status', () => {
  it('asks beside the filing endpoint by NIF, model, year and period', async () => {
    reply = (_req, res) =>
      json(res, 200, {
        presentada: true,
        csv: 'ABCDEFGHJK123456',
        numeroJustificante: '3031234567890',
        fechaPresentacion: '2025-04-10T10:00:00+02:00',
        idPeticion: '2025-303-1T-001',
      });
    const { requestId: _r, file: _f, ...target } = request();
    await expect(gateway().status(target)).resolves.toEqual({
      filed: true,
      csv: 'ABCDEFGHJK123456',
      receiptNumber: '3031234567890',
      presentedAt: '2025-04-10T10:00:00+02:00',
      requestId: '2025-303-1T-001',
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/modelos/consulta?nif=B12345674&modelo=303&ejercicio=2025&periodo=1T',
      presenter: 'B12345674',
    });
  });

  it('answers not filed, and a failed query is technical', async () => {
    const { requestId: _r, file: _f, ...target } = request();
    reply = (_req, res) => json(res, 200, { presentada: false });
    await expect(gateway().status(target)).resolves.toEqual({ filed: false });
    reply = (_req, res) => json(res, 503, { error: 'no disponible' });
    await expect(gateway().status(target)).rejects.toMatchObject({ kind: 'http' });
  });
});
