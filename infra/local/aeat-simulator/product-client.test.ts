/**
 * The product's own XML builder and response parsers (functions/platform/verifactu/xml.ts) against
 * the simulator: what the submission worker sends is accepted, and what the simulator answers is
 * read back the way the worker reads the AEAT.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildConsultaXml,
  buildRegFactuXml,
  parseConsultaResponse,
  parseRegFactuResponse,
  wrapSoap,
} from '@functions/lib/verifactu-xml';
import { computeVerifactuHash } from '@shared/fiscal/verifactu-hash';
import type { RegistroAltaFields, RegistroAnulacionFields } from '@shared/schemas/verifactu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSoap } from '../testing/aeat-simulator';
import { makeClientCertificate } from './certs';
import { type RunningAeatSimulator, startAeatSimulator } from './server';

const NIF = 'B12345674';
const SISTEMA = {
  NombreRazon: 'Cuadra Software (entorno local)',
  NIF: 'B00000034',
  NombreSistemaInformatico: 'Cuadra',
  IdSistemaInformatico: 'CU',
  Version: '1.0.0',
  NumeroInstalacion: 'CUADRA-test',
  TipoUsoPosibleSoloVerifactu: 'N',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'S',
} as const;

function alta(
  numSerie: string,
  previous: { numSerie: string; huella: string } | null,
  ts: string,
): RegistroAltaFields {
  const base = {
    IDVersion: '1.0' as const,
    IDFactura: { IDEmisorFactura: NIF, NumSerieFactura: numSerie, FechaExpedicionFactura: '15-01-2027' },
    NombreRazonEmisor: 'Empresa & Hijos SL',
    TipoFactura: 'F1' as const,
    DescripcionOperacion: 'Servicios de asesoría',
    Destinatarios: [{ NombreRazon: 'Cliente Ejemplo SA', NIF: 'A87654321' }],
    Desglose: [
      {
        Impuesto: '01' as const,
        ClaveRegimen: '01',
        CalificacionOperacion: 'S1' as const,
        TipoImpositivo: '21.00',
        BaseImponibleOimporteNoSujeto: '100.00',
        CuotaRepercutida: '21.00',
      },
    ],
    CuotaTotal: '21.00',
    ImporteTotal: '121.00',
    Encadenamiento: previous
      ? {
          RegistroAnterior: {
            IDEmisorFactura: NIF,
            NumSerieFactura: previous.numSerie,
            FechaExpedicionFactura: '15-01-2027',
            Huella: previous.huella,
          },
        }
      : { PrimerRegistro: 'S' as const },
    SistemaInformatico: SISTEMA,
    FechaHoraHusoGenRegistro: ts,
    TipoHuella: '01' as const,
  };
  const Huella = computeVerifactuHash({
    kind: 'alta',
    previousHash: previous?.huella ?? null,
    fields: {
      IDEmisorFactura: NIF,
      NumSerieFactura: numSerie,
      FechaExpedicionFactura: '15-01-2027',
      TipoFactura: 'F1',
      CuotaTotal: '21.00',
      ImporteTotal: '121.00',
      FechaHoraHusoGenRegistro: ts,
    },
  });
  return { ...base, Huella };
}

function anulacion(
  numSerie: string,
  previous: { numSerie: string; huella: string },
  ts: string,
): RegistroAnulacionFields {
  const Huella = computeVerifactuHash({
    kind: 'anulacion',
    previousHash: previous.huella,
    fields: {
      IDEmisorFacturaAnulada: NIF,
      NumSerieFacturaAnulada: numSerie,
      FechaExpedicionFacturaAnulada: '15-01-2027',
      FechaHoraHusoGenRegistro: ts,
    },
  });
  return {
    IDVersion: '1.0',
    IDFactura: {
      IDEmisorFacturaAnulada: NIF,
      NumSerieFacturaAnulada: numSerie,
      FechaExpedicionFacturaAnulada: '15-01-2027',
    },
    Encadenamiento: {
      RegistroAnterior: {
        IDEmisorFactura: NIF,
        NumSerieFactura: previous.numSerie,
        FechaExpedicionFactura: '15-01-2027',
        Huella: previous.huella,
      },
    },
    SistemaInformatico: SISTEMA,
    FechaHoraHusoGenRegistro: ts,
    TipoHuella: '01',
    Huella,
  };
}

let dir: string;
let sim: RunningAeatSimulator;
const cert = makeClientCertificate({ nif: NIF, name: 'EMPRESA E HIJOS SL' });
const send = (xml: string) =>
  postSoap(sim.endpoint, wrapSoap(xml), { caPem: sim.caPem, certPem: cert.certPem, keyPem: cert.keyPem });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeat-sim-product-'));
  sim = await startAeatSimulator({ dir, port: 0, persist: false });
});
afterAll(async () => {
  await sim?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the product SOAP messages against the simulator', () => {
  it('accepts what buildRegFactuXml builds, and parseRegFactuResponse / parseConsultaResponse read the answers', async () => {
    const a1 = alta('FAC-2027/0001', null, '2027-01-15T10:00:00+01:00');
    const a2 = alta(
      'FAC-2027/0002',
      { numSerie: 'FAC-2027/0001', huella: a1.Huella },
      '2027-01-15T10:00:05+01:00',
    );
    const an = anulacion(
      'FAC-2027/0002',
      { numSerie: 'FAC-2027/0002', huella: a2.Huella },
      '2027-01-15T10:00:09+01:00',
    );
    const cabecera = { obligado: { name: 'Empresa & Hijos SL', nif: NIF } };
    const res = await send(buildRegFactuXml({ cabecera, records: [a1, a2, an] }));
    const parsed = parseRegFactuResponse(res.body);
    if (parsed.kind !== 'response') throw new Error(`fault: ${parsed.faultstring}`);
    expect(parsed.estadoEnvio).toBe('Correcto');
    expect(parsed.csv).toMatch(/^[A-Z0-9]{16}$/);
    expect(parsed.tiempoEsperaEnvio).toBe(60);
    expect(parsed.presentacion?.nif).toBe(NIF);
    expect(parsed.lines.map((l) => [l.idFactura.numSerie, l.tipoOperacion, l.estadoRegistro])).toEqual([
      ['FAC-2027/0001', 'Alta', 'Correcto'],
      ['FAC-2027/0002', 'Alta', 'Correcto'],
      ['FAC-2027/0002', 'Anulacion', 'Correcto'],
    ]);

    const again = parseRegFactuResponse((await send(buildRegFactuXml({ cabecera, records: [a1] }))).body);
    if (again.kind !== 'response') throw new Error('fault');
    expect(again.lines[0]).toMatchObject({
      estadoRegistro: 'Incorrecto',
      code: '3000',
      duplicado: { idPeticion: parsed.csv, estado: 'Correcta' },
    });

    const consulta = parseConsultaResponse(
      (await send(buildConsultaXml({ obligado: cabecera.obligado, ejercicio: '2027', periodo: '01' }))).body,
    );
    if (consulta.kind !== 'response') throw new Error(`fault: ${consulta.faultstring}`);
    expect(consulta.resultado).toBe('ConDatos');
    expect(consulta.records.map((r) => [r.idFactura.numSerie, r.estadoRegistro, r.huella])).toEqual([
      ['FAC-2027/0001', 'Correcto', a1.Huella],
      ['FAC-2027/0002', 'Anulado', a2.Huella],
    ]);
    expect(consulta.records[0]?.idPeticion).toBe(parsed.csv);
    expect(consulta.records[0]?.timestamp).toBe('2027-01-15T10:00:00+01:00');
  });

  it('reads a schema violation as a Client fault with code 4102', async () => {
    const bad = alta('FAC-2027/0009', null, '2027-01-15T10:00:00+01:00');
    const xml = buildRegFactuXml({ cabecera: { obligado: { name: 'X', nif: NIF } }, records: [bad] }).replace(
      '<sf:TipoHuella>01</sf:TipoHuella>',
      '<sf:TipoHuella>02</sf:TipoHuella>',
    );
    const parsed = parseRegFactuResponse((await send(xml)).body);
    expect(parsed).toMatchObject({ kind: 'fault', faultcode: 'Client', code: '4102' });
  });
});
