/**
 * The SOAP transport against a real local HTTPS server that demands a client certificate (a
 * stand-in AEAT signed by the test CA), and the adaptation of the AEAT's answers.
 */

import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { envNames } from '@shared/config/env-names';
import type { VerifactuRecord } from '@shared/schemas/verifactu';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestP12, makeTestServerIdentity } from '../testing/certificates';
import {
  type AeatCallInput,
  callAeat,
  endpointFor,
  periodOf,
  toSubmitAnswer,
  xmlGateway,
} from './aeat-client';

function selfSigned(): { cert: string; key: string } {
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
  cert.setIssuer([{ name: 'commonName', value: 'localhost' }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) };
}

type Mode = 'ok' | 'fault' | 'hang' | 'drop' | 'half';

let server: https.Server;
let url: string;
let mode: Mode = 'ok';
const seen: { soapAction?: string; contentType?: string; clientCn?: string; body: string }[] = [];
const identity = makeTestServerIdentity();
const PASSWORD = 'clave-secreta-1234';
const pfx = makeTestP12({ nif: 'B12345678', name: 'PANADERIA LA ESPIGA SL', password: PASSWORD });

const RESPONSE = `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd" xmlns:tik="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd"><tikR:CSV>A-ABCDEFGHIJKLMN</tikR:CSV><tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>X</tik:NombreRazon><tik:NIF>B12345678</tik:NIF></tik:ObligadoEmision></tikR:Cabecera><tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>ParcialmenteCorrecto</tikR:EstadoEnvio><tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>B12345678</tik:IDEmisorFactura><tik:NumSerieFactura>F-1</tik:NumSerieFactura><tik:FechaExpedicionFactura>15-01-2027</tik:FechaExpedicionFactura></tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>Correcto</tikR:EstadoRegistro></tikR:RespuestaLinea><tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>B12345678</tik:IDEmisorFactura><tik:NumSerieFactura>F-2</tik:NumSerieFactura><tik:FechaExpedicionFactura>15-01-2027</tik:FechaExpedicionFactura></tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>Incorrecto</tikR:EstadoRegistro><tikR:CodigoErrorRegistro>3000</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Registro duplicado</tikR:DescripcionErrorRegistro><tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>123</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>AceptadaConErrores</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado></tikR:RespuestaLinea></tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`;
const FAULT = `<?xml version="1.0"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NIF</faultstring></env:Fault></env:Body></env:Envelope>`;

beforeAll(async () => {
  server = https.createServer(
    {
      cert: identity.certPem,
      key: identity.keyPem,
      ca: identity.caPem,
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
        });
        if (mode === 'hang') return;
        if (mode === 'drop') return req.socket.destroy();
        if (mode === 'half') {
          res.writeHead(200, { 'content-type': 'text/xml', 'content-length': '100000' });
          res.write(RESPONSE.slice(0, 200));
          setTimeout(() => req.socket.destroy(), 20);
          return;
        }
        res.writeHead(mode === 'fault' ? 500 : 200, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(mode === 'fault' ? FAULT : RESPONSE);
      });
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `https://localhost:${(server.address() as AddressInfo).port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const input = (over: Partial<AeatCallInput> = {}): AeatCallInput => ({
  url,
  pfx,
  passphrase: PASSWORD,
  ca: identity.caPem,
  body: '<x/>',
  timeoutMs: 3_000,
  ...over,
});

describe('callAeat (mutual TLS)', () => {
  it('POSTs text/xml with SOAPAction "" and presents the client certificate', async () => {
    mode = 'ok';
    const r = await callAeat(input({ body: '<soap>ñ</soap>' }));
    expect(r).toMatchObject({ kind: 'http', status: 200 });
    const last = seen.at(-1)!;
    expect(last.soapAction).toBe('""');
    expect(last.contentType).toMatch(/^text\/xml/);
    expect(last.clientCn).toContain('B12345678');
    expect(last.body).toBe('<soap>ñ</soap>');
  });

  it('returns the answer of a fault with its status', async () => {
    mode = 'fault';
    const r = await callAeat(input());
    expect(r).toMatchObject({ kind: 'http', status: 500 });
  });

  it('a server that never answers is a time-out after the request was sent', async () => {
    mode = 'hang';
    const r = await callAeat(input({ timeoutMs: 300 }));
    expect(r).toEqual({ kind: 'timeout', requestSent: true });
  });

  it('a connection dropped after the request is connection-lost with requestSent', async () => {
    mode = 'drop';
    expect(await callAeat(input())).toEqual({ kind: 'connection-lost', requestSent: true });
    mode = 'half';
    expect(await callAeat(input())).toEqual({ kind: 'connection-lost', requestSent: true });
  });

  it('an unreachable endpoint is connection-lost before sending', async () => {
    const r = await callAeat(input({ url: 'https://127.0.0.1:1/x' }));
    expect(r).toEqual({ kind: 'connection-lost', requestSent: false });
  });

  it('an untrusted server or a wrong passphrase is a TLS error that shows no secret', async () => {
    mode = 'ok';
    // Node trusts the CA certificates inside the PKCS#12: the stranger is self-signed.
    const stranger = https.createServer(selfSigned(), (_q, r) => r.end('x'));
    await new Promise<void>((r) => stranger.listen(0, '127.0.0.1', () => r()));
    const untrusted = await callAeat(
      input({ ca: undefined, url: `https://localhost:${(stranger.address() as AddressInfo).port}/` }),
    );
    stranger.close();
    expect(untrusted.kind).toBe('tls-error');
    const wrong = await callAeat(input({ passphrase: 'otra' }));
    expect(wrong.kind).toBe('tls-error');
    expect(JSON.stringify([untrusted, wrong])).not.toContain(PASSWORD);
  });
});

describe('answers', () => {
  it('adapts a RespuestaRegFactuSistemaFacturacion (duplicate included)', () => {
    const a = toSubmitAnswer(RESPONSE);
    expect(a).toMatchObject({
      kind: 'response',
      csv: 'A-ABCDEFGHIJKLMN',
      waitSeconds: 60,
      estadoEnvio: 'ParcialmenteCorrecto',
    });
    if (a.kind !== 'response') throw new Error('not a response');
    expect(a.lines[0]).toMatchObject({
      idFactura: {
        IDEmisorFactura: 'B12345678',
        NumSerieFactura: 'F-1',
        FechaExpedicionFactura: '15-01-2027',
      },
      operation: 'Alta',
      estadoRegistro: 'Correcto',
    });
    expect(a.lines[1]).toMatchObject({ code: '3000', duplicate: { estado: 'AceptadaConErrores' } });
  });

  it('adapts a SOAP Client fault with its code, and garbage as unreadable', () => {
    expect(toSubmitAnswer(FAULT)).toMatchObject({ kind: 'fault', faultCode: 'Client', code: '4102' });
    expect(toSubmitAnswer('<html>Service Unavailable</html>').kind).toBe('unreadable');
    expect(toSubmitAnswer('').kind).toBe('unreadable');
  });

  it('the gateway sends a RegFactu envelope and parses the answer', async () => {
    mode = 'ok';
    const record = {
      kind: 'ALTA',
      invoiceDate: '2027-01-15',
      fields: {
        IDVersion: '1.0',
        IDFactura: {
          IDEmisorFactura: 'B12345678',
          NumSerieFactura: 'F-1',
          FechaExpedicionFactura: '15-01-2027',
        },
        NombreRazonEmisor: 'X',
        TipoFactura: 'F1',
        DescripcionOperacion: 'Venta',
        Desglose: [],
        CuotaTotal: '0.00',
        ImporteTotal: '0.00',
        Encadenamiento: { PrimerRegistro: 'S' },
        SistemaInformatico: {},
        FechaHoraHusoGenRegistro: '2027-01-15T10:00:00+01:00',
        TipoHuella: '01',
        Huella: 'A'.repeat(64),
      },
    } as unknown as VerifactuRecord;
    const r = await xmlGateway().submit(
      { url, pfx, passphrase: PASSWORD, ca: identity.caPem, timeoutMs: 3_000 },
      { obligado: { name: 'X', nif: 'B12345678' }, representante: { name: 'Gestoría', nif: 'B87654321' } },
      [record],
    );
    expect(r.answer?.kind).toBe('response');
    const body = seen.at(-1)!.body;
    expect(body).toContain('RegFactuSistemaFacturacion');
    expect(body).toContain('Representante');
    expect(periodOf(record)).toEqual({ ejercicio: '2027', periodo: '01' });
  });
});

describe('endpointFor', () => {
  it('uses the override (local simulator) when set, else the official endpoint', () => {
    const saved = process.env[envNames.aeatEndpoint];
    delete process.env[envNames.aeatEndpoint];
    expect(endpointFor({ environment: 'TEST', sealCertificate: false })).toBe(
      'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(endpointFor({ environment: 'PRODUCTION', sealCertificate: true })).toContain(
      'www10.agenciatributaria.gob.es',
    );
    process.env[envNames.aeatEndpoint] = 'https://localhost:9999/sim';
    expect(endpointFor({ environment: 'PRODUCTION', sealCertificate: false })).toBe(
      'https://localhost:9999/sim',
    );
    if (saved === undefined) delete process.env[envNames.aeatEndpoint];
    else process.env[envNames.aeatEndpoint] = saved;
  });
});
