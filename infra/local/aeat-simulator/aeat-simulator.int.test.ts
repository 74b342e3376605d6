/**
 * The simulator inside the local cloud: started with it, its endpoint and CA handed to the
 * handlers, reachable by the tests through `inject('localCloud').aeatSimulator`.
 */

import fs from 'node:fs';
import { envNames } from '@infra/manifest';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { aeatSimulatorClient, postSoap } from '../testing/aeat-simulator';
import { makeClientCertificate } from './certs';
import { Chain, regFactuEnvelope } from './fixtures';
import { siiSimulatorClient } from './sii-client';
import { issuedRecord, siiEnvelope, suministroBody } from './sii-fixtures';
import { parseXml } from './soap';

const cloud = inject('localCloud');
const NIF = 'B76543214';

describe('AEAT simulator in the local cloud', () => {
  const sim = cloud.aeatSimulator;
  if (!sim) throw new Error('the local cloud did not report its AEAT simulator');
  const client = aeatSimulatorClient(sim);
  const cert = makeClientCertificate({ nif: NIF, name: 'EMPRESA INTEGRACION SL' });
  const caPem = fs.readFileSync(sim.caFile, 'utf8');

  beforeEach(async () => {
    await client.reset();
  });

  it('hands the handlers its endpoint, its CA, the producer and the local certificates key file', () => {
    expect(cloud.env[envNames.aeatEndpoint]).toBe(sim.url);
    expect(sim.url).toMatch(
      /^https:\/\/127\.0\.0\.1:\d+\/wlpl\/TIKE-CONT\/ws\/SistemaFacturacion\/VerifactuSOAP$/,
    );
    expect(cloud.env[envNames.aeatCaFile]).toBe(sim.caFile);
    expect(caPem).toContain('BEGIN CERTIFICATE');
    expect(cloud.env[envNames.verifactuProducerNif]).toMatch(/^[A-Z]\d{7}[0-9A-J]$/);
    expect(cloud.env[envNames.verifactuProducerName]).toBe('Cuadra Software (entorno local)');
    expect(cloud.env[envNames.certificatesLocalKeyFile]).toBe(`${cloud.dataDir}/keys/certificates.key`);
  });

  it('accepts a record over mutual TLS (verifying its own CA) and counts the reception', async () => {
    const chain = new Chain(NIF);
    const res = await postSoap(sim.url, regFactuEnvelope({ nif: NIF }, [chain.alta({ numSerie: 'INT-1' })]), {
      caPem,
      certPem: cert.certPem,
      keyPem: cert.keyPem,
    });
    expect(res.status).toBe(200);
    const body = parseXml(res.body).Envelope.Body.RespuestaRegFactuSistemaFacturacion;
    expect(body.EstadoEnvio).toBe('Correcto');
    expect(await client.receptions(NIF)).toEqual([
      expect.objectContaining({ key: `${NIF}|INT-1|15-01-2027`, count: 1, outcomes: ['Correcto'] }),
    ]);
  });

  it('hands the handlers the SII base (issue 16): an FE record sent there is stored and counted', async () => {
    const sii = siiSimulatorClient(sim);
    await sii.reset();
    const base = cloud.env[envNames.siiAeatEndpoint];
    expect(base).toBe(`${new URL(sim.url).origin}/wlpl/SSII-FACT/ws`);
    const titular = { nif: NIF, name: 'EMPRESA INTEGRACION SL' };
    const body = suministroBody('FE', [issuedRecord({ titular, numero: 'SII-INT-1', fecha: '15-10-2026' })], {
      titular,
    });
    const res = await postSoap(`${base}/fe/SiiFactFEV1SOAP`, siiEnvelope(body), {
      caPem,
      certPem: cert.certPem,
      keyPem: cert.keyPem,
    });
    expect(res.status, res.body).toBe(200);
    expect(parseXml(res.body).Envelope.Body.RespuestaLRFacturasEmitidas.EstadoEnvio).toBe('Correcto');
    expect(await sii.receptions({ titular: NIF })).toEqual([
      expect.objectContaining({ service: 'FE', number: 'SII-INT-1', count: 1, accepted: 1 }),
    ]);
  });
});
