import { describe, expect, it } from 'vitest';
import { buildConsultaXml } from './consulta';
import { lineKey } from './line-key';
import {
  parseConsultaResponse,
  parseSuministroResponse,
  SiiResponseError,
  SiiSoapFaultError,
} from './responses';
import { unwrapSoap, wrapSoap } from './soap';
import { recordKey } from './suministro';
import {
  biCorrecto,
  cobrosCorrecto,
  consultaBi,
  consultaCobros,
  consultaFe,
  consultaFrAnulada,
  consultaFrSinDatos,
  envelope,
  fault4102,
  feBajaCorrecto,
  feCorrecto,
  feParcialmenteCorrecto,
  frIncorrecto,
  pagosIncorrecto,
} from './testing/answers';
import {
  collection,
  header,
  investment,
  issuedDomestic,
  payment,
  receivedIntraEu,
  TITULAR_NIF,
} from './testing/records';
import { validateSiiXml } from './xsd';

const ours = { issuerNif: TITULAR_NIF, issuerOtherId: null, issuerName: null };

describe('the sample answers are realistic', () => {
  it.each([
    ['feCorrecto', feCorrecto],
    ['feParcialmenteCorrecto', feParcialmenteCorrecto],
    ['frIncorrecto', frIncorrecto],
    ['biCorrecto', biCorrecto],
    ['feBajaCorrecto', feBajaCorrecto],
    ['cobrosCorrecto', cobrosCorrecto],
    ['pagosIncorrecto', pagosIncorrecto],
  ])('%s validates against RespuestaSuministro.xsd (inside its envelope too)', async (_name, answer) => {
    expect(await validateSiiXml(answer(), 'RespuestaSuministro')).toEqual({ valid: true, errors: [] });
    expect(await validateSiiXml(unwrapSoap(envelope(answer())), 'RespuestaSuministro')).toEqual({
      valid: true,
      errors: [],
    });
  });

  it.each([
    ['consultaFe', consultaFe],
    ['consultaFrSinDatos', consultaFrSinDatos],
    ['consultaFrAnulada', consultaFrAnulada],
    ['consultaBi', consultaBi],
    ['consultaCobros', consultaCobros],
  ])('%s validates against RespuestaConsultaLR.xsd', async (_name, answer) => {
    expect(await validateSiiXml(answer(), 'RespuestaConsultaLR')).toEqual({ valid: true, errors: [] });
  });
});

describe('parseSuministroResponse', () => {
  it('reads a Correcto answer: CSV, presentation (ISO, winter offset), one line per record', () => {
    const r = parseSuministroResponse(envelope(feCorrecto()));
    expect(r).toEqual({
      service: 'FE',
      kind: 'SUMINISTRO',
      csv: 'A8KBH3MZQW2RX5C7',
      state: 'Correcto',
      presentation: { nif: TITULAR_NIF, timestamp: '2027-01-15T10:30:12+01:00' },
      lines: [
        {
          invoiceId: { ...ours, number: 'F-2027/0001', issueDate: '2027-01-15' },
          goodIdentification: null,
          key: `${TITULAR_NIF}|F-2027/0001|2027-01-15`,
          state: 'Correcto',
          code: null,
          message: null,
          duplicate: null,
          csv: null,
        },
        {
          invoiceId: { ...ours, number: 'F-2027/0002', issueDate: '2027-01-16' },
          goodIdentification: null,
          key: `${TITULAR_NIF}|F-2027/0002|2027-01-16`,
          state: 'Correcto',
          code: null,
          message: null,
          duplicate: null,
          csv: null,
        },
      ],
    });
    // The key of the answer line is the key of the record sent.
    expect(r.lines[0]!.key).toBe(recordKey(issuedDomestic()));
  });

  it('reads ParcialmenteCorrecto: AceptadoConErrores, Incorrecto 1117 and a duplicate 3000 with what the AEAT holds', () => {
    const r = parseSuministroResponse(envelope(feParcialmenteCorrecto()));
    expect(r.state).toBe('ParcialmenteCorrecto');
    expect(r.presentation).toEqual({ nif: TITULAR_NIF, timestamp: '2027-07-15T09:05:41+02:00' });
    expect(r.lines.map((l) => [l.invoiceId.number, l.state, l.code])).toEqual([
      ['F-2027/0101', 'Correcto', null],
      ['F-2027/0102', 'AceptadoConErrores', '2011'],
      ['F-2027/0103', 'Incorrecto', '1117'],
      ['F-2027/0001', 'Incorrecto', '3000'],
    ]);
    expect(r.lines[2]!.message).toBe(
      'El NIF no está identificado. NIF:A87654329. NOMBRE_RAZON:CLIENTE & CIA SL',
    );
    expect(r.lines[2]!.duplicate).toBeNull();
    expect(r.lines[3]).toMatchObject({
      message: 'Registro de factura duplicado.',
      csv: 'A8KBH3MZQW2RX5C7',
      duplicate: { state: 'Correcta', code: null, message: null },
    });
  });

  it('reads a rejected submission (no CSV) with a foreign issuer, and matches it to the record', () => {
    const r = parseSuministroResponse(frIncorrecto());
    expect(r).toMatchObject({
      service: 'FR',
      kind: 'SUMINISTRO',
      csv: null,
      state: 'Incorrecto',
      presentation: null,
    });
    expect(r.lines[0]!.invoiceId).toEqual({
      issuerNif: null,
      issuerOtherId: { countryCode: 'DE', idType: '02', id: 'DE123456789' },
      issuerName: null,
      number: 'RE-2027-17',
      issueDate: '2027-01-08',
    });
    expect(r.lines[0]!.key).toBe(recordKey(receivedIntraEu()));
    expect(r.lines[0]).toMatchObject({
      state: 'Incorrecto',
      code: '3001',
      message: 'El registro de factura no existe.',
    });
  });

  it('reads BI (issuer named, good in the key), a baja, cobros and pagos', () => {
    const bi = parseSuministroResponse(envelope(biCorrecto()));
    expect(bi.lines[0]!.invoiceId.issuerName).toBe('Suministros del Norte SA');
    expect(bi.lines[0]!.goodIdentification).toBe('Torno CNC nº serie 4411');
    expect(bi.lines[0]!.key).toBe(recordKey(investment()));
    expect(bi.presentation?.timestamp).toBe('2028-01-30T12:00:00+01:00');

    expect(parseSuministroResponse(envelope(feBajaCorrecto()))).toMatchObject({
      service: 'FE',
      kind: 'ANULACION',
      state: 'Correcto',
    });

    const cobros = parseSuministroResponse(envelope(cobrosCorrecto()));
    expect(cobros).toMatchObject({ service: 'COBROS', kind: 'SUMINISTRO', csv: 'E7RT4WQ9ZM2XK5LB' });
    expect(cobros.lines[0]!.key).toBe(recordKey(collection()));

    const pagos = parseSuministroResponse(envelope(pagosIncorrecto()));
    expect(pagos).toMatchObject({ service: 'PAGOS', state: 'Incorrecto' });
    expect(pagos.lines[0]).toMatchObject({ state: 'Incorrecto', code: '4118' });
    expect(pagos.lines[0]!.invoiceId.issuerName).toBe('Suministros del Norte SA');
    expect(pagos.lines[0]!.key).toBe(recordKey(payment()));
  });

  it('throws SiiSoapFaultError on a SOAP Fault, with the AEAT code', () => {
    let error: unknown;
    try {
      parseSuministroResponse(fault4102());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiiSoapFaultError);
    expect(error).toMatchObject({
      faultCode: 'Client',
      faultString:
        'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: TipoDesglose',
      code: '4102',
    });
    expect(() => parseConsultaResponse(fault4102())).toThrow(SiiSoapFaultError);
  });

  it('throws SiiResponseError on anything that is not an AEAT answer', () => {
    const notAnswers = [
      '',
      '<html><body>502 Bad Gateway</body></html>',
      '<not-closed>',
      envelope('<siiLRRC:RespuestaConsultaLRFacturasEmitidas xmlns:siiLRRC="x"/>'),
      wrapSoap('<x:Algo xmlns:x="y"><x:EstadoEnvio>Correcto</x:EstadoEnvio></x:Algo>'),
      envelope(feCorrecto().replace('>Correcto</siiR:EstadoEnvio>', '>Regular</siiR:EstadoEnvio>')),
      envelope(feCorrecto().replace('>Correcto</siiR:EstadoRegistro>', '>Quizá</siiR:EstadoRegistro>')),
      envelope(feCorrecto().replace('>15-01-2027</sii:Fecha', '>2027-01-15</sii:Fecha')),
      envelope(
        feCorrecto().replace(/<sii:NumSerieFacturaEmisor>F-2027\/0001<\/sii:NumSerieFacturaEmisor>/, ''),
      ),
      envelope(consultaFe()),
    ];
    for (const text of notAnswers)
      expect(() => parseSuministroResponse(text), text.slice(0, 80)).toThrow(SiiResponseError);
  });
});

describe('parseConsultaResponse', () => {
  it('reads FE records with their state, code, timestamp and CSV, and the next page key', async () => {
    const r = parseConsultaResponse(envelope(consultaFe()));
    expect(r.service).toBe('FE');
    expect(r.more).toBe(true);
    expect(r.records).toEqual([
      {
        invoiceId: { ...ours, number: 'F-2027/0001', issueDate: '2027-01-15' },
        goodIdentification: null,
        key: recordKey(issuedDomestic()),
        state: 'Correcta',
        code: null,
        message: null,
        timestamp: '2027-01-15T10:30:12+01:00',
        csv: 'A8KBH3MZQW2RX5C7',
        payment: null,
      },
      expect.objectContaining({
        state: 'AceptadaConErrores',
        code: '2011',
        message: 'El NIF de la contraparte no está censado',
      }),
    ]);
    expect(r.paginationKey).toEqual({
      kind: 'INVOICE',
      invoiceId: {
        issuerNif: TITULAR_NIF,
        issuerOtherId: null,
        number: 'F-2027/0002',
        issueDate: '2027-01-16',
      },
      issuerName: null,
      goodIdentification: null,
    });
    // The key asks the next page.
    const next = buildConsultaXml('FE', header, {
      period: { year: 2027, period: '01' },
      paginationKey: r.paginationKey,
    });
    expect(next).toContain('<sii:NumSerieFacturaEmisor>F-2027/0002</sii:NumSerieFacturaEmisor>');
    expect((await validateSiiXml(next, 'ConsultaLR')).valid).toBe(true);
  });

  it('reads an empty FR page, and an annulled FR record whose supplier names the next page key', async () => {
    expect(parseConsultaResponse(consultaFrSinDatos())).toEqual({
      service: 'FR',
      records: [],
      more: false,
      paginationKey: null,
    });
    const r = parseConsultaResponse(consultaFrAnulada());
    expect(r.records[0]).toMatchObject({
      state: 'Anulada',
      key: recordKey(receivedIntraEu()),
      timestamp: '2027-01-20T09:00:00+01:00',
      csv: 'F3KX7QW2ZL9MT4RB',
    });
    expect(r.paginationKey).toMatchObject({ kind: 'INVOICE', issuerName: 'Software Gründer GmbH' });
    const next = buildConsultaXml('FR', header, {
      period: { year: 2027, period: '01' },
      paginationKey: r.paginationKey,
    });
    expect((await validateSiiXml(next, 'ConsultaLR')).valid).toBe(true);
  });

  it('reads BI with the good, and pages with it', async () => {
    const r = parseConsultaResponse(consultaBi());
    expect(r.records[0]!.key).toBe(recordKey(investment()));
    expect(r.paginationKey).toMatchObject({
      issuerName: 'Suministros del Norte SA',
      goodIdentification: 'Torno CNC nº serie 4411',
    });
    const next = buildConsultaXml('BI', header, {
      period: { year: 2027, period: '0A' },
      paginationKey: r.paginationKey,
    });
    expect((await validateSiiXml(next, 'ConsultaLR')).valid).toBe(true);
  });

  it('reads cobros: each one held, with its date, amount in céntimos and medio; the numeric page key', async () => {
    const r = parseConsultaResponse(envelope(consultaCobros()));
    expect(r.service).toBe('COBROS');
    expect(r.records.map((c) => [c.key, c.state, c.payment])).toEqual([
      [
        lineKey(collection().invoiceId),
        'Correcta',
        { date: '2027-02-10', amountCents: 50_000, method: '01', account: 'ES9121000418450200051332' },
      ],
      [
        lineKey(collection().invoiceId),
        'Correcta',
        { date: '2027-03-10', amountCents: -950, method: '04', account: null },
      ],
    ]);
    expect(r.records[0]!.timestamp).toBe('2027-02-10T08:00:03+01:00');
    expect(r.paginationKey).toEqual({ kind: 'NUMBER', value: '2' });
    const next = buildConsultaXml('COBROS', header, {
      period: { year: 2027, period: '01' },
      invoiceId: collection().invoiceId,
      paginationKey: r.paginationKey,
    });
    expect((await validateSiiXml(next, 'ConsultaLR')).valid).toBe(true);
  });

  it('throws SiiResponseError on a Suministro answer or a broken one', () => {
    expect(() => parseConsultaResponse(feCorrecto())).toThrow(SiiResponseError);
    expect(() => parseConsultaResponse(consultaFe().replace('>Correcta<', '>Viva<'))).toThrow(
      /EstadoRegistro no válido \(Viva\)/,
    );
    expect(() =>
      parseConsultaResponse(
        consultaFe().replace('>S</siiLRRC:IndicadorPaginacion>', '>X</siiLRRC:IndicadorPaginacion>'),
      ),
    ).toThrow(SiiResponseError);
  });
});

describe('lineKey', () => {
  it('is issuer|number|ISO date, the issuer a NIF or country + id, BI adding the good', () => {
    expect(lineKey({ issuerNif: 'B12345674', number: 'F-1', issueDate: '2027-01-15' })).toBe(
      'B12345674|F-1|2027-01-15',
    );
    expect(
      lineKey({
        issuerNif: null,
        issuerOtherId: { countryCode: 'FR', idType: '02', id: 'FR999' },
        number: 'A/7',
        issueDate: '2027-02-01',
      }),
    ).toBe('FRFR999|A/7|2027-02-01');
    expect(lineKey({ issuerNif: 'A11111111', number: 'X', issueDate: '2026-03-01' }, 'Torno')).toBe(
      'A11111111|X|2026-03-01|Torno',
    );
  });
});
