import { beforeEach, describe, expect, it } from 'vitest';
import { querySiiBook, querySiiPayments } from './sii-consulta';
import { SiiFaultQueue } from './sii-faults';
import {
  type Book,
  bajaBody,
  cobrosBody,
  cobrosRecord,
  consultaBody,
  consultaPaymentsBody,
  intraEuBaja,
  intraEuRecord,
  investmentBaja,
  investmentRecord,
  issuedBaja,
  issuedRecord,
  pagosBody,
  pagosRecord,
  receivedBaja,
  receivedRecord,
  SII_TEST_TITULAR,
  siiEnvelope,
  suministroBody,
} from './sii-fixtures';
import { siiConsultaResponseXml, siiPaymentsResponseXml, siiSuministroResponseXml } from './sii-responses';
import {
  censusOf,
  processSiiMessage,
  SII_DEMO_UNIDENTIFIED_CUSTOMER,
  SII_UNREGISTERED_NIFS,
  type SiiMessage,
  siiHeaderFault,
  siiRecordsOf,
  siiVersionFault,
} from './sii-rules';
import { parseSiiXml, type SiiXml, siiExchangeOf } from './sii-soap';
import { SiiSimulatorState } from './sii-state';
import { type SiiSchema, validateSiiXml } from './sii-xsd';
import { extractBodyElement } from './soap';

const NOW = new Date('2026-11-27T10:00:00Z');
const PRESENTED = '27-11-2026 11:00:00';
const T = SII_TEST_TITULAR.nif;

let state: SiiSimulatorState;
let faults: SiiFaultQueue;

beforeEach(() => {
  state = new SiiSimulatorState();
  faults = new SiiFaultQueue();
});

function messageOf(body: string): SiiMessage {
  const extracted = extractBodyElement(siiEnvelope(body));
  if (!extracted.ok) throw new Error(extracted.reason);
  const which = siiExchangeOf(extracted.localName, extracted.namespace);
  if (!which) throw new Error(`not an SII message: ${extracted.localName}`);
  const parsed = parseSiiXml(extracted.xml)[extracted.localName];
  return { ...which, parsed, records: siiRecordsOf(which.service, which.exchange, parsed) };
}

async function expectValid(xml: string, schema: SiiSchema): Promise<void> {
  const v = await validateSiiXml(xml, schema);
  expect(v.errors, xml).toEqual([]);
}

/** Processes a body, checks the answer against RespuestaSuministro.xsd, returns it parsed. */
async function send(body: string): Promise<{ answer: SiiXml; lines: SiiXml[] }> {
  const message = messageOf(body);
  const outcome = processSiiMessage(state, faults, message, {
    presenterNif: T,
    presentedAt: PRESENTED,
    now: NOW,
    census: censusOf(state),
  });
  const xml = siiSuministroResponseXml(outcome);
  await expectValid(xml, 'RespuestaSuministro');
  const parsed = parseSiiXml(xml);
  const answer = Object.values(parsed)[0] as SiiXml;
  return { answer, lines: [answer.RespuestaLinea].flat().filter(Boolean) };
}

const codes = (lines: SiiXml[]) => lines.map((l) => [l.EstadoRegistro, l.CodigoErrorRegistro]);

describe('SII fixtures', () => {
  it('every hand-built message is valid against SuministroLR.xsd / ConsultaLR.xsd (and a broken one is not)', async () => {
    const f = '15-10-2026';
    for (const b of [
      suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: f, refExterna: 'inv-1' })]),
      suministroBody('FE', [
        issuedRecord({
          numero: 'F-2',
          fecha: f,
          desglose: 'operacion',
          contraparte: { name: 'GARONNE', otro: { country: 'FR', type: '02', id: 'FR40303265045' } },
        }),
      ]),
      suministroBody('FR', [receivedRecord({ numero: 'P-1', fecha: f })], {
        tipo: 'A1',
        nifRepresentante: '12345678Z',
      }),
      suministroBody('BI', [investmentRecord({ numero: 'B-1', fecha: f, bien: 'CAMION 1234-ABC' })]),
      suministroBody('OI', [intraEuRecord({ numero: 'O-1', fecha: f })]),
      bajaBody('FE', [issuedBaja({ numero: 'F-1', fecha: f })]),
      bajaBody('FR', [receivedBaja({ numero: 'P-1', fecha: f })]),
      bajaBody('BI', [investmentBaja({ numero: 'B-1', fecha: f, bien: 'CAMION' })]),
      bajaBody('OI', [intraEuBaja({ numero: 'O-1', fecha: f })]),
      cobrosBody([cobrosRecord({ numero: 'F-1', fecha: f, payments: [{ fecha: f, importe: '121.00' }] })]),
      pagosBody([
        pagosRecord({ numero: 'P-1', fecha: f, payments: [{ fecha: f, importe: '121.00', medio: '04' }] }),
      ]),
    ]) {
      await expectValid(b, 'SuministroLR');
    }
    for (const b of [
      consultaBody('FE', {
        ejercicio: '2026',
        periodo: '10',
        numero: 'F-1',
        after: { numero: 'F-0', fecha: f },
      }),
      consultaBody('FR', { ejercicio: '2026', periodo: '10', after: { numero: 'P-0', fecha: f } }),
      consultaBody('BI', { ejercicio: '2026', periodo: '0A' }),
      consultaBody('OI', { ejercicio: '2026', periodo: '10' }),
      consultaPaymentsBody('COBROS', { numero: 'F-1', fecha: f }),
      consultaPaymentsBody('PAGOS', { numero: 'P-1', fecha: f }),
    ]) {
      await expectValid(b, 'ConsultaLR');
    }
    const broken = suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: '2026-10-15' })]);
    expect((await validateSiiXml(broken, 'SuministroLR')).valid).toBe(false);
  });
});

describe('SII rules: facturas emitidas', () => {
  const f = '15-10-2026';

  it('A0: stored Correcto with a CSV and the presentation, the header echoed; one reception', async () => {
    const { answer, lines } = await send(
      suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: f, refExterna: 'inv-1' })]),
    );
    expect(answer.EstadoEnvio).toBe('Correcto');
    expect(answer.CSV).toMatch(/^[A-Z0-9]{16}$/);
    expect(answer.DatosPresentacion).toEqual({ NIFPresentador: T, TimestampPresentacion: PRESENTED });
    expect(answer.Cabecera).toMatchObject({
      IDVersionSii: '1.1',
      Titular: { NIF: T },
      TipoComunicacion: 'A0',
    });
    expect(lines[0]).toMatchObject({
      IDFactura: {
        IDEmisorFactura: { NIF: T },
        NumSerieFacturaEmisor: 'F-1',
        FechaExpedicionFacturaEmisor: f,
      },
      RefExterna: 'inv-1',
      EstadoRegistro: 'Correcto',
    });
    expect(state.records()).toEqual([
      expect.objectContaining({
        titular: T,
        book: 'FE',
        estado: 'Correcta',
        csv: answer.CSV,
        ejercicio: '2026',
        periodo: '10',
      }),
    ]);
    expect(state.receptionList()).toEqual([
      expect.objectContaining({
        key: `${T}|FE|${T}|F-1|${f}`,
        count: 1,
        accepted: 1,
        outcomes: ['A0 Correcto'],
      }),
    ]);
  });

  it('A0 of a record the book holds: Incorrecto 3000 with RegistroDuplicado and its CSV; nothing stored twice', async () => {
    const record = issuedRecord({ numero: 'F-1', fecha: f });
    const first = await send(suministroBody('FE', [record]));
    const again = await send(suministroBody('FE', [record]));
    expect(again.answer.EstadoEnvio).toBe('Incorrecto');
    expect(again.answer.CSV).toBeUndefined();
    expect(again.answer.DatosPresentacion).toBeUndefined();
    expect(again.lines[0]).toMatchObject({
      EstadoRegistro: 'Incorrecto',
      CodigoErrorRegistro: '3000',
      DescripcionErrorRegistro: 'Factura duplicada.',
      CSV: first.answer.CSV,
      RegistroDuplicado: { EstadoRegistro: 'Correcta' },
    });
    expect(state.records()).toHaveLength(1);
    expect(state.receptionList()[0]).toMatchObject({
      count: 2,
      accepted: 1,
      outcomes: ['A0 Correcto', 'A0 Incorrecto 3000'],
    });
  });

  it('a duplicate of a record stored with errors reports AceptadaConErrores and its code', async () => {
    const record = issuedRecord({ numero: 'F-1', fecha: f, cuota: '30.00', importeTotal: '130.00' });
    await send(suministroBody('FE', [record]));
    const again = await send(suministroBody('FE', [record]));
    expect(again.lines[0].RegistroDuplicado).toMatchObject({
      EstadoRegistro: 'AceptadaConErrores',
      CodigoErrorRegistro: '2012',
    });
  });

  it('A1 of a record the book does not hold: Incorrecto 3002 (no existe); of one it holds: replaced', async () => {
    const missing = await send(
      suministroBody('FE', [issuedRecord({ numero: 'F-9', fecha: f })], { tipo: 'A1' }),
    );
    expect(codes(missing.lines)).toEqual([['Incorrecto', '3002']]);
    expect(missing.lines[0].DescripcionErrorRegistro).toBe('No existe el Registro.');
    await send(suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: f })]));
    const modified = await send(
      suministroBody(
        'FE',
        [issuedRecord({ numero: 'F-1', fecha: f, base: '200.00', cuota: '42.00', importeTotal: '242.00' })],
        {
          tipo: 'A1',
        },
      ),
    );
    expect(modified.answer.EstadoEnvio).toBe('Correcto');
    const [stored] = state.records();
    expect(stored?.fields.FacturaExpedida.ImporteTotal).toBe('242.00');
    expect(stored?.history.map((h) => h.operation)).toEqual(['A0', 'A1']);
    expect(stored?.csv).toBe(modified.answer.CSV);
  });

  it('bajas: 3002 for a record the book lacks, Anulada, then 3001 (with the baja CSV); A1 refused, A0 takes it back', async () => {
    const missing = await send(bajaBody('FE', [issuedBaja({ numero: 'F-1', fecha: f })]));
    expect(codes(missing.lines)).toEqual([['Incorrecto', '3002']]);
    await send(suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: f })]));
    const baja = await send(bajaBody('FE', [issuedBaja({ numero: 'F-1', fecha: f, refExterna: 'inv-1' })]));
    expect(baja.answer.EstadoEnvio).toBe('Correcto');
    expect(baja.answer.Cabecera.TipoComunicacion).toBeUndefined();
    expect(baja.lines[0]).toMatchObject({ EstadoRegistro: 'Correcto', RefExterna: 'inv-1' });
    expect(state.records()[0]).toMatchObject({ estado: 'Anulada', csv: baja.answer.CSV });
    const twice = await send(bajaBody('FE', [issuedBaja({ numero: 'F-1', fecha: f })]));
    expect(twice.lines[0]).toMatchObject({
      EstadoRegistro: 'Incorrecto',
      CodigoErrorRegistro: '3001',
      CSV: baja.answer.CSV,
    });
    const a1 = await send(suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: f })], { tipo: 'A1' }));
    expect(codes(a1.lines)).toEqual([['Incorrecto', '3001']]);
    const a0 = await send(suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: f })]));
    expect(codes(a0.lines)).toEqual([['Correcto', undefined]]);
    expect(state.records()[0]?.estado).toBe('Correcta');
  });

  it('the census: an unidentified counterparty is Incorrecto 1117, an unregistered one AceptadoConErrores 2011', async () => {
    const { answer, lines } = await send(
      suministroBody('FE', [
        issuedRecord({ numero: 'F-1', fecha: f, contraparte: SII_DEMO_UNIDENTIFIED_CUSTOMER }),
        issuedRecord({
          numero: 'F-2',
          fecha: f,
          contraparte: { name: 'TALLERES', nif: SII_UNREGISTERED_NIFS[0] },
        }),
        issuedRecord({ numero: 'F-3', fecha: f }),
        issuedRecord({ numero: 'F-4', fecha: f, contraparte: { name: 'MAL', nif: 'B12345678' } }),
      ]),
    );
    expect(answer.EstadoEnvio).toBe('ParcialmenteCorrecto');
    expect(answer.CSV).toBeDefined();
    expect(codes(lines)).toEqual([
      ['Incorrecto', '1117'],
      ['AceptadoConErrores', '2011'],
      ['Correcto', undefined],
      ['Incorrecto', '1153'],
    ]);
    expect(lines[0].DescripcionErrorRegistro).toBe(
      `El NIF no está identificado. NIF:${SII_DEMO_UNIDENTIFIED_CUSTOMER.nif}. NOMBRE_RAZON:${SII_DEMO_UNIDENTIFIED_CUSTOMER.name}`,
    );
    expect(state.records().map((r) => [r.id.number, r.estado])).toEqual([
      ['F-2', 'AceptadaConErrores'],
      ['F-3', 'Correcta'],
    ]);
    // NIFs added at run time count too.
    state.addToCensus('unidentified', ['A28015865']);
    const later = await send(suministroBody('FE', [issuedRecord({ numero: 'F-5', fecha: f })]));
    expect(codes(later.lines)).toEqual([['Incorrecto', '1117']]);
  });

  it('dates against the AEAT clock: a future issue date (1125), Ejercicio (1126) or Periodo (1145)', async () => {
    const { lines } = await send(
      suministroBody('FE', [
        issuedRecord({ numero: 'F-1', fecha: '28-11-2026' }),
        issuedRecord({ numero: 'F-2', fecha: '15-10-2026', ejercicio: '2027', periodo: '01' }),
        issuedRecord({ numero: 'F-3', fecha: '15-10-2026', periodo: '12' }),
        issuedRecord({ numero: 'F-4', fecha: '27-11-2026', periodo: '11' }),
      ]),
    );
    expect(codes(lines)).toEqual([
      ['Incorrecto', '1125'],
      ['Incorrecto', '1126'],
      ['Incorrecto', '1145'],
      ['Correcto', undefined],
    ]);
  });

  it('an issuer that is not the titular (1112); VAT that does not match base × rate (2012, 1 € of tolerance)', async () => {
    const { lines } = await send(
      suministroBody('FE', [
        issuedRecord({ numero: 'F-1', fecha: f, issuerNif: 'A28015865' }),
        issuedRecord({ numero: 'F-2', fecha: f, base: '1000.00', cuota: '211.00', importeTotal: '1211.00' }),
        issuedRecord({ numero: 'F-3', fecha: f, base: '1000.00', cuota: '211.01', importeTotal: '1211.01' }),
      ]),
    );
    expect(codes(lines)).toEqual([
      ['Incorrecto', '1112'],
      ['Correcto', undefined],
      ['AceptadoConErrores', '2012'],
    ]);
  });

  it('a foreign counterparty needs DesgloseTipoOperacion (2006), unless IDType 07 or a simplified invoice', async () => {
    const garonne = { name: 'GARONNE', otro: { country: 'FR', type: '02', id: 'FR40303265045' } };
    const { lines } = await send(
      suministroBody('FE', [
        issuedRecord({ numero: 'F-1', fecha: f, contraparte: garonne }),
        issuedRecord({ numero: 'F-2', fecha: f, contraparte: garonne, desglose: 'operacion' }),
        issuedRecord({
          numero: 'F-3',
          fecha: f,
          contraparte: { name: 'X', otro: { country: 'ES', type: '07', id: '1' } },
        }),
        issuedRecord({ numero: 'F-4', fecha: f, contraparte: null, tipoFactura: 'F2' }),
      ]),
    );
    expect(codes(lines)).toEqual([
      ['AceptadoConErrores', '2006'],
      ['Correcto', undefined],
      ['Correcto', undefined],
      ['Correcto', undefined],
    ]);
  });

  it('records of one message see each other: the second of two equal altas is a duplicate', async () => {
    const r = issuedRecord({ numero: 'F-1', fecha: f });
    const { answer, lines } = await send(suministroBody('FE', [r, r]));
    expect(answer.EstadoEnvio).toBe('ParcialmenteCorrecto');
    expect(codes(lines)).toEqual([
      ['Correcto', undefined],
      ['Incorrecto', '3000'],
    ]);
  });

  it('reject-next: the matching records come back Incorrecto with the code asked for, not stored', async () => {
    faults.add([
      { kind: 'reject-next', numSerie: 'F-2', code: 1104, description: 'Valor del campo ID incorrecto' },
    ]);
    const { lines } = await send(
      suministroBody('FE', [
        issuedRecord({ numero: 'F-1', fecha: f }),
        issuedRecord({ numero: 'F-2', fecha: f }),
      ]),
    );
    expect(lines.map((l) => [l.CodigoErrorRegistro, l.DescripcionErrorRegistro])).toEqual([
      [undefined, undefined],
      ['1104', 'Valor del campo ID incorrecto'],
    ]);
    expect(state.receptionList().map((r) => r.outcomes[0])).toEqual([
      'A0 Correcto',
      'A0 Incorrecto 1104 (inyectado)',
    ]);
    expect(faults.list()).toEqual([]);
  });
});

describe('SII rules: the other books', () => {
  const f = '15-10-2026';

  it('FR: stored with the supplier as issuer; FechaRegContable before the issue date is 1176; bajas', async () => {
    const { lines } = await send(
      suministroBody('FR', [
        receivedRecord({ numero: 'P-1', fecha: f, registrada: '20-10-2026' }),
        receivedRecord({ numero: 'P-2', fecha: f, registrada: '14-10-2026' }),
        receivedRecord({
          numero: 'P-3',
          fecha: f,
          supplier: { name: 'SPEDITION', otro: { country: 'DE', type: '02', id: 'DE811569869' } },
        }),
      ]),
    );
    expect(codes(lines)).toEqual([
      ['Correcto', undefined],
      ['Incorrecto', '1176'],
      ['Correcto', undefined],
    ]);
    expect(state.records({ book: 'FR' }).map((r) => r.key)).toEqual([
      `B50239870|P-1|${f}`,
      `DE811569869|P-3|${f}`,
    ]);
    const baja = await send(bajaBody('FR', [receivedBaja({ numero: 'P-1', fecha: f })]));
    expect(baja.lines[0]).toMatchObject({
      EstadoRegistro: 'Correcto',
      IDFactura: { IDEmisorFactura: { NIF: 'B50239870' } },
    });
  });

  it('BI: one record per investment good; the answer line carries PeriodoLiquidacion and IdentificacionBien', async () => {
    const { lines } = await send(
      suministroBody('BI', [
        investmentRecord({ numero: 'B-1', fecha: f, bien: 'CAMION 1' }),
        investmentRecord({ numero: 'B-1', fecha: f, bien: 'CAMION 2' }),
        investmentRecord({ numero: 'B-1', fecha: f, bien: 'CAMION 1' }),
      ]),
    );
    expect(codes(lines)).toEqual([
      ['Correcto', undefined],
      ['Correcto', undefined],
      ['Incorrecto', '3000'],
    ]);
    expect(lines[0]).toMatchObject({
      PeriodoLiquidacion: { Ejercicio: '2026', Periodo: '0A' },
      IdentificacionBien: 'CAMION 1',
    });
    const baja = await send(bajaBody('BI', [investmentBaja({ numero: 'B-1', fecha: f, bien: 'CAMION 2' })]));
    expect(codes(baja.lines)).toEqual([['Correcto', undefined]]);
    expect(state.records({ book: 'BI' }).map((r) => [r.id.good, r.estado])).toEqual([
      ['CAMION 1', 'Correcta'],
      ['CAMION 2', 'Anulada'],
    ]);
  });

  it('OI: stored, duplicate, baja', async () => {
    const r = intraEuRecord({ numero: 'O-1', fecha: f });
    expect(codes((await send(suministroBody('OI', [r]))).lines)).toEqual([['Correcto', undefined]]);
    expect(codes((await send(suministroBody('OI', [r]))).lines)).toEqual([['Incorrecto', '3000']]);
    expect(codes((await send(bajaBody('OI', [intraEuBaja({ numero: 'O-1', fecha: f })]))).lines)).toEqual([
      ['Correcto', undefined],
    ]);
  });

  it('cobros: only for an invoice the FE book holds (3503), under the criterio de caja (3005), not dado de baja (3003)', async () => {
    const cobro = (numero: string) =>
      cobrosRecord({ numero, fecha: f, payments: [{ fecha: '20-10-2026', importe: '121.00' }] });
    await send(
      suministroBody('FE', [
        issuedRecord({ numero: 'F-1', fecha: f, clave: '07' }),
        issuedRecord({ numero: 'F-2', fecha: f }),
        issuedRecord({ numero: 'F-3', fecha: f, clave: '07' }),
      ]),
    );
    await send(bajaBody('FE', [issuedBaja({ numero: 'F-3', fecha: f })]));
    const { answer, lines } = await send(
      cobrosBody([cobro('F-1'), cobro('F-2'), cobro('F-3'), cobro('F-9')]),
    );
    expect(answer.Cabecera.TipoComunicacion).toBeUndefined();
    expect(codes(lines)).toEqual([
      ['Correcto', undefined],
      ['Incorrecto', '3005'],
      ['Incorrecto', '3003'],
      ['Incorrecto', '3503'],
    ]);
    expect(state.record(T, 'FE', { issuer: T, number: 'F-1', date: f })?.payments).toHaveLength(1);
    expect(state.receptionList({ service: 'COBROS' }).map((r) => r.outcomes[0])).toEqual([
      'COBRO Correcto',
      'COBRO Incorrecto 3005',
      'COBRO Incorrecto 3003',
      'COBRO Incorrecto 3503',
    ]);
    const q = querySiiPayments(
      state,
      'COBROS',
      messageOf(consultaPaymentsBody('COBROS', { numero: 'F-1', fecha: f })).parsed,
    );
    const xml = siiPaymentsResponseXml('COBROS', q);
    await expectValid(xml, 'RespuestaConsultaLR');
    expect(parseSiiXml(xml).RespuestaConsultaCobros).toMatchObject({
      ResultadoConsulta: 'ConDatos',
      RegistroRespuestaConsultaCobros: {
        DatosCobro: { Fecha: '20-10-2026', Importe: '121.00', Medio: '01' },
      },
    });
  });

  it('pagos: added to a received invoice under the criterio de caja (3007 otherwise); ConsultaPagos', async () => {
    await send(
      suministroBody('FR', [
        receivedRecord({ numero: 'P-1', fecha: f, clave: '07' }),
        receivedRecord({ numero: 'P-2', fecha: f }),
      ]),
    );
    const pago = (numero: string) =>
      pagosRecord({ numero, fecha: f, payments: [{ fecha: '25-10-2026', importe: '121.00', medio: '04' }] });
    const { lines } = await send(pagosBody([pago('P-1'), pago('P-2')]));
    expect(codes(lines)).toEqual([
      ['Correcto', undefined],
      ['Incorrecto', '3007'],
    ]);
    const q = querySiiPayments(
      state,
      'PAGOS',
      messageOf(consultaPaymentsBody('PAGOS', { numero: 'P-1', fecha: f })).parsed,
    );
    expect(q.payments).toHaveLength(1);
    await expectValid(siiPaymentsResponseXml('PAGOS', q), 'RespuestaConsultaLR');
    const none = querySiiPayments(
      state,
      'PAGOS',
      messageOf(consultaPaymentsBody('PAGOS', { numero: 'P-2', fecha: f })).parsed,
    );
    await expectValid(siiPaymentsResponseXml('PAGOS', none), 'RespuestaConsultaLR');
  });
});

describe('SII ConsultaLR', () => {
  const f = '15-10-2026';

  async function consulta(book: Book, body: string, pageSize?: number) {
    const message = messageOf(body);
    const q = querySiiBook(state, book, message.parsed, pageSize);
    const xml = siiConsultaResponseXml(book, q);
    await expectValid(xml, 'RespuestaConsultaLR');
    const answer = Object.values(parseSiiXml(xml))[0] as SiiXml;
    const registros = Object.entries(answer)
      .filter(([k]) => k.startsWith('RegistroRespuestaConsulta'))
      .flatMap(([, v]) => [v].flat() as SiiXml[]);
    return { answer, registros };
  }

  it('FE: the period asked for, with Correcta, AceptadaConErrores and Anulada records, and a number filter', async () => {
    await send(
      suministroBody('FE', [
        issuedRecord({ numero: 'F-1', fecha: f, refExterna: 'inv-1', clave: '07' }),
        issuedRecord({ numero: 'F-2', fecha: '20-10-2026', cuota: '30.00', importeTotal: '130.00' }),
        issuedRecord({ numero: 'F-3', fecha: '01-10-2026' }),
        issuedRecord({ numero: 'S-1', fecha: '05-09-2026' }),
      ]),
    );
    await send(bajaBody('FE', [issuedBaja({ numero: 'F-3', fecha: '01-10-2026' })]));
    await send(
      cobrosBody([cobrosRecord({ numero: 'F-1', fecha: f, payments: [{ fecha: f, importe: '121.00' }] })]),
    );
    const { answer, registros } = await consulta(
      'FE',
      consultaBody('FE', { ejercicio: '2026', periodo: '10' }),
    );
    expect(answer).toMatchObject({
      Cabecera: { Titular: { NIF: T } },
      PeriodoLiquidacion: { Ejercicio: '2026', Periodo: '10' },
      IndicadorPaginacion: 'N',
      ResultadoConsulta: 'ConDatos',
    });
    expect(
      registros.map((r) => [
        r.IDFactura.NumSerieFacturaEmisor,
        r.EstadoFactura.EstadoRegistro,
        r.EstadoFactura.CodigoErrorRegistro,
      ]),
    ).toEqual([
      ['F-3', 'Anulada', undefined],
      ['F-1', 'Correcta', undefined],
      ['F-2', 'AceptadaConErrores', '2012'],
    ]);
    expect(registros[1]).toMatchObject({
      DatosFacturaEmitida: {
        TipoFactura: 'F1',
        RefExterna: 'inv-1',
        Cobros: 'S',
        TipoDesglose: { DesgloseFactura: {} },
      },
      DatosPresentacion: { NIFPresentador: T, TimestampPresentacion: PRESENTED },
    });
    const one = await consulta(
      'FE',
      consultaBody('FE', { ejercicio: '2026', periodo: '10', numero: 'F-2', fecha: '20-10-2026' }),
    );
    expect(one.registros.map((r) => r.IDFactura.NumSerieFacturaEmisor)).toEqual(['F-2']);
    const none = await consulta('FE', consultaBody('FE', { ejercicio: '2026', periodo: '11' }));
    expect(none.answer.ResultadoConsulta).toBe('SinDatos');
  });

  it('pages after ClavePaginacion', async () => {
    await send(
      suministroBody(
        'FE',
        [1, 2, 3, 4, 5].map((n) => issuedRecord({ numero: `F-${n}`, fecha: `0${n}-10-2026` })),
      ),
    );
    const first = await consulta('FE', consultaBody('FE', { ejercicio: '2026', periodo: '10' }), 2);
    expect(first.answer.IndicadorPaginacion).toBe('S');
    expect(first.registros.map((r) => r.IDFactura.NumSerieFacturaEmisor)).toEqual(['F-1', 'F-2']);
    const second = await consulta(
      'FE',
      consultaBody('FE', { ejercicio: '2026', periodo: '10', after: { numero: 'F-2', fecha: '02-10-2026' } }),
      2,
    );
    expect(second.registros.map((r) => r.IDFactura.NumSerieFacturaEmisor)).toEqual(['F-3', 'F-4']);
    const last = await consulta(
      'FE',
      consultaBody('FE', { ejercicio: '2026', periodo: '10', after: { numero: 'F-4', fecha: '04-10-2026' } }),
      2,
    );
    expect(last.answer.IndicadorPaginacion).toBe('N');
    expect(last.registros.map((r) => r.IDFactura.NumSerieFacturaEmisor)).toEqual(['F-5']);
  });

  it('FR, BI and OI answers are valid against RespuestaConsultaLR.xsd', async () => {
    await send(suministroBody('FR', [receivedRecord({ numero: 'P-1', fecha: f, clave: '07' })]));
    await send(
      pagosBody([pagosRecord({ numero: 'P-1', fecha: f, payments: [{ fecha: f, importe: '10.00' }] })]),
    );
    await send(suministroBody('BI', [investmentRecord({ numero: 'B-1', fecha: f, bien: 'CAMION 1' })]));
    await send(suministroBody('OI', [intraEuRecord({ numero: 'O-1', fecha: f })]));
    const fr = await consulta('FR', consultaBody('FR', { ejercicio: '2026', periodo: '10' }));
    expect(fr.registros[0]).toMatchObject({
      IDFactura: { IDEmisorFactura: { NIF: 'B50239870' }, NumSerieFacturaEmisor: 'P-1' },
      DatosFacturaRecibida: { CuotaDeducible: '21.00', Pagos: 'S', FechaRegContable: f },
      EstadoFactura: { EstadoRegistro: 'Correcta' },
    });
    const bi = await consulta('BI', consultaBody('BI', { ejercicio: '2026', periodo: '0A' }));
    expect(bi.registros[0]).toMatchObject({ DatosBienInversion: { IdentificacionBien: 'CAMION 1' } });
    const oi = await consulta('OI', consultaBody('OI', { ejercicio: '2026', periodo: '10' }));
    expect(oi.registros[0]).toMatchObject({
      DatosDetOperIntracomunitarias: {
        Contraparte: { IDOtro: { ID: 'FR40303265045' } },
        DetOperIntracomunitarias: { TipoOperacion: 'A' },
      },
    });
  });
});

describe('SII header checks', () => {
  const census = () => censusOf(state);
  const parsed = (h: Parameters<typeof suministroBody>[2]) =>
    messageOf(suministroBody('FE', [issuedRecord({ numero: 'F-1', fecha: '15-10-2026' })], h)).parsed;

  it('IDVersionSii must be 1.1 (4100)', () => {
    expect(siiVersionFault(parsed({}))).toBeUndefined();
    expect(siiVersionFault(parsed({ version: '1.0' }))?.code).toBe(4100);
  });

  it('titular format (4122), NIFRepresentante format (4123), census (4104/4105), who presents (4114), TipoComunicacion (4101)', () => {
    const fault = (h: Parameters<typeof suministroBody>[2], presenter = T) =>
      siiHeaderFault(parsed(h), 'SUMINISTRO', presenter, census())?.code;
    expect(fault({})).toBeUndefined();
    expect(fault({ titular: { nif: 'B12345678', name: 'X' } }, 'B12345678')).toBe(4122);
    expect(fault({ nifRepresentante: '12345678A' })).toBe(4123);
    expect(fault({ titular: SII_DEMO_UNIDENTIFIED_CUSTOMER }, SII_DEMO_UNIDENTIFIED_CUSTOMER.nif)).toBe(4104);
    expect(fault({ nifRepresentante: '99999990S' })).toBe(4105);
    expect(fault({}, '12345678Z')).toBe(4114);
    expect(fault({ nifRepresentante: '12345678Z' }, '12345678Z')).toBeUndefined();
    expect(fault({ tipo: 'A5' })).toBe(4101);
    const query = messageOf(consultaBody('FE', { ejercicio: '2026', periodo: '10' })).parsed;
    expect(siiHeaderFault(query, 'CONSULTA', '12345678Z', census())).toBeUndefined();
    expect(siiHeaderFault(parsed({}), 'SUMINISTRO', '12345678Z', census())?.text).toMatch(
      /^Codigo\[4114\]\.El titular del certificado debe ser el Titular del libro de Registro/,
    );
  });
});

describe('SII fault queue', () => {
  it('a probability fault fires on about that share of the matching messages, reproducibly with a seed', () => {
    const draw = (seed: number) => {
      const q = new SiiFaultQueue();
      q.add([{ kind: 'drop-response', probability: 0.1, seed }]);
      const target = { service: 'FE' as const, operation: 'A0' as const, titular: T, records: [] };
      return Array.from({ length: 1000 }, () => Boolean(q.takeMessageFault(target)));
    };
    const a = draw(7);
    expect(draw(7)).toEqual(a);
    const fired = a.filter(Boolean).length;
    expect(fired).toBeGreaterThan(60);
    expect(fired).toBeLessThan(140);
  });

  it('matches by service, operation (default: writes only), NIF and number; `times` runs out', () => {
    const q = new SiiFaultQueue();
    q.add([{ kind: 'server-fault', service: 'FR', times: 2 }]);
    q.add([{ kind: 'delay', operation: 'CONSULTA', ms: 10 }]);
    q.add([{ kind: 'drop-response', numSerie: 'F-7' }]);
    const t = (service: 'FE' | 'FR', operation: 'A0' | 'CONSULTA', number = 'X') => ({
      service,
      operation,
      titular: T,
      records: [{ issuer: T, number }],
    });
    expect(q.takeMessageFault(t('FE', 'A0'))).toBeUndefined();
    expect(q.takeMessageFault(t('FR', 'CONSULTA'))?.kind).toBe('delay');
    expect(q.takeMessageFault(t('FR', 'A0'))?.kind).toBe('server-fault');
    expect(q.takeMessageFault(t('FR', 'A0'))?.kind).toBe('server-fault');
    expect(q.takeMessageFault(t('FR', 'A0'))).toBeUndefined();
    expect(q.takeMessageFault(t('FE', 'A0', 'F-7'))?.kind).toBe('drop-response');
    expect(q.list()).toEqual([]);
  });
});
