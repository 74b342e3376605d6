import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postSoap } from '../testing/aeat-simulator';
import { makeClientCertificate } from './certs';
import { type RunningAeatSimulator, startAeatSimulator } from './server';
import { siiSimulatorClient } from './sii-client';
import {
  bajaBody,
  consultaBody,
  issuedBaja,
  issuedRecord,
  receivedRecord,
  SII_TEST_TITULAR,
  siiEnvelope,
  suministroBody,
} from './sii-fixtures';
import { SII_DEMO_UNIDENTIFIED_CUSTOMER } from './sii-rules';
import { parseSiiXml, type SiiXml } from './sii-soap';
import { type SiiSchema, validateSiiXml } from './sii-xsd';
import { extractBodyElement } from './soap';

const T = SII_TEST_TITULAR;
const F = '15-10-2026';

let dir: string;
let sim: RunningAeatSimulator;
let client: ReturnType<typeof siiSimulatorClient>;
const cert = makeClientCertificate({ nif: T.nif, name: T.name });
const gestoria = makeClientCertificate({ nif: '12345678Z', name: 'GESTORIA DE PRUEBAS' });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeat-sim-sii-'));
  sim = await startAeatSimulator({ dir, port: 0, persist: false });
  client = siiSimulatorClient({ controlUrl: sim.controlUrl, caPem: sim.caPem });
});

afterAll(async () => {
  await sim?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.reset();
});

type Service = 'fe/SiiFactFEV1SOAP' | 'fr/SiiFactFRV1SOAP';

const post = (
  service: Service,
  body: string,
  opts: { noCert?: boolean; as?: typeof cert; timeoutMs?: number } = {},
) =>
  postSoap(`${sim.siiEndpoint}/${service}`, siiEnvelope(body), {
    caPem: sim.caPem,
    ...(opts.noCert ? {} : { certPem: (opts.as ?? cert).certPem, keyPem: (opts.as ?? cert).keyPem }),
    timeoutMs: opts.timeoutMs,
  });

/** The answer's body element, checked against `schema`, parsed. */
async function answerOf(xml: string, schema: SiiSchema): Promise<SiiXml> {
  const body = extractBodyElement(xml);
  if (!body.ok) throw new Error(body.reason);
  const v = await validateSiiXml(body.xml, schema);
  expect(v.errors).toEqual([]);
  return parseSiiXml(body.xml)[body.localName];
}

const faultOf = (xml: string) =>
  parseSiiXml(xml).Envelope.Body.Fault as { faultcode: string; faultstring: string };
const lines = (a: SiiXml): SiiXml[] => [a.RespuestaLinea].flat().filter(Boolean);
const fe = (numero: string, o: Partial<Parameters<typeof issuedRecord>[0]> = {}) =>
  suministroBody('FE', [issuedRecord({ numero, fecha: F, ...o })]);

describe('SII services over mutual TLS', () => {
  it('serves the AEAT paths under /wlpl/SSII-FACT/ws and accepts an FE record, counting its reception', async () => {
    expect(sim.siiEndpoint).toBe(`${sim.url}/wlpl/SSII-FACT/ws`);
    const res = await post('fe/SiiFactFEV1SOAP', fe('F-1'));
    expect(res.status, res.body).toBe(200);
    const answer = await answerOf(res.body, 'RespuestaSuministro');
    expect(answer).toMatchObject({
      EstadoEnvio: 'Correcto',
      DatosPresentacion: { NIFPresentador: T.nif },
      Cabecera: { Titular: { NIF: T.nif } },
    });
    expect(answer.DatosPresentacion.TimestampPresentacion).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/);
    expect(await client.records({ titular: T.nif })).toEqual([
      expect.objectContaining({ book: 'FE', estado: 'Correcta', csv: answer.CSV }),
    ]);
    expect(await client.receptions()).toEqual([
      expect.objectContaining({ titular: T.nif, service: 'FE', number: 'F-1', count: 1, accepted: 1 }),
    ]);
    expect(sim.sii.state.records()).toHaveLength(1);
    const [message] = await client.messages();
    expect(message).toMatchObject({
      service: 'FE',
      operation: 'A0',
      titular: T.nif,
      presenterNif: T.nif,
      result: 'Correcto',
    });
  });

  it('refuses a request without a client certificate (4110) and stores nothing', async () => {
    const res = await post('fe/SiiFactFEV1SOAP', fe('F-1'), { noCert: true });
    expect(res.status).toBe(403);
    expect(faultOf(res.body)).toMatchObject({ faultcode: 'soapenv:Client' });
    expect(faultOf(res.body).faultstring).toMatch(/^Codigo\[4110\]/);
    expect(await client.records()).toEqual([]);
  });

  it('a body that belongs to another service (4108), an unknown path (404), an empty body (4103)', async () => {
    const wrong = await post('fr/SiiFactFRV1SOAP', fe('F-1'));
    expect(wrong.status).toBe(500);
    expect(faultOf(wrong.body).faultstring).toMatch(/^Codigo\[4108\]/);
    const unknown = await postSoap(`${sim.siiEndpoint}/xx/SiiFactXXV1SOAP`, siiEnvelope(fe('F-1')), {
      caPem: sim.caPem,
      certPem: cert.certPem,
      keyPem: cert.keyPem,
    });
    expect(unknown.status).toBe(404);
    const get = await postSoap(`${sim.siiEndpoint}/fe/SiiFactFEV1SOAP`, '', {
      caPem: sim.caPem,
      certPem: cert.certPem,
      keyPem: cert.keyPem,
    });
    expect(get.status).toBe(500);
    expect(faultOf(get.body).faultstring).toMatch(/^Codigo\[4103\]/);
  });

  it('a body that breaks the schema: Fault 4102 naming the element; the record counted as not processed', async () => {
    const res = await post('fe/SiiFactFEV1SOAP', fe('F-1', { tipoFactura: 'F9' }));
    expect(res.status).toBe(500);
    const f = faultOf(res.body);
    expect(f.faultcode).toBe('soapenv:Client');
    expect(f.faultstring).toMatch(/^Codigo\[4102\]\.El XML no cumple el esquema\. .*TipoFactura/);
    expect(await client.receptions()).toEqual([
      expect.objectContaining({ number: 'F-1', count: 0, accepted: 0, unprocessed: ['fault Client 4102'] }),
    ]);
    const version = await post(
      'fe/SiiFactFEV1SOAP',
      suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: F })], { version: '1.0' }),
    );
    expect(faultOf(version.body).faultstring).toMatch(/^Codigo\[4100\]/);
  });

  it('the certificate must be the Titular’s or the NIFRepresentante’s (4114)', async () => {
    const res = await post('fe/SiiFactFEV1SOAP', fe('F-1'), { as: gestoria });
    expect(faultOf(res.body).faultstring).toMatch(/^Codigo\[4114\]/);
    const represented = await post(
      'fe/SiiFactFEV1SOAP',
      suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: F })], { nifRepresentante: '12345678Z' }),
      { as: gestoria },
    );
    expect(represented.status, represented.body).toBe(200);
    expect((await answerOf(represented.body, 'RespuestaSuministro')).DatosPresentacion.NIFPresentador).toBe(
      '12345678Z',
    );
    // A query's header has no NIFRepresentante: the representative's certificate may ask.
    const q = await post('fe/SiiFactFEV1SOAP', consultaBody('FE', { ejercicio: '2026', periodo: '10' }), {
      as: gestoria,
    });
    expect((await answerOf(q.body, 'RespuestaConsultaLR')).ResultadoConsulta).toBe('ConDatos');
  });

  it('a partly rejected message: the good records stored, the bad ones Incorrecto with their codes', async () => {
    const res = await post(
      'fe/SiiFactFEV1SOAP',
      suministroBody('FE', [
        issuedRecord({ numero: 'F-1', fecha: F }),
        issuedRecord({ numero: 'F-2', fecha: F, contraparte: SII_DEMO_UNIDENTIFIED_CUSTOMER }),
        issuedRecord({ numero: 'F-3', fecha: F }),
      ]),
    );
    const answer = await answerOf(res.body, 'RespuestaSuministro');
    expect(answer.EstadoEnvio).toBe('ParcialmenteCorrecto');
    expect(lines(answer).map((l) => l.CodigoErrorRegistro)).toEqual([undefined, '1117', undefined]);
    expect((await client.records()).map((r) => r.id.number)).toEqual(['F-1', 'F-3']);
  });

  it('ConsultaLR answers what the book holds, per RespuestaConsultaLR.xsd', async () => {
    await post('fe/SiiFactFEV1SOAP', fe('F-1'));
    await post('fe/SiiFactFEV1SOAP', fe('F-2'));
    await post('fe/SiiFactFEV1SOAP', bajaBody('FE', [issuedBaja({ numero: 'F-2', fecha: F })]));
    const res = await post('fe/SiiFactFEV1SOAP', consultaBody('FE', { ejercicio: '2026', periodo: '10' }));
    expect(res.status, res.body).toBe(200);
    const answer = await answerOf(res.body, 'RespuestaConsultaLR');
    const registros = [answer.RegistroRespuestaConsultaLRFacturasEmitidas].flat();
    expect(registros.map((r) => [r.IDFactura.NumSerieFacturaEmisor, r.EstadoFactura.EstadoRegistro])).toEqual(
      [
        ['F-1', 'Correcta'],
        ['F-2', 'Anulada'],
      ],
    );
    const fr = await post(
      'fr/SiiFactFRV1SOAP',
      suministroBody('FR', [receivedRecord({ numero: 'P-1', fecha: F })]),
    );
    expect((await answerOf(fr.body, 'RespuestaSuministro')).EstadoEnvio).toBe('Correcto');
  });
});

describe('SII faults on demand', () => {
  it('drop-response: stored, no answer; ConsultaLR finds it and a resend is a duplicate — one acceptance', async () => {
    await client.injectFault({ kind: 'drop-response' });
    await expect(post('fe/SiiFactFEV1SOAP', fe('F-1'))).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await client.records()).toHaveLength(1);
    const q = await answerOf(
      (
        await post(
          'fe/SiiFactFEV1SOAP',
          consultaBody('FE', { ejercicio: '2026', periodo: '10', numero: 'F-1' }),
        )
      ).body,
      'RespuestaConsultaLR',
    );
    expect(q.RegistroRespuestaConsultaLRFacturasEmitidas.EstadoFactura.EstadoRegistro).toBe('Correcta');
    const again = await answerOf((await post('fe/SiiFactFEV1SOAP', fe('F-1'))).body, 'RespuestaSuministro');
    expect(lines(again)[0]).toMatchObject({
      CodigoErrorRegistro: '3000',
      RegistroDuplicado: { EstadoRegistro: 'Correcta' },
    });
    expect(await client.receptions()).toEqual([
      expect.objectContaining({ count: 2, accepted: 1, outcomes: ['A0 Correcto', 'A0 Incorrecto 3000'] }),
    ]);
  });

  it('drop-response with a probability stays until cleared and fires on a share of the messages', async () => {
    const [added] = await client.injectFault({ kind: 'drop-response', probability: 0.5, seed: 3 });
    expect(added).toMatchObject({ remaining: null, probability: 0.5 });
    let dropped = 0;
    for (let i = 1; i <= 12; i++) {
      await post('fe/SiiFactFEV1SOAP', fe(`F-${i}`)).catch(() => {
        dropped += 1;
      });
    }
    expect(dropped).toBeGreaterThan(0);
    expect(dropped).toBeLessThan(12);
    expect(await client.records()).toHaveLength(12);
    expect((await client.pendingFaults())[0]).toMatchObject({ seen: 12, fired: dropped });
    await client.clearFaults();
    expect(await client.pendingFaults()).toEqual([]);
  });

  it('server-fault: soapenv:Server, nothing stored, the delivery counted as not processed', async () => {
    await client.injectFault({ kind: 'server-fault' });
    const res = await post('fe/SiiFactFEV1SOAP', fe('F-1'));
    expect(res.status).toBe(500);
    expect(faultOf(res.body)).toMatchObject({ faultcode: 'soapenv:Server' });
    expect(await client.records()).toEqual([]);
    expect(await client.receptions()).toEqual([
      expect.objectContaining({ count: 0, unprocessed: ['inyectado: fault Server'] }),
    ]);
    expect((await post('fe/SiiFactFEV1SOAP', fe('F-1'))).status).toBe(200);
  });

  it('delay: processed at once, answered after the delay (a client that gives up first leaves it stored)', async () => {
    await client.injectFault({ kind: 'delay', ms: 400, times: 2 });
    const started = Date.now();
    const res = await post('fe/SiiFactFEV1SOAP', fe('F-1'));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    await expect(post('fe/SiiFactFEV1SOAP', fe('F-2'), { timeoutMs: 100 })).rejects.toThrow(/timed out/);
    // The message that was given up on is still processed (the AEAT does not know the client left).
    await vi.waitFor(
      async () => expect((await client.records()).map((r) => r.id.number)).toEqual(['F-1', 'F-2']),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
  });

  it('reject-next with a code; the census extended at run time', async () => {
    await client.injectFault({ kind: 'reject-next', numSerie: 'F-2', code: 1104 });
    await client.addToCensus({ unregistered: ['A28015865'] });
    const answer = await answerOf(
      (
        await post(
          'fe/SiiFactFEV1SOAP',
          suministroBody('FE', [
            issuedRecord({ numero: 'F-1', fecha: F }),
            issuedRecord({ numero: 'F-2', fecha: F }),
          ]),
        )
      ).body,
      'RespuestaSuministro',
    );
    expect(lines(answer).map((l) => [l.EstadoRegistro, l.CodigoErrorRegistro])).toEqual([
      ['AceptadoConErrores', '2011'],
      ['Incorrecto', '1104'],
    ]);
    expect((await client.census()).unregistered).toContain('A28015865');
    await client.reset();
    expect((await client.census()).unregistered).not.toContain('A28015865');
  });
});

describe('SII control and page', () => {
  it('the simulator page lists the SII records and receptions', async () => {
    await post('fe/SiiFactFEV1SOAP', fe('F-PAGE-1'));
    const page = await new Promise<string>((resolve, reject) => {
      https
        .get(sim.controlUrl, { ca: sim.caPem }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        })
        .on('error', reject);
    });
    expect(page).toContain('Registros en los libros (1)');
    expect(page).toContain('F-PAGE-1');
    expect(page).toContain('Recepciones SII por registro');
  });

  it('keeps the SII state in <dir>/sii-state.json across starts', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'aeat-sim-sii-persist-'));
    try {
      const first = await startAeatSimulator({ dir: own, port: 0 });
      await postSoap(`${first.siiEndpoint}/fe/SiiFactFEV1SOAP`, siiEnvelope(fe('F-1')), {
        caPem: first.caPem,
        certPem: cert.certPem,
        keyPem: cert.keyPem,
      });
      await first.stop();
      expect(fs.existsSync(path.join(own, 'sii-state.json'))).toBe(true);
      const second = await startAeatSimulator({ dir: own, port: 0 });
      expect(second.sii.state.records().map((r) => r.id.number)).toEqual(['F-1']);
      await second.stop();
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
