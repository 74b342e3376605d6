import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateXml } from '@functions/lib/verifactu-xml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aeatSimulatorClient, postSoap } from '../testing/aeat-simulator';
import { makeClientCertificate } from './certs';
import { type BuiltRecord, buildAlta, Chain, consultaEnvelope, regFactuEnvelope } from './fixtures';
import { type RunningAeatSimulator, startAeatSimulator, VERIFACTU_PATH } from './server';
import { extractBodyElement, parseXml, type XmlNode } from './soap';

const NIF = 'B12345674';
const PRESENTER = { nif: '12345678Z', name: 'GESTORA DE PRUEBAS' };

let dir: string;
let sim: RunningAeatSimulator;
let client: ReturnType<typeof aeatSimulatorClient>;
const cert = makeClientCertificate(PRESENTER);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeat-sim-'));
  sim = await startAeatSimulator({ dir, port: 0, persist: false });
  client = aeatSimulatorClient({ controlUrl: sim.controlUrl, caPem: sim.caPem });
});

afterAll(async () => {
  await sim?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.reset();
});

const send = (xml: string, opts: { timeoutMs?: number; noCert?: boolean } = {}) =>
  postSoap(sim.endpoint, xml, {
    caPem: sim.caPem,
    ...(opts.noCert ? {} : { certPem: cert.certPem, keyPem: cert.keyPem }),
    timeoutMs: opts.timeoutMs,
  });

/** Sends records of one issuer and returns the parsed RespuestaRegFactuSistemaFacturacion, schema-checked. */
async function submit(records: BuiltRecord[], nif = NIF): Promise<XmlNode> {
  const res = await send(regFactuEnvelope({ nif }, records));
  expect(res.status, res.body).toBe(200);
  const body = extractBodyElement(res.body);
  if (!body.ok) throw new Error(body.reason);
  const validation = await validateXml(body.xml, 'RespuestaSuministro');
  expect(validation.errors).toEqual([]);
  return parseXml(body.xml).RespuestaRegFactuSistemaFacturacion;
}

const lines = (r: XmlNode): XmlNode[] => [r.RespuestaLinea].flat().filter(Boolean);

const faultOf = (xml: string) =>
  parseXml(xml).Envelope.Body.Fault as { faultcode: string; faultstring: string };

describe('AEAT simulator: registration', () => {
  it('accepts a first record: Correcto, a 16-character CSV, the header echoed, 60 s of waiting time', async () => {
    const chain = new Chain(NIF);
    const r = await submit([chain.alta({ numSerie: 'FAC-2027/0001', refExterna: 'inv-1' })]);
    expect(r.EstadoEnvio).toBe('Correcto');
    expect(r.CSV).toMatch(/^[A-Z0-9]{16}$/);
    expect(r.TiempoEsperaEnvio).toBe('60');
    expect(r.Cabecera.ObligadoEmision.NIF).toBe(NIF);
    expect(r.DatosPresentacion.NIFPresentador).toBe(PRESENTER.nif);
    expect(r.DatosPresentacion.TimestampPresentacion).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/,
    );
    const [line] = lines(r);
    expect(line).toMatchObject({
      IDFactura: {
        IDEmisorFactura: NIF,
        NumSerieFactura: 'FAC-2027/0001',
        FechaExpedicionFactura: '15-01-2027',
      },
      Operacion: { TipoOperacion: 'Alta' },
      RefExterna: 'inv-1',
      EstadoRegistro: 'Correcto',
    });
    expect(line.CodigoErrorRegistro).toBeUndefined();
    const receptions = await client.receptions();
    expect(receptions).toEqual([
      expect.objectContaining({ key: `${NIF}|FAC-2027/0001|15-01-2027`, count: 1, outcomes: ['Correcto'] }),
    ]);
    const records = await client.records(NIF);
    expect(records.map((x) => [x.seq, x.estado, x.csv])).toEqual([[1, 'Correcto', r.CSV]]);
    const [message] = await client.messages();
    expect(message?.presenter).toMatchObject({
      nif: PRESENTER.nif,
      serialNumber: cert.serialNumber.toUpperCase(),
    });
    expect(message?.presenter?.subject).toContain(`serialNumber=IDCES-${PRESENTER.nif}`);
  });

  it('chains records inside one message and across messages', async () => {
    const chain = new Chain(NIF);
    const first = await submit([chain.alta({ numSerie: 'A-1' }), chain.alta({ numSerie: 'A-2' })]);
    expect(lines(first).map((l) => l.EstadoRegistro)).toEqual(['Correcto', 'Correcto']);
    const second = await submit([chain.alta({ numSerie: 'A-3' }), chain.anulacion({ numSerie: 'A-2' })]);
    expect(second.EstadoEnvio).toBe('Correcto');
    expect(lines(second)[1].Operacion.TipoOperacion).toBe('Anulacion');
    expect((await client.records(NIF)).map((x) => x.id.numSerie)).toEqual(['A-1', 'A-2', 'A-3', 'A-2']);
  });

  it('answers a second alta of the same invoice as a duplicate (3000) with the stored one', async () => {
    const chain = new Chain(NIF);
    const record = chain.alta({ numSerie: 'D-1' });
    const ok = await submit([record]);
    const dup = await submit([record]);
    expect(dup.EstadoEnvio).toBe('Incorrecto');
    expect(dup.CSV).toBeUndefined();
    expect(dup.DatosPresentacion).toBeUndefined();
    expect(lines(dup)[0]).toMatchObject({
      EstadoRegistro: 'Incorrecto',
      CodigoErrorRegistro: '3000',
      RegistroDuplicado: { IdPeticionRegistroDuplicado: ok.CSV, EstadoRegistroDuplicado: 'Correcta' },
    });
    const [reception] = await client.receptions();
    expect(reception).toMatchObject({ count: 2, outcomes: ['Correcto', 'Incorrecto 3000'] });
    expect(await client.records(NIF)).toHaveLength(1);
  });

  it('stores a record with a wrong huella as AceptadoConErrores 2000', async () => {
    const chain = new Chain(NIF);
    const r = await submit([chain.alta({ numSerie: 'H-1', huella: 'A'.repeat(64) })]);
    expect(r.EstadoEnvio).toBe('ParcialmenteCorrecto');
    expect(lines(r)[0]).toMatchObject({ EstadoRegistro: 'AceptadoConErrores', CodigoErrorRegistro: '2000' });
    expect(lines(r)[0].DescripcionErrorRegistro).toContain('huella');
    expect(await client.records(NIF)).toHaveLength(1);
  });

  it('reports a broken chain (2003) when the previous huella is not the last stored record', async () => {
    const chain = new Chain(NIF);
    await submit([chain.alta({ numSerie: 'C-1' })]);
    chain.alta({ numSerie: 'C-2' }); // generated but never sent: the next record links to it
    const r = await submit([chain.alta({ numSerie: 'C-3' })]);
    expect(lines(r)[0]).toMatchObject({ EstadoRegistro: 'AceptadoConErrores', CodigoErrorRegistro: '2003' });
    expect(lines(r)[0].DescripcionErrorRegistro).toMatch(/no coincide con la huella del último registro/);
  });

  it('with the `stored` chain rule, a record chained to a rejected one is reported (2003)', async () => {
    await client.setChainRule('stored');
    const chain = new Chain(NIF);
    await client.injectFault({ kind: 'reject', numSerie: 'C-2' });
    const r = await submit([
      chain.alta({ numSerie: 'C-1' }),
      chain.alta({ numSerie: 'C-2' }),
      chain.alta({ numSerie: 'C-3' }),
    ]);
    expect(lines(r).map((l) => l.CodigoErrorRegistro)).toEqual([undefined, '1100', '2003']);
    await client.reset();
    expect((await client.state()).chainRule).toBe('received');
    const again = new Chain(NIF);
    await client.injectFault({ kind: 'reject', numSerie: 'C-2' });
    const r2 = await submit([
      again.alta({ numSerie: 'C-1' }),
      again.alta({ numSerie: 'C-2' }),
      again.alta({ numSerie: 'C-3' }),
    ]);
    expect(lines(r2).map((l) => l.CodigoErrorRegistro)).toEqual([undefined, '1100', undefined]);
  });

  it('refuses PrimerRegistro when the NIF already has records (2007), per NIF', async () => {
    const chain = new Chain(NIF);
    await submit([chain.alta({ numSerie: 'P-1' })]);
    const r = await submit([chain.alta({ numSerie: 'P-2', forceFirst: true })]);
    expect(lines(r)[0]).toMatchObject({ EstadoRegistro: 'AceptadoConErrores', CodigoErrorRegistro: '2007' });
    // Another issuer's first record is fine.
    const other = await submit([new Chain('A87654321').alta({ numSerie: 'P-1' })], 'A87654321');
    expect(other.EstadoEnvio).toBe('Correcto');
  });

  it('checks CuotaTotal (2006) and ImporteTotal (2005) against the breakdown, with 0.02 of tolerance', async () => {
    const chain = new Chain(NIF);
    const r = await submit([
      chain.alta({ numSerie: 'T-1', cuotaTotal: '21.02', importeTotal: '121.02' }),
      chain.alta({ numSerie: 'T-2', cuotaTotal: '21.03' }),
      chain.alta({ numSerie: 'T-3', importeTotal: '121.50' }),
    ]);
    expect(lines(r).map((l) => [l.EstadoRegistro, l.CodigoErrorRegistro])).toEqual([
      ['Correcto', undefined],
      ['AceptadoConErrores', '2006'],
      ['AceptadoConErrores', '2005'],
    ]);
  });

  it('rejects forbidden characters in text fields (1287) without storing', async () => {
    const chain = new Chain(NIF);
    const r = await submit([chain.alta({ numSerie: 'X-1', descripcion: "Servicio 'especial'" })]);
    expect(lines(r)[0]).toMatchObject({ EstadoRegistro: 'Incorrecto', CodigoErrorRegistro: '1287' });
    expect(lines(r)[0].DescripcionErrorRegistro).toContain('DescripcionOperacion');
    expect(await client.records(NIF)).toEqual([]);
  });

  it('subsanación: refused for an invoice the AEAT does not have (3002), accepted for one it has', async () => {
    const chain = new Chain(NIF);
    const missing = await submit([chain.alta({ numSerie: 'S-1', subsanacion: 'S' })]);
    expect(lines(missing)[0]).toMatchObject({ EstadoRegistro: 'Incorrecto', CodigoErrorRegistro: '3002' });
    const chain2 = new Chain(NIF);
    await submit([chain2.alta({ numSerie: 'S-2', cuotaTotal: '20.00', importeTotal: '120.00' })]);
    const fixed = await submit([chain2.alta({ numSerie: 'S-2', subsanacion: 'S' })]);
    expect(lines(fixed)[0]).toMatchObject({ EstadoRegistro: 'Correcto', Operacion: { Subsanacion: 'S' } });
    expect(await client.records(NIF)).toHaveLength(2);
  });

  it('alta after a rejection (Subsanacion S + RechazoPrevio X) is accepted; on an existing invoice it is a duplicate', async () => {
    const chain = new Chain(NIF);
    await client.injectFault({ kind: 'reject', code: 1100, numSerie: 'R-1' });
    const rejected = await submit([chain.alta({ numSerie: 'R-1' })]);
    expect(lines(rejected)[0]).toMatchObject({ EstadoRegistro: 'Incorrecto', CodigoErrorRegistro: '1100' });
    expect(await client.records(NIF)).toEqual([]);
    const fresh = new Chain(NIF);
    const again = await submit([fresh.alta({ numSerie: 'R-1', subsanacion: 'S', rechazoPrevio: 'X' })]);
    expect(lines(again)[0]).toMatchObject({
      EstadoRegistro: 'Correcto',
      Operacion: { Subsanacion: 'S', RechazoPrevio: 'X' },
    });
    const dup = await submit([fresh.alta({ numSerie: 'R-1', subsanacion: 'S', rechazoPrevio: 'X' })]);
    expect(lines(dup)[0]).toMatchObject({ CodigoErrorRegistro: '3000' });
  });

  it('anulación: of a stored invoice, twice (3001), of a missing one (3002), and without previous record', async () => {
    const chain = new Chain(NIF);
    await submit([chain.alta({ numSerie: 'N-1' })]);
    const ok = await submit([chain.anulacion({ numSerie: 'N-1' })]);
    expect(lines(ok)[0]).toMatchObject({
      EstadoRegistro: 'Correcto',
      Operacion: { TipoOperacion: 'Anulacion' },
    });
    const twice = await submit([chain.anulacion({ numSerie: 'N-1' })]);
    expect(lines(twice)[0]).toMatchObject({ EstadoRegistro: 'Incorrecto', CodigoErrorRegistro: '3001' });
    const chain2 = new Chain(NIF);
    chain2.last = chain.last;
    const missing = await submit([chain2.anulacion({ numSerie: 'N-9' })]);
    expect(lines(missing)[0]).toMatchObject({ EstadoRegistro: 'Incorrecto', CodigoErrorRegistro: '3002' });
    const withoutPrevious = await submit([chain2.anulacion({ numSerie: 'N-8', sinRegistroPrevio: 'S' })]);
    expect(lines(withoutPrevious)[0]).toMatchObject({
      EstadoRegistro: 'Correcto',
      Operacion: { SinRegistroPrevio: 'S' },
    });
    // An alta of an annulled invoice is a duplicate whose stored state is Anulada.
    const realta = await submit([chain2.alta({ numSerie: 'N-1' })]);
    expect(lines(realta)[0].RegistroDuplicado.EstadoRegistroDuplicado).toBe('Anulada');
  });

  it('answers a message that breaks the schema with a Client fault 4102 and stores nothing', async () => {
    const chain = new Chain(NIF);
    const bad = chain.alta({ numSerie: 'Z-1' });
    bad.xml = bad.xml.replace('<sf:TipoFactura>F1</sf:TipoFactura>', '<sf:TipoFactura>F9</sf:TipoFactura>');
    const res = await send(regFactuEnvelope({ nif: NIF }, [bad]));
    expect(res.status).toBe(500);
    const fault = faultOf(res.body);
    expect(fault.faultcode).toBe('soapenv:Client');
    expect(fault.faultstring).toMatch(/^Codigo\[4102\]\.El XML no cumple el esquema\./);
    expect(fault.faultstring).toContain('TipoFactura');
    expect(await client.records(NIF)).toEqual([]);
    expect((await client.receptions())[0]).toMatchObject({ count: 0, unprocessed: ['fault Client 4102'] });
  });

  it('refuses a request without a client certificate (403, SOAP fault) and records it', async () => {
    const res = await send(regFactuEnvelope({ nif: NIF }, [new Chain(NIF).alta({ numSerie: 'K-1' })]), {
      noCert: true,
    });
    expect(res.status).toBe(403);
    expect(faultOf(res.body).faultcode).toBe('soapenv:Client');
    expect(faultOf(res.body).faultstring).toContain('certificado');
    expect(await client.records(NIF)).toEqual([]);
    expect((await client.messages())[0]).toMatchObject({
      presenter: null,
      result: 'rechazado: sin certificado',
    });
  });

  it('echoes the waiting time set through the control API', async () => {
    await client.setWait(5);
    const r = await submit([new Chain(NIF).alta({ numSerie: 'W-1' })]);
    expect(r.TiempoEsperaEnvio).toBe('5');
    await client.reset();
    expect((await client.state()).waitSeconds).toBe(60);
  });
});

describe('AEAT simulator: injected faults', () => {
  it('drop-after-accept stores the record, the client sees a dropped connection, a resend is a duplicate', async () => {
    const chain = new Chain(NIF);
    const record = chain.alta({ numSerie: 'F-1' });
    await client.injectFault({ kind: 'drop-after-accept' });
    await expect(send(regFactuEnvelope({ nif: NIF }, [record]))).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await client.records(NIF)).toHaveLength(1);
    expect(await client.receptions()).toEqual([
      expect.objectContaining({ count: 1, outcomes: ['Correcto'] }),
    ]);
    const resend = await submit([record]);
    expect(lines(resend)[0].CodigoErrorRegistro).toBe('3000');
  });

  it('drop-before-accept stores nothing; the resend is accepted and processed once', async () => {
    const record = new Chain(NIF).alta({ numSerie: 'F-2' });
    await client.injectFault({ kind: 'drop-before-accept' });
    await expect(send(regFactuEnvelope({ nif: NIF }, [record]))).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await client.records(NIF)).toEqual([]);
    expect((await submit([record])).EstadoEnvio).toBe('Correcto');
    expect((await client.receptions())[0]).toMatchObject({
      count: 1,
      unprocessed: ['inyectado: drop-before-accept'],
    });
  });

  it('timeout holds the answer: with process the record is stored, without it nothing is', async () => {
    const chain = new Chain(NIF);
    await client.injectFault({ kind: 'timeout', ms: 4000 });
    await expect(
      send(regFactuEnvelope({ nif: NIF }, [chain.alta({ numSerie: 'F-3' })]), { timeoutMs: 2500 }),
    ).rejects.toThrow(/timed out/);
    expect(await client.records(NIF)).toHaveLength(1);
    expect((await client.messages())[0]?.result).toBe('Correcto (inyectado: timeout)');

    await client.injectFault({ kind: 'timeout', ms: 200, process: false });
    await expect(send(regFactuEnvelope({ nif: NIF }, [chain.alta({ numSerie: 'F-4' })]))).rejects.toThrow(
      /socket hang up|ECONNRESET/,
    );
    expect(await client.records(NIF)).toHaveLength(1);

    // A timeout shorter than the client's patience is only a slow answer.
    await client.injectFault({ kind: 'timeout', ms: 100 });
    const started = Date.now();
    const slow = await submit([new Chain('A87654321').alta({ numSerie: 'F-5' })], 'A87654321');
    expect(slow.EstadoEnvio).toBe('Correcto');
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('http-500 answers an HTML error page and server-fault a SOAP Server fault; nothing is stored', async () => {
    const record = new Chain(NIF).alta({ numSerie: 'F-6' });
    await client.injectFault({ kind: 'http-500' }, { kind: 'server-fault' });
    const html = await send(regFactuEnvelope({ nif: NIF }, [record]));
    expect(html.status).toBe(500);
    expect(html.headers['content-type']).toContain('text/html');
    const fault = await send(regFactuEnvelope({ nif: NIF }, [record]));
    expect(fault.status).toBe(500);
    expect(faultOf(fault.body).faultcode).toBe('soapenv:Server');
    expect(await client.records(NIF)).toEqual([]);
    expect((await submit([record])).EstadoEnvio).toBe('Correcto');
    expect((await client.receptions())[0]).toMatchObject({ count: 1 });
  });

  it('a fault with a number and a count applies only to those messages, that many times', async () => {
    const chain = new Chain(NIF);
    await client.injectFault({ kind: 'http-500', numSerie: 'G-2', times: 2 });
    expect((await submit([chain.alta({ numSerie: 'G-1' })])).EstadoEnvio).toBe('Correcto');
    const g2 = chain.alta({ numSerie: 'G-2' });
    expect((await send(regFactuEnvelope({ nif: NIF }, [g2]))).status).toBe(500);
    expect((await send(regFactuEnvelope({ nif: NIF }, [g2]))).status).toBe(500);
    expect((await submit([g2])).EstadoEnvio).toBe('Correcto');
    expect(await client.pendingFaults()).toEqual([]);
  });

  it('reject and accept-with-errors change only the matching records', async () => {
    const chain = new Chain(NIF);
    await client.injectFault(
      {
        kind: 'reject',
        numSerie: 'E-2',
        code: 1104,
        description: 'Valor del campo NumSerieFactura incorrecto.',
      },
      { kind: 'accept-with-errors', numSerie: 'E-3' },
    );
    const r = await submit([
      chain.alta({ numSerie: 'E-1' }),
      chain.alta({ numSerie: 'E-2' }),
      chain.alta({ numSerie: 'E-3' }),
    ]);
    expect(r.EstadoEnvio).toBe('ParcialmenteCorrecto');
    expect(lines(r).map((l) => [l.EstadoRegistro, l.CodigoErrorRegistro])).toEqual([
      ['Correcto', undefined],
      ['Incorrecto', '1104'],
      ['AceptadoConErrores', '2001'],
    ]);
    // E-3 was chained to E-2, which the AEAT never stored: yet the fault code is what it reports.
    expect((await client.records(NIF)).map((x) => x.id.numSerie)).toEqual(['E-1', 'E-3']);
  });

  it('refuses a malformed fault', async () => {
    await expect(client.injectFault({ kind: 'explode' as 'timeout' })).rejects.toThrow(/400/);
  });
});

describe('AEAT simulator: ConsultaFactuSistemaFacturacion', () => {
  it('answers the stored invoices of a period, per RespuestaConsultaLR.xsd', async () => {
    const chain = new Chain(NIF);
    await submit([chain.alta({ numSerie: 'Q-1', refExterna: 'ref-1' }), chain.alta({ numSerie: 'Q-2' })]);
    await submit([
      chain.anulacion({ numSerie: 'Q-2' }),
      chain.alta({ numSerie: 'Q-3', huella: 'B'.repeat(64) }),
    ]);

    const query = async (q: { ejercicio: string; periodo: string; numSerie?: string }) => {
      const res = await send(consultaEnvelope({ nif: NIF, ...q }));
      expect(res.status, res.body).toBe(200);
      const body = extractBodyElement(res.body);
      if (!body.ok) throw new Error(body.reason);
      expect((await validateXml(body.xml, 'RespuestaConsultaLR')).errors).toEqual([]);
      return parseXml(body.xml).RespuestaConsultaFactuSistemaFacturacion;
    };
    const all = await query({ ejercicio: '2027', periodo: '01' });
    expect(all.ResultadoConsulta).toBe('ConDatos');
    const rows = [all.RegistroRespuestaConsultaFactuSistemaFacturacion].flat();
    expect(rows.map((r: XmlNode) => [r.IDFactura.NumSerieFactura, r.EstadoRegistro.EstadoRegistro])).toEqual([
      ['Q-1', 'Correcto'],
      ['Q-2', 'Anulado'],
      ['Q-3', 'AceptadoConErrores'],
    ]);
    expect(rows[0].DatosRegistroFacturacion).toMatchObject({
      RefExterna: 'ref-1',
      TipoFactura: 'F1',
      ImporteTotal: '121.00',
    });
    expect(rows[0].DatosRegistroFacturacion.Huella).toMatch(/^[0-9A-F]{64}$/);
    expect(rows[2].EstadoRegistro.CodigoErrorRegistro).toBe('2000');

    const one = await query({ ejercicio: '2027', periodo: '01', numSerie: 'Q-1' });
    expect([one.RegistroRespuestaConsultaFactuSistemaFacturacion].flat()).toHaveLength(1);
    const none = await query({ ejercicio: '2027', periodo: '02' });
    expect(none.ResultadoConsulta).toBe('SinDatos');
  });
});

describe('AEAT simulator: start, identity, state', () => {
  it('serves the AEAT path, a control page, and keeps its certificate and state between starts', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'aeat-sim-persist-'));
    try {
      const a = await startAeatSimulator({ dir: own, port: 0 });
      expect(a.endpoint).toBe(`${a.url}${VERIFACTU_PATH}`);
      const r = await postSoap(
        a.endpoint,
        regFactuEnvelope({ nif: NIF }, [
          buildAlta({
            nif: NIF,
            numSerie: 'M-1',
            fecha: '15-01-2027',
            previous: null,
            timestamp: '2027-01-15T10:00:00+01:00',
          }),
        ]),
        {
          caPem: a.caPem,
          certPem: cert.certPem,
          keyPem: cert.keyPem,
        },
      );
      expect(r.status).toBe(200);
      const stored = await aeatSimulatorClient({ controlUrl: a.controlUrl, caFile: a.caFile }).records(NIF);
      expect(stored).toHaveLength(1);
      await a.stop();

      const b = await startAeatSimulator({ dir: own, port: 0 });
      try {
        expect(b.caPem).toBe(a.caPem);
        expect(b.state.recordsOf(NIF)).toHaveLength(1);
        const page = await aeatSimulatorClient({ controlUrl: b.controlUrl, caPem: b.caPem }).page();
        expect(page).toContain('Simulador AEAT');
        expect(page).toContain(`${NIF}|M-1|15-01-2027`);
      } finally {
        await b.stop();
      }
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
