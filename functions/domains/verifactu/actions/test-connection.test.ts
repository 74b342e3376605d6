import { mkdtempSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import type { CertificateUsage, ConnectionTestResult, VerifactuConfig } from '@shared/schemas/verifactu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configItem } from '../store/config';
import { makeTestServerIdentity, testCaPem } from '../testing/certificates';
import {
  COMPANY,
  call,
  NIF,
  PASSWORD,
  storeTestCertificate,
  T0,
  table,
  useConfigHarness,
} from '../testing/config-harness';
import { describeConnection, madridPeriod } from './test-connection';

useConfigHarness();

const RESPUESTA_SIN_DATOS = `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>
<tikLRRC:RespuestaConsultaFactuSistemaFacturacion xmlns:tikLRRC="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd">
<tikLRRC:Cabecera/><tikLRRC:PeriodoImputacion/><tikLRRC:IndicadorPaginacion>N</tikLRRC:IndicadorPaginacion>
<tikLRRC:ResultadoConsulta>SinDatos</tikLRRC:ResultadoConsulta>
</tikLRRC:RespuestaConsultaFactuSistemaFacturacion></env:Body></env:Envelope>`;

const FAULT = `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault>
<faultcode>env:Client</faultcode><faultstring>Codigo[4104].Error en la cabecera: el valor del campo NIF del bloque ObligadoEmision no está identificado.</faultstring>
</env:Fault></env:Body></env:Envelope>`;

/** A stand-in AEAT: mutual TLS with the test CA, answers set per test. */
let answer: { status: number; body: string } | 'drop' = { status: 200, body: RESPUESTA_SIN_DATOS };
const received: { body: string; clientSubject: string | undefined }[] = [];
let server: https.Server;
let saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  const identity = makeTestServerIdentity();
  server = https.createServer(
    {
      cert: identity.certPem,
      key: identity.keyPem,
      ca: testCaPem(),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          clientSubject: peer?.subject?.CN as string,
        });
        if (answer === 'drop') return req.socket.destroy();
        res.writeHead(answer.status, { 'content-type': 'text/xml' }).end(answer.body);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(join(tmpdir(), 'aeat-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, identity.caPem);
  saved = { endpoint: process.env[envNames.aeatEndpoint], ca: process.env[envNames.aeatCaFile] };
  process.env[envNames.aeatEndpoint] =
    `https://127.0.0.1:${(server.address() as AddressInfo).port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  process.env[envNames.aeatCaFile] = caFile;
});

afterAll(async () => {
  for (const [name, value] of [
    [envNames.aeatEndpoint, saved.endpoint],
    [envNames.aeatCaFile, saved.ca],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await new Promise((resolve) => server.close(resolve));
});

const config = (over: Partial<VerifactuConfig> = {}): VerifactuConfig => ({
  companyId: COMPANY,
  mode: 'VERIFACTU',
  environment: 'TEST',
  representative: null,
  certificateId: 'c1',
  sealCertificate: false,
  enabled: true,
  lastConnectionTest: null,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const testConnection = (user = 'gestor') =>
  call<ConnectionTestResult>(user, { routeId: 'verifactu.testConnection' });

describe('verifactu.testConnection', () => {
  it('queries the current period over mutual TLS with the stored certificate and records the result', async () => {
    await storeTestCertificate('c1');
    table.put(configItem(config({ representative: { name: 'Asesoría Martínez SL', nif: 'B87654321' } })));
    answer = { status: 200, body: RESPUESTA_SIN_DATOS };
    received.length = 0;

    const res = await testConnection();

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      ok: true,
      code: null,
      at: T0.toISOString(),
      message: 'Conexión correcta con el simulador local de la AEAT.',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.clientSubject).toBe(`PANADERIA LA ESPIGA SL - ${NIF}`);
    const xml = received[0]!.body;
    expect(xml).toContain('ConsultaFactuSistemaFacturacion');
    expect(xml).toContain(`<sf:NIF>${NIF}</sf:NIF>`);
    expect(xml).toMatch(/<sf:Ejercicio>2027<\/sf:Ejercicio>\s*<sf:Periodo>03<\/sf:Periodo>/);
    expect(xml).toContain('IndicadorRepresentante>S<');

    expect(table.get(keys.verifactuConfig(COMPANY))?.lastConnectionTest).toEqual(res.envelope.data);
    const usage = await call<CertificateUsage[]>('gestor', {
      routeId: 'certificates.usage',
      params: { certificateId: 'c1' },
    });
    expect(usage.envelope.data).toEqual([
      {
        at: T0.toISOString(),
        operation: 'TEST_CONNECTION',
        ok: true,
        detail: 'Conexión correcta con el simulador local de la AEAT.',
      },
    ]);
    expect(JSON.stringify(res.envelope)).not.toContain(PASSWORD);
  });

  it('reports a SOAP fault with the AEAT code', async () => {
    await storeTestCertificate('c1');
    table.put(configItem(config()));
    answer = { status: 500, body: FAULT };
    const res = await testConnection('owner');
    expect(res.envelope.data).toMatchObject({ ok: false, code: '4104' });
    expect(res.envelope.data?.message).toMatch(
      /^El simulador local de la AEAT ha rechazado la consulta: Codigo\[4104\]/,
    );
  });

  it('reports a dropped connection', async () => {
    await storeTestCertificate('c1');
    table.put(configItem(config()));
    answer = 'drop';
    const res = await testConnection();
    expect(res.envelope.data).toMatchObject({ ok: false, code: 'CONNECTION_LOST' });
    answer = { status: 200, body: RESPUESTA_SIN_DATOS };
  });

  it('needs a configuration with a certificate, and write permission', async () => {
    expect((await testConnection()).status).toBe(404);
    table.put(configItem(config({ mode: 'NO_VERIFACTU', certificateId: null })));
    const noCert = await testConnection();
    expect(noCert.status).toBe(400);
    expect(noCert.envelope.error?.field).toBe('certificateId');
    expect((await testConnection('clienteTax')).status).toBe(403);
  });
});

describe('describeConnection', () => {
  it('names the AEAT environment when no local endpoint is set', () => {
    const endpoint = process.env[envNames.aeatEndpoint];
    delete process.env[envNames.aeatEndpoint];
    try {
      const ok = describeConnection(
        { kind: 'http', status: 200, body: RESPUESTA_SIN_DATOS },
        { environment: 'TEST' },
      );
      expect(ok.message).toBe('Conexión correcta con la AEAT (entorno de pruebas).');
      const prod = describeConnection({ kind: 'timeout', requestSent: true }, { environment: 'PRODUCTION' });
      expect(prod).toEqual({
        ok: false,
        code: 'TIMEOUT',
        message: 'La AEAT (entorno de producción) no ha respondido en 15 segundos. Inténtalo más tarde.',
      });
      expect(
        describeConnection({ kind: 'tls-error', message: 'ERR_SSL_X' }, { environment: 'TEST' }),
      ).toMatchObject({
        ok: false,
        code: 'ERR_SSL_X',
      });
      expect(
        describeConnection({ kind: 'http', status: 503, body: '<html/>' }, { environment: 'TEST' }),
      ).toMatchObject({
        ok: false,
        code: 'HTTP_503',
      });
    } finally {
      if (endpoint !== undefined) process.env[envNames.aeatEndpoint] = endpoint;
    }
  });

  it('takes the period in Madrid time', () => {
    expect(madridPeriod(new Date('2027-12-31T23:30:00Z'))).toEqual({ ejercicio: '2028', periodo: '01' });
    expect(madridPeriod(new Date('2027-03-01T10:00:00Z'))).toEqual({ ejercicio: '2027', periodo: '03' });
  });
});
