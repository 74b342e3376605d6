/**
 * The SII transport against a real local HTTPS server that demands a client certificate (a stand-in
 * AEAT signed by a test CA), with what each failure tells about delivery; and the gateway over a
 * fake transport: the envelope archived before the call, the answers parsed and classified.
 */

import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { header, issuedDomestic, TITULAR_NIF } from '@functions/lib/sii-xml/testing/records';
import { createLogger } from '@functions/platform/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryArchive } from '../testing/sender-fakes';
import { testPki } from '../testing/tls';
import {
  postSoap,
  type SiiHttpAnswer,
  type SiiHttpCall,
  type SiiTarget,
  SiiTransportError,
  urlOf,
  xmlGateway,
} from './aeat-client';
import { exchangeRecorder } from './archive';

process.env.LOG_LEVEL = 'silent';
const log = createLogger({});
const PASSWORD = 'clave-secreta-1234';
const pki = testPki({ nif: 'A12345674', name: 'TRANSPORTES LEVANTE SA', password: PASSWORD });

type Mode = 'ok' | 'fault' | 'hang' | 'drop';
let mode: Mode = 'ok';
let server: https.Server;
let url: string;
const seen: { soapAction?: string; contentType?: string; clientCn?: string; body: string; path?: string }[] =
  [];

beforeAll(async () => {
  server = https.createServer(
    {
      cert: pki.server.certPem,
      key: pki.server.keyPem,
      ca: pki.caPem,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        seen.push({
          soapAction: req.headers.soapaction as string,
          contentType: req.headers['content-type'],
          clientCn: typeof peer.subject?.CN === 'string' ? peer.subject.CN : undefined,
          body: Buffer.concat(chunks).toString('utf8'),
          path: req.url,
        });
        if (mode === 'hang') return;
        if (mode === 'drop') return req.socket.destroy();
        res.writeHead(mode === 'fault' ? 500 : 200, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(mode === 'fault' ? FAULT : '<ok/>');
      });
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `https://localhost:${(server.address() as AddressInfo).port}/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const call = (over: Partial<SiiHttpCall> = {}): SiiHttpCall => ({
  url,
  pfx: pki.clientP12,
  passphrase: PASSWORD,
  ca: pki.caPem,
  soapAction: '',
  body: '<x/>',
  timeoutMs: 3_000,
  ...over,
});

const failure = async (p: Promise<unknown>): Promise<SiiTransportError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof SiiTransportError) return e;
    throw e;
  }
  throw new Error('expected a transport error');
};

const FAULT =
  '<?xml version="1.0"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NIF</faultstring></env:Fault></env:Body></env:Envelope>';

describe('postSoap (mutual TLS)', () => {
  it('POSTs text/xml with SOAPAction "" and presents the company certificate', async () => {
    mode = 'ok';
    const r = await postSoap(call({ body: '<soap>ñ</soap>' }));
    expect(r).toEqual({ status: 200, body: '<ok/>' });
    const last = seen.at(-1)!;
    expect(last.soapAction).toBe('""');
    expect(last.contentType).toMatch(/^text\/xml/);
    expect(last.clientCn).toBe('TRANSPORTES LEVANTE SA - A12345674');
    expect(last.body).toBe('<soap>ñ</soap>');
  });

  it('returns a fault answer with its status (the gateway reads it)', async () => {
    mode = 'fault';
    expect((await postSoap(call())).status).toBe(500);
  });

  it('no answer after the request left: delivered MAYBE (time-out, connection dropped)', async () => {
    mode = 'hang';
    expect(await failure(postSoap(call({ timeoutMs: 300 })))).toMatchObject({
      delivered: 'MAYBE',
      reason: 'TIMEOUT',
    });
    mode = 'drop';
    expect(await failure(postSoap(call()))).toMatchObject({ delivered: 'MAYBE', reason: 'CONNECTION_LOST' });
  });

  it('nothing left: delivered NO (unreachable, wrong passphrase, untrusted server), and no secret shown', async () => {
    mode = 'ok';
    expect(await failure(postSoap(call({ url: 'https://127.0.0.1:1/x' })))).toMatchObject({
      delivered: 'NO',
      reason: 'CONNECTION',
    });
    const wrong = await failure(postSoap(call({ passphrase: 'otra' })));
    expect(wrong).toMatchObject({ delivered: 'NO', reason: 'TLS' });
    const untrusted = await failure(postSoap(call({ ca: undefined })));
    expect(untrusted).toMatchObject({ delivered: 'NO', reason: 'TLS' });
    expect(JSON.stringify([wrong.message, untrusted.message, wrong.detail])).not.toContain(PASSWORD);
  });
});

// --- the gateway ----------------------------------------------------------------------------------

const RESPONSE = `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><siiR:RespuestaLRFacturasEmitidas xmlns:siiR="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/RespuestaSuministro.xsd" xmlns:sii="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/SuministroInformacion.xsd"><siiR:CSV>CSVABCDEFGH1234</siiR:CSV><siiR:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii><sii:Titular><sii:NombreRazon>X</sii:NombreRazon><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:Titular><sii:TipoComunicacion>A0</sii:TipoComunicacion></siiR:Cabecera><siiR:EstadoEnvio>Correcto</siiR:EstadoEnvio><siiR:RespuestaLinea><siiR:IDFactura><sii:IDEmisorFactura><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>F-2027/0001</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>15-01-2027</sii:FechaExpedicionFacturaEmisor></siiR:IDFactura><siiR:EstadoRegistro>Correcto</siiR:EstadoRegistro></siiR:RespuestaLinea></siiR:RespuestaLRFacturasEmitidas></env:Body></env:Envelope>`;

const target: SiiTarget = {
  environment: 'TEST',
  base: 'https://127.0.0.1:4443/wlpl/SSII-FACT/ws',
  pfx: Buffer.from('p12'),
  passphrase: 'x',
  timeoutMs: 1_000,
};
const message = { service: 'FE' as const, operation: 'A0' as const, header, records: [issuedDomestic()] };

function fakeTransport(answer: SiiHttpAnswer | SiiTransportError) {
  const calls: SiiHttpCall[] = [];
  const transport = async (c: SiiHttpCall) => {
    calls.push(c);
    if (answer instanceof SiiTransportError) throw answer;
    return answer;
  };
  return { calls, transport };
}

const recorderOf = (store: MemoryArchive) =>
  exchangeRecorder(store, {
    companyId: 'co-1',
    exchangeId: 'ex1',
    at: new Date('2027-01-15T10:00:00Z'),
    log,
  });

describe('xmlGateway', () => {
  it('archives the exact envelope, then posts it to the service endpoint, then archives and parses the answer', async () => {
    const store = new MemoryArchive();
    const { calls, transport } = fakeTransport({ status: 200, body: RESPONSE });
    const answer = await xmlGateway(transport).submit(target, message, recorderOf(store));
    expect(calls[0]!.url).toBe('https://127.0.0.1:4443/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP');
    expect(calls[0]!.soapAction).toBe('');
    expect(store.objects.get('co-1/2027/01/ex1-request.xml')!.body).toBe(calls[0]!.body);
    expect(calls[0]!.body).toContain('<siiLR:SuministroLRFacturasEmitidas');
    expect(calls[0]!.body).toContain('<sii:TipoComunicacion>A0</sii:TipoComunicacion>');
    expect(store.objects.get('co-1/2027/01/ex1-response.xml')!.body).toBe(RESPONSE);
    if (answer.kind !== 'response') throw new Error('expected a response');
    expect(answer.response).toMatchObject({ csv: 'CSVABCDEFGH1234', state: 'Correcto' });
    expect(answer.response.lines).toHaveLength(1);
  });

  it('sends a baja as BajaLR… without TipoComunicacion', async () => {
    const { calls, transport } = fakeTransport({
      status: 200,
      body: RESPONSE.replaceAll('RespuestaLRFacturasEmitidas', 'RespuestaLRBajaFacturasEmitidas'),
    });
    await xmlGateway(transport).submit(target, { ...message, operation: 'BAJA' });
    expect(calls[0]!.body).toContain('<siiLR:BajaLRFacturasEmitidas');
    expect(calls[0]!.body).not.toContain('TipoComunicacion');
  });

  it('when the request cannot be archived nothing is sent', async () => {
    const store = new MemoryArchive();
    store.failing = true;
    const { calls, transport } = fakeTransport({ status: 200, body: RESPONSE });
    await expect(xmlGateway(transport).submit(target, message, recorderOf(store))).rejects.toMatchObject({
      name: 'ArchiveUnavailableError',
    });
    expect(calls).toHaveLength(0);
  });

  it('a SOAP Client fault is the whole message refused, with its code', async () => {
    const { transport } = fakeTransport({ status: 500, body: FAULT });
    expect(await xmlGateway(transport).submit(target, message)).toMatchObject({
      kind: 'fault',
      faultCode: 'Client',
      code: '4102',
    });
  });

  it('an answer that is not the AEAT’s: a 5xx may have been processed (MAYBE), a 4xx was not (NO)', async () => {
    const maybe = await failure(
      xmlGateway(fakeTransport({ status: 503, body: '<html>busy</html>' }).transport).submit(target, message),
    );
    expect(maybe).toMatchObject({ delivered: 'MAYBE', reason: 'UNREADABLE', status: 503 });
    const no = await failure(
      xmlGateway(fakeTransport({ status: 404, body: 'Not found' }).transport).submit(target, message),
    );
    expect(no).toMatchObject({ delivered: 'NO', reason: 'HTTP', status: 404 });
  });

  it('a transport failure is archived as text and passed on', async () => {
    const store = new MemoryArchive();
    const e = new SiiTransportError('MAYBE', 'TIMEOUT', 'Sin respuesta de la AEAT en el tiempo límite.');
    await expect(
      xmlGateway(fakeTransport(e).transport).submit(target, message, recorderOf(store)),
    ).rejects.toBe(e);
    expect(store.objects.get('co-1/2027/01/ex1-response.txt')!.body).toMatch(/^TIMEOUT\ndelivered=MAYBE/);
  });

  it('a query goes to the service endpoint and a refused one throws the fault', async () => {
    const { calls, transport } = fakeTransport({ status: 500, body: FAULT });
    await expect(
      xmlGateway(transport).consult(target, 'FR', header, { period: { year: 2027, period: '01' } }),
    ).rejects.toMatchObject({ name: 'SiiSoapFaultError', code: '4102' });
    expect(calls[0]!.url).toBe(urlOf(target, 'FR'));
    expect(calls[0]!.body).toContain('<siiLRC:ConsultaLRFacturasRecibidas');
  });

  it('without a base the AEAT endpoint of the environment is used', () => {
    expect(urlOf({ ...target, base: null }, 'COBROS')).toBe(
      'https://prewww1.aeat.es/wlpl/SSII-FACT/ws/fe/SiiFactCOBV1SOAP',
    );
    expect(urlOf({ ...target, environment: 'PRODUCTION', base: null }, 'FE')).toBe(
      'https://www1.agenciatributaria.gob.es/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP',
    );
  });
});
