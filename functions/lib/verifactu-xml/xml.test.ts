import type {
  RegistroAltaFields,
  RegistroAnulacionFields,
  SistemaInformatico,
} from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import {
  buildConsultaXml,
  buildRegFactuDocument,
  buildRegFactuXml,
  escapeXml,
  NS,
  parseConsultaResponse,
  parseRegFactuResponse,
  type RegFactuInput,
  UNREADABLE_RESPONSE,
  unwrapSoap,
  wrapSoap,
} from './xml';
import { validateXml } from './xsd';

const H1 = 'A'.repeat(64);
const H2 = '0123456789ABCDEF'.repeat(4);

const system: SistemaInformatico = {
  NombreRazon: 'Cuadra Software SL',
  NIF: 'B11111111',
  NombreSistemaInformatico: 'Cuadra',
  IdSistemaInformatico: 'CU',
  Version: '1.0.0',
  NumeroInstalacion: 'company-0001',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'S',
};

const base = (over: Partial<RegistroAltaFields> = {}): RegistroAltaFields => ({
  IDVersion: '1.0',
  IDFactura: {
    IDEmisorFactura: 'B12345674',
    NumSerieFactura: 'F-2027/0001',
    FechaExpedicionFactura: '15-01-2027',
  },
  NombreRazonEmisor: 'Ejemplo Gestoria SL',
  TipoFactura: 'F1',
  DescripcionOperacion: 'Servicios de asesoria',
  Destinatarios: [{ NombreRazon: 'Cliente SA', NIF: 'A87654321' }],
  Desglose: [
    {
      Impuesto: '01',
      ClaveRegimen: '01',
      CalificacionOperacion: 'S1',
      TipoImpositivo: '21.00',
      BaseImponibleOimporteNoSujeto: '100.00',
      CuotaRepercutida: '21.00',
    },
  ],
  CuotaTotal: '21.00',
  ImporteTotal: '121.00',
  Encadenamiento: {
    RegistroAnterior: {
      IDEmisorFactura: 'B12345674',
      NumSerieFactura: 'F-2026/0099',
      FechaExpedicionFactura: '31-12-2026',
      Huella: H1,
    },
  },
  SistemaInformatico: system,
  FechaHoraHusoGenRegistro: '2027-01-15T10:30:00+01:00',
  TipoHuella: '01',
  Huella: H2,
  ...over,
});

const f1WithRecargo = base({
  Desglose: [
    {
      Impuesto: '01',
      ClaveRegimen: '18',
      CalificacionOperacion: 'S1',
      TipoImpositivo: '21.00',
      BaseImponibleOimporteNoSujeto: '1000.00',
      CuotaRepercutida: '210.00',
      TipoRecargoEquivalencia: '5.20',
      CuotaRecargoEquivalencia: '52.00',
    },
    {
      Impuesto: '01',
      ClaveRegimen: '01',
      CalificacionOperacion: 'S1',
      TipoImpositivo: '10.00',
      BaseImponibleOimporteNoSujeto: '200.00',
      CuotaRepercutida: '20.00',
    },
  ],
  CuotaTotal: '282.00',
  ImporteTotal: '1482.00',
});

const r1Diferencias = base({
  IDFactura: {
    IDEmisorFactura: 'B12345674',
    NumSerieFactura: 'R-2027/0001',
    FechaExpedicionFactura: '20-01-2027',
  },
  TipoFactura: 'R1',
  TipoRectificativa: 'I',
  FacturasRectificadas: [
    { IDEmisorFactura: 'B12345674', NumSerieFactura: 'F-2027/0001', FechaExpedicionFactura: '15-01-2027' },
    { IDEmisorFactura: 'B12345674', NumSerieFactura: 'F-2027/0002', FechaExpedicionFactura: '16-01-2027' },
  ],
  Desglose: [
    {
      Impuesto: '01',
      ClaveRegimen: '01',
      CalificacionOperacion: 'S1',
      TipoImpositivo: '21.00',
      BaseImponibleOimporteNoSujeto: '-50.00',
      CuotaRepercutida: '-10.50',
    },
  ],
  CuotaTotal: '-10.50',
  ImporteTotal: '-60.50',
});

const r1Sustitucion = base({
  IDFactura: {
    IDEmisorFactura: 'B12345674',
    NumSerieFactura: 'R-2027/0002',
    FechaExpedicionFactura: '21-01-2027',
  },
  TipoFactura: 'R1',
  TipoRectificativa: 'S',
  FacturasRectificadas: [
    { IDEmisorFactura: 'B12345674', NumSerieFactura: 'F-2027/0001', FechaExpedicionFactura: '15-01-2027' },
  ],
  ImporteRectificacion: { BaseRectificada: '100.00', CuotaRectificada: '21.00' },
  FechaOperacion: '14-01-2027',
});

const f2 = base({ TipoFactura: 'F2', Destinatarios: undefined, FacturaSimplificadaArt7273: 'N' });

const idOtro = base({
  Destinatarios: [
    { NombreRazon: 'Client GmbH', IDOtro: { CodigoPais: 'DE', IDType: '02', ID: 'DE123456789' } },
  ],
  Desglose: [
    { Impuesto: '01', ClaveRegimen: '01', OperacionExenta: 'E5', BaseImponibleOimporteNoSujeto: '500.00' },
  ],
  CuotaTotal: '0.00',
  ImporteTotal: '500.00',
});

const subsanacion = base({ Subsanacion: 'S', RechazoPrevio: 'X', RefExterna: 'rec-42' });

const first = base({ Encadenamiento: { PrimerRegistro: 'S' } });

const anulacion: RegistroAnulacionFields = {
  IDVersion: '1.0',
  IDFactura: {
    IDEmisorFacturaAnulada: 'B12345674',
    NumSerieFacturaAnulada: 'F-2027/0001',
    FechaExpedicionFacturaAnulada: '15-01-2027',
  },
  RefExterna: 'rec-43',
  Encadenamiento: {
    RegistroAnterior: {
      IDEmisorFactura: 'B12345674',
      NumSerieFactura: 'F-2027/0001',
      FechaExpedicionFactura: '15-01-2027',
      Huella: H2,
    },
  },
  SistemaInformatico: system,
  FechaHoraHusoGenRegistro: '2027-01-15T11:00:00+01:00',
  TipoHuella: '01',
  Huella: H1,
};

const cabecera: RegFactuInput['cabecera'] = { obligado: { name: 'Ejemplo Gestoria SL', nif: 'B12345674' } };
const message = (records: RegFactuInput['records'], cab = cabecera) =>
  buildRegFactuXml({ cabecera: cab, records });

const expectValid = async (xml: string, schema: Parameters<typeof validateXml>[1]) => {
  const r = await validateXml(xml, schema);
  expect(r.errors).toEqual([]);
  expect(r.valid).toBe(true);
};

describe('buildRegFactuXml', () => {
  const cases: [string, RegistroAltaFields | RegistroAnulacionFields][] = [
    ['F1 with two DetalleDesglose incl. recargo', f1WithRecargo],
    ['R1 por diferencias with FacturasRectificadas', r1Diferencias],
    ['R1 por sustitución with ImporteRectificacion', r1Sustitucion],
    ['F2 without Destinatarios', f2],
    ['alta with an IDOtro recipient (exempt E5)', idOtro],
    ['alta tras rechazo (Subsanacion=S, RechazoPrevio=X)', subsanacion],
    ['first record (PrimerRegistro)', first],
    ['chained record (RegistroAnterior)', base()],
    ['RegistroAnulacion', anulacion],
  ];

  it.each(cases)('%s is valid against SuministroLR.xsd', async (_name, fields) => {
    await expectValid(message([fields]), 'SuministroLR');
  });

  it('a message mixing every case, with Representante and Incidencia, is valid', async () => {
    const xml = message(
      cases.map(([, f]) => f),
      { ...cabecera, representante: { name: 'Asesores & Cia SL', nif: 'B22222222' }, incidencia: true },
    );
    await expectValid(xml, 'SuministroLR');
    expect(xml).toContain(
      '<sfLR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>Ejemplo Gestoria SL</sf:NombreRazon><sf:NIF>B12345674</sf:NIF></sf:ObligadoEmision>' +
        '<sf:Representante><sf:NombreRazon>Asesores &amp; Cia SL</sf:NombreRazon><sf:NIF>B22222222</sf:NIF></sf:Representante>' +
        '<sf:RemisionVoluntaria><sf:Incidencia>S</sf:Incidencia></sf:RemisionVoluntaria></sfLR:Cabecera>',
    );
    expect(xml.match(/<sfLR:RegistroFactura>/g)).toHaveLength(cases.length);
  });

  it('declares the sfLR and sf namespaces on the root and omits RemisionVoluntaria by default', () => {
    const xml = message([first]);
    expect(
      xml.startsWith(`<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${NS.sfLR}" xmlns:sf="${NS.sf}">`),
    ).toBe(true);
    expect(xml).not.toContain('<?xml');
    expect(xml).not.toContain('RemisionVoluntaria');
    expect(xml).not.toContain('Representante');
    expect(message([first], { ...cabecera, representante: null, incidencia: false })).toBe(xml);
  });

  it('emits elements in XSD order, whatever the key order of the stored object', async () => {
    const shuffled = Object.fromEntries(Object.entries(r1Sustitucion).reverse()) as RegistroAltaFields;
    const xml = message([shuffled]);
    expect(xml).toBe(message([r1Sustitucion]));
    await expectValid(xml, 'SuministroLR');
    const order = [...xml.matchAll(/<sf:(\w+)>/g)].map((m) => m[1]);
    const at = (n: string) => order.indexOf(n);
    expect(at('IDVersion')).toBeLessThan(at('IDFactura'));
    expect(at('TipoRectificativa')).toBeLessThan(at('FacturasRectificadas'));
    expect(at('ImporteRectificacion')).toBeLessThan(at('FechaOperacion'));
    expect(at('FechaOperacion')).toBeLessThan(at('DescripcionOperacion'));
    expect(at('Destinatarios')).toBeLessThan(at('Desglose'));
    expect(at('Encadenamiento')).toBeLessThan(at('SistemaInformatico'));
    expect(at('TipoHuella')).toBeLessThan(order.lastIndexOf('Huella'));
  });

  it('writes the recargo, rectified invoices and IDOtro as nested/repeated elements', () => {
    expect(message([f1WithRecargo])).toContain(
      '<sf:TipoRecargoEquivalencia>5.20</sf:TipoRecargoEquivalencia><sf:CuotaRecargoEquivalencia>52.00</sf:CuotaRecargoEquivalencia></sf:DetalleDesglose><sf:DetalleDesglose>',
    );
    expect(message([r1Diferencias]).match(/<sf:IDFacturaRectificada>/g)).toHaveLength(2);
    expect(message([idOtro])).toContain(
      '<sf:IDDestinatario><sf:NombreRazon>Client GmbH</sf:NombreRazon><sf:IDOtro><sf:CodigoPais>DE</sf:CodigoPais><sf:IDType>02</sf:IDType><sf:ID>DE123456789</sf:ID></sf:IDOtro></sf:IDDestinatario>',
    );
    expect(message([f2])).not.toContain('Destinatarios');
    expect(message([first])).toContain(
      '<sf:Encadenamiento><sf:PrimerRegistro>S</sf:PrimerRegistro></sf:Encadenamiento>',
    );
    expect(message([anulacion])).toContain(
      `<sf:RegistroAnulacion><sf:IDVersion>1.0</sf:IDVersion><sf:IDFactura><sf:IDEmisorFacturaAnulada>B12345674</sf:IDEmisorFacturaAnulada>`,
    );
  });

  it('escapes & < > " \' and stays valid', async () => {
    const xml = message([
      base({
        NombreRazonEmisor: 'Pérez & Hijos <SL> "Los" l\'Olivar',
        DescripcionOperacion: 'a < b & c > d',
        Destinatarios: [{ NombreRazon: 'Q&A "Consulting"', NIF: 'A87654321' }],
      }),
    ]);
    expect(xml).toContain(
      '<sf:NombreRazonEmisor>Pérez &amp; Hijos &lt;SL&gt; &quot;Los&quot; l&apos;Olivar</sf:NombreRazonEmisor>',
    );
    expect(xml).toContain('<sf:DescripcionOperacion>a &lt; b &amp; c &gt; d</sf:DescripcionOperacion>');
    expect(escapeXml(`&<>"'x`)).toBe('&amp;&lt;&gt;&quot;&apos;x');
    await expectValid(xml, 'SuministroLR');
  });

  it('emits amounts, rates and dates exactly as given (never reformatted)', async () => {
    const xml = message([
      base({
        Desglose: [
          {
            ClaveRegimen: '01',
            CalificacionOperacion: 'S1',
            TipoImpositivo: '21',
            BaseImponibleOimporteNoSujeto: '12345.7',
            CuotaRepercutida: '+2592.6',
          },
        ],
        CuotaTotal: '2592.60',
        ImporteTotal: '14938.30',
      }),
    ]);
    expect(xml).toContain('<sf:TipoImpositivo>21</sf:TipoImpositivo>');
    expect(xml).toContain('<sf:BaseImponibleOimporteNoSujeto>12345.7</sf:BaseImponibleOimporteNoSujeto>');
    expect(xml).toContain('<sf:CuotaRepercutida>+2592.6</sf:CuotaRepercutida>');
    expect(xml).toContain('<sf:ImporteTotal>14938.30</sf:ImporteTotal>');
    expect(xml).toContain(
      '<sf:FechaHoraHusoGenRegistro>2027-01-15T10:30:00+01:00</sf:FechaHoraHusoGenRegistro>',
    );
    expect(xml).not.toContain('<sf:Impuesto>');
    await expectValid(xml, 'SuministroLR');
  });

  it('a broken record (TipoFactura F9) is invalid with the XSD message', async () => {
    const xml = message([base({ TipoFactura: 'F9' as RegistroAltaFields['TipoFactura'] })]);
    const r = await validateXml(xml, 'SuministroLR');
    expect(r.valid).toBe(false);
    expect(r.errors.join('\n')).toMatch(/TipoFactura.*'F9'.*enumeration|enumeration.*'F9'/s);
  });

  it('accepts 1000 records and throws above, or with none', () => {
    expect(() => message(Array.from({ length: 1000 }, () => first))).not.toThrow();
    expect(() => message(Array.from({ length: 1001 }, () => first))).toThrow(/1000/);
    expect(() => message([])).toThrow();
  });

  it('buildRegFactuDocument prefixes the XML declaration', async () => {
    const doc = buildRegFactuDocument({ cabecera, records: [first] });
    expect(doc.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sfLR:RegFactuSistemaFacturacion')).toBe(
      true,
    );
    await expectValid(doc, 'SuministroLR');
  });
});

describe('wrapSoap / unwrapSoap', () => {
  it('wraps in a SOAP 1.1 envelope with an empty Header, and unwraps back', () => {
    const body = message([first]);
    const soap = wrapSoap(body);
    expect(soap).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`,
    );
    expect(unwrapSoap(soap)).toBe(body);
    expect(wrapSoap(buildRegFactuDocument({ cabecera, records: [first] }))).toBe(soap);
  });

  it('carries namespace declarations of Envelope/Body onto the message (AEAT-style requests)', async () => {
    const soap = `<?xml version="1.0"?>
<soapenv:Envelope xmlns:soapenv="${NS.soapenv}" xmlns:sum="${NS.sfLR}" xmlns:sum1="${NS.sf}">
  <soapenv:Header/>
  <soapenv:Body>
    ${message([first])
      .replace(/sfLR:/g, 'sum:')
      .replace(/sf:/g, 'sum1:')
      .replace(/ xmlns:\w+="[^"]*"/g, '')}
  </soapenv:Body>
</soapenv:Envelope>`;
    const inner = unwrapSoap(soap);
    expect(
      inner.startsWith(`<sum:RegFactuSistemaFacturacion xmlns:sum="${NS.sfLR}" xmlns:sum1="${NS.sf}">`),
    ).toBe(true);
    await expectValid(inner, 'SuministroLR');
  });

  it('throws on text that is not an envelope or has an empty body', () => {
    expect(() => unwrapSoap('<html>oops</html>')).toThrow();
    expect(() => unwrapSoap(`<s:Envelope xmlns:s="${NS.soapenv}"><s:Body/></s:Envelope>`)).toThrow();
  });
});

// --- responses -----------------------------------------------------------------------------------

const respuesta = (inner: string) =>
  `<sfR:RespuestaRegFactuSistemaFacturacion xmlns:sfR="${NS.sfR}" xmlns:sf="${NS.sf}">${inner}</sfR:RespuestaRegFactuSistemaFacturacion>`;
const cabeceraEcho =
  '<sfR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>Ejemplo Gestoria SL</sf:NombreRazon><sf:NIF>B12345674</sf:NIF></sf:ObligadoEmision></sfR:Cabecera>';
const idf = (num: string, fecha = '15-01-2027') =>
  `<sfR:IDFactura><sf:IDEmisorFactura>B12345674</sf:IDEmisorFactura><sf:NumSerieFactura>${num}</sf:NumSerieFactura><sf:FechaExpedicionFactura>${fecha}</sf:FechaExpedicionFactura></sfR:IDFactura>`;

const correcto = respuesta(
  '<sfR:CSV>A-YDSW8NLFLANWPM</sfR:CSV>' +
    '<sfR:DatosPresentacion><sf:NIFPresentador>B12345674</sf:NIFPresentador><sf:TimestampPresentacion>2027-01-15T10:30:05+01:00</sf:TimestampPresentacion></sfR:DatosPresentacion>' +
    cabeceraEcho +
    '<sfR:TiempoEsperaEnvio>60</sfR:TiempoEsperaEnvio><sfR:EstadoEnvio>Correcto</sfR:EstadoEnvio>' +
    `<sfR:RespuestaLinea>${idf('F-2027/0001')}<sfR:Operacion><sf:TipoOperacion>Alta</sf:TipoOperacion></sfR:Operacion><sfR:RefExterna>rec-1</sfR:RefExterna><sfR:EstadoRegistro>Correcto</sfR:EstadoRegistro></sfR:RespuestaLinea>`,
);

const parcial = respuesta(
  '<sfR:CSV>A-ZZZZ8NLFLANWPM</sfR:CSV>' +
    '<sfR:DatosPresentacion><sf:NIFPresentador>B12345674</sf:NIFPresentador><sf:TimestampPresentacion>2027-01-15T10:31:00+01:00</sf:TimestampPresentacion></sfR:DatosPresentacion>' +
    cabeceraEcho +
    '<sfR:TiempoEsperaEnvio>120</sfR:TiempoEsperaEnvio><sfR:EstadoEnvio>ParcialmenteCorrecto</sfR:EstadoEnvio>' +
    `<sfR:RespuestaLinea>${idf('F-2027/0002')}<sfR:Operacion><sf:TipoOperacion>Alta</sf:TipoOperacion></sfR:Operacion><sfR:EstadoRegistro>AceptadoConErrores</sfR:EstadoRegistro><sfR:CodigoErrorRegistro>2000</sfR:CodigoErrorRegistro><sfR:DescripcionErrorRegistro>El cálculo de la huella suministrada es incorrecta &amp; revisar</sfR:DescripcionErrorRegistro></sfR:RespuestaLinea>` +
    `<sfR:RespuestaLinea>${idf('F-2027/0003')}<sfR:Operacion><sf:TipoOperacion>Alta</sf:TipoOperacion><sf:Subsanacion>S</sf:Subsanacion><sf:RechazoPrevio>X</sf:RechazoPrevio></sfR:Operacion><sfR:EstadoRegistro>Incorrecto</sfR:EstadoRegistro><sfR:CodigoErrorRegistro>1100</sfR:CodigoErrorRegistro><sfR:DescripcionErrorRegistro>Valor o tipo incorrecto del campo: TipoImpositivo</sfR:DescripcionErrorRegistro></sfR:RespuestaLinea>` +
    `<sfR:RespuestaLinea>${idf('F-2027/0001')}<sfR:Operacion><sf:TipoOperacion>Anulacion</sf:TipoOperacion></sfR:Operacion><sfR:RefExterna>rec-9</sfR:RefExterna><sfR:EstadoRegistro>Incorrecto</sfR:EstadoRegistro><sfR:CodigoErrorRegistro>3000</sfR:CodigoErrorRegistro><sfR:DescripcionErrorRegistro>Registro de facturación duplicado.</sfR:DescripcionErrorRegistro>` +
    '<sfR:RegistroDuplicado><sf:IdPeticionRegistroDuplicado>202701151030000001</sf:IdPeticionRegistroDuplicado><sf:EstadoRegistroDuplicado>AceptadaConErrores</sf:EstadoRegistroDuplicado><sf:CodigoErrorRegistro>2000</sf:CodigoErrorRegistro><sf:DescripcionErrorRegistro>Huella incorrecta</sf:DescripcionErrorRegistro></sfR:RegistroDuplicado></sfR:RespuestaLinea>',
);

const incorrecto = respuesta(
  `${cabeceraEcho}<sfR:TiempoEsperaEnvio>60</sfR:TiempoEsperaEnvio><sfR:EstadoEnvio>Incorrecto</sfR:EstadoEnvio>` +
    `<sfR:RespuestaLinea>${idf('F-2027/0004')}<sfR:Operacion><sf:TipoOperacion>Alta</sf:TipoOperacion></sfR:Operacion><sfR:EstadoRegistro>Incorrecto</sfR:EstadoRegistro><sfR:CodigoErrorRegistro>1104</sfR:CodigoErrorRegistro><sfR:DescripcionErrorRegistro>NumSerieFactura no válido</sfR:DescripcionErrorRegistro></sfR:RespuestaLinea>`,
);

const fault = (code: string, text: string) =>
  `<env:Envelope xmlns:env="${NS.soapenv}"><env:Body><env:Fault><faultcode>${code}</faultcode><faultstring>${text}</faultstring><detail><callstack>x</callstack></detail></env:Fault></env:Body></env:Envelope>`;

describe('parseRegFactuResponse', () => {
  it('the hand-written responses are valid against RespuestaSuministro.xsd', async () => {
    for (const xml of [correcto, parcial, incorrecto]) await expectValid(xml, 'RespuestaSuministro');
  });

  it('parses Correcto with CSV, DatosPresentacion and TiempoEsperaEnvio (inside a SOAP envelope)', () => {
    expect(parseRegFactuResponse(wrapSoap(correcto))).toEqual({
      kind: 'response',
      csv: 'A-YDSW8NLFLANWPM',
      estadoEnvio: 'Correcto',
      tiempoEsperaEnvio: 60,
      presentacion: { nif: 'B12345674', timestamp: '2027-01-15T10:30:05+01:00' },
      lines: [
        {
          idFactura: { nif: 'B12345674', numSerie: 'F-2027/0001', fecha: '15-01-2027' },
          tipoOperacion: 'Alta',
          refExterna: 'rec-1',
          estadoRegistro: 'Correcto',
          code: null,
          message: null,
          duplicado: null,
        },
      ],
    });
  });

  it('parses ParcialmenteCorrecto with AceptadoConErrores, Incorrecto and a duplicate', () => {
    const r = parseRegFactuResponse(wrapSoap(parcial));
    if (r.kind !== 'response') throw new Error('expected a response');
    expect(r.estadoEnvio).toBe('ParcialmenteCorrecto');
    expect(r.tiempoEsperaEnvio).toBe(120);
    expect(r.lines).toHaveLength(3);
    expect(r.lines[0]).toMatchObject({
      estadoRegistro: 'AceptadoConErrores',
      code: '2000',
      message: 'El cálculo de la huella suministrada es incorrecta & revisar',
      refExterna: null,
      duplicado: null,
    });
    expect(r.lines[1]).toMatchObject({
      idFactura: { numSerie: 'F-2027/0003' },
      subsanacion: 'S',
      rechazoPrevio: 'X',
      estadoRegistro: 'Incorrecto',
      code: '1100',
    });
    expect(r.lines[2]).toEqual({
      idFactura: { nif: 'B12345674', numSerie: 'F-2027/0001', fecha: '15-01-2027' },
      tipoOperacion: 'Anulacion',
      refExterna: 'rec-9',
      estadoRegistro: 'Incorrecto',
      code: '3000',
      message: 'Registro de facturación duplicado.',
      duplicado: {
        idPeticion: '202701151030000001',
        estado: 'AceptadaConErrores',
        code: '2000',
        message: 'Huella incorrecta',
      },
    });
  });

  it('parses Incorrecto without CSV nor DatosPresentacion, also as a bare message', () => {
    const r = parseRegFactuResponse(incorrecto);
    expect(r).toMatchObject({ kind: 'response', csv: null, presentacion: null, estadoEnvio: 'Incorrecto' });
  });

  it('decodes character references in texts', () => {
    const r = parseRegFactuResponse(
      parcial.replace('TipoImpositivo</sfR:', 'Tipo&#241;o &#xF1; &lt;x&gt;</sfR:'),
    );
    expect(r.kind === 'response' && r.lines[1]?.message).toBe(
      'Valor o tipo incorrecto del campo: Tipoño ñ <x>',
    );
  });

  it('keeps codes with leading zeros as strings', () => {
    const r = parseRegFactuResponse(
      parcial.replace('<sfR:CodigoErrorRegistro>1100<', '<sfR:CodigoErrorRegistro>0001<'),
    );
    expect(r.kind === 'response' && r.lines[1]?.code).toBe('0001');
  });

  it('parses SOAP faults: Client with Codigo[4102], Server without code', () => {
    expect(
      parseRegFactuResponse(
        fault(
          'env:Client',
          'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: Cabecera',
        ),
      ),
    ).toEqual({
      kind: 'fault',
      faultcode: 'Client',
      faultstring: 'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: Cabecera',
      code: '4102',
    });
    expect(parseRegFactuResponse(fault('soapenv:Server', 'Error interno del servidor'))).toEqual({
      kind: 'fault',
      faultcode: 'Server',
      faultstring: 'Error interno del servidor',
      code: null,
    });
  });

  it.each([
    ['empty', ''],
    ['html', '<html><body>502 Bad Gateway</body></html>'],
    ['truncated', wrapSoap(correcto).slice(0, 300)],
    ['plain text', 'Service Unavailable'],
    ['unknown EstadoEnvio', correcto.replace('>Correcto</sfR:EstadoEnvio>', '>Raro</sfR:EstadoEnvio>')],
    ['line without IDFactura', correcto.replace(idf('F-2027/0001'), '')],
  ])('throws "%s" as unreadable', (_name, xml) => {
    expect(() => parseRegFactuResponse(xml)).toThrow(UNREADABLE_RESPONSE);
  });
});

// --- consulta ------------------------------------------------------------------------------------

describe('buildConsultaXml', () => {
  const obligado = { name: 'Ejemplo Gestoria SL', nif: 'B12345674' };

  it('builds the minimal query by period, valid against ConsultaLR.xsd', async () => {
    const xml = buildConsultaXml({ obligado, ejercicio: '2027', periodo: '01' });
    expect(xml).toBe(
      `<sfLRC:ConsultaFactuSistemaFacturacion xmlns:sfLRC="${NS.sfLRC}" xmlns:sf="${NS.sf}">` +
        '<sfLRC:Cabecera><sf:IDVersion>1.0</sf:IDVersion><sf:ObligadoEmision><sf:NombreRazon>Ejemplo Gestoria SL</sf:NombreRazon><sf:NIF>B12345674</sf:NIF></sf:ObligadoEmision></sfLRC:Cabecera>' +
        '<sfLRC:FiltroConsulta><sfLRC:PeriodoImputacion><sf:Ejercicio>2027</sf:Ejercicio><sf:Periodo>01</sf:Periodo></sfLRC:PeriodoImputacion></sfLRC:FiltroConsulta>' +
        '</sfLRC:ConsultaFactuSistemaFacturacion>',
    );
    await expectValid(xml, 'ConsultaLR');
  });

  it('builds a query with every filter, valid against ConsultaLR.xsd', async () => {
    for (const fechaExpedicion of ['15-01-2027', { desde: '01-01-2027', hasta: '31-01-2027' }]) {
      const xml = buildConsultaXml({
        obligado: { name: 'A & B SL', nif: 'B12345674' },
        ejercicio: '2027',
        periodo: '12',
        numSerie: 'F-2027/0001',
        fechaExpedicion,
        refExterna: 'rec-1',
        clavePaginacion: {
          IDEmisorFactura: 'B12345674',
          NumSerieFactura: 'F-2027/0999',
          FechaExpedicionFactura: '31-12-2027',
        },
        indicadorRepresentante: true,
        mostrarNombreRazonEmisor: true,
        mostrarSistemaInformatico: true,
      });
      await expectValid(xml, 'ConsultaLR');
    }
  });

  it('rejects a bad period', () => {
    expect(() => buildConsultaXml({ obligado, ejercicio: '2027', periodo: '13' })).toThrow();
    expect(() => buildConsultaXml({ obligado, ejercicio: '27', periodo: '01' })).toThrow();
  });
});

const respuestaConsulta = (inner: string, paginacion = 'N', resultado = 'ConDatos') =>
  `<sfLRRC:RespuestaConsultaFactuSistemaFacturacion xmlns:sfLRRC="${NS.sfLRRC}" xmlns:sf="${NS.sf}">` +
  '<sfLRRC:Cabecera><sf:IDVersion>1.0</sf:IDVersion><sf:ObligadoEmision><sf:NombreRazon>Ejemplo Gestoria SL</sf:NombreRazon><sf:NIF>B12345674</sf:NIF></sf:ObligadoEmision></sfLRRC:Cabecera>' +
  '<sfLRRC:PeriodoImputacion><sfLRRC:Ejercicio>2027</sfLRRC:Ejercicio><sfLRRC:Periodo>01</sfLRRC:Periodo></sfLRRC:PeriodoImputacion>' +
  `<sfLRRC:IndicadorPaginacion>${paginacion}</sfLRRC:IndicadorPaginacion><sfLRRC:ResultadoConsulta>${resultado}</sfLRRC:ResultadoConsulta>` +
  inner +
  '</sfLRRC:RespuestaConsultaFactuSistemaFacturacion>';

const registroConsulta = (num: string, estado: string, extra = '') =>
  '<sfLRRC:RegistroRespuestaConsultaFactuSistemaFacturacion>' +
  `<sfLRRC:IDFactura><sf:IDEmisorFactura>B12345674</sf:IDEmisorFactura><sf:NumSerieFactura>${num}</sf:NumSerieFactura><sf:FechaExpedicionFactura>15-01-2027</sf:FechaExpedicionFactura></sfLRRC:IDFactura>` +
  `<sfLRRC:DatosRegistroFacturacion><sfLRRC:RefExterna>rec-1</sfLRRC:RefExterna><sfLRRC:TipoFactura>F1</sfLRRC:TipoFactura><sfLRRC:FechaHoraHusoGenRegistro>2027-01-15T10:30:00+01:00</sfLRRC:FechaHoraHusoGenRegistro><sfLRRC:TipoHuella>01</sfLRRC:TipoHuella><sfLRRC:Huella>${H2}</sfLRRC:Huella></sfLRRC:DatosRegistroFacturacion>` +
  '<sfLRRC:DatosPresentacion><sf:NIFPresentador>B12345674</sf:NIFPresentador><sf:TimestampPresentacion>2027-01-15T10:30:05+01:00</sf:TimestampPresentacion><sf:IdPeticion>202701151030000001</sf:IdPeticion></sfLRRC:DatosPresentacion>' +
  `<sfLRRC:EstadoRegistro><sfLRRC:TimestampUltimaModificacion>2027-01-15T10:30:05+01:00</sfLRRC:TimestampUltimaModificacion><sfLRRC:EstadoRegistro>${estado}</sfLRRC:EstadoRegistro>${extra}</sfLRRC:EstadoRegistro>` +
  '</sfLRRC:RegistroRespuestaConsultaFactuSistemaFacturacion>';

describe('parseConsultaResponse', () => {
  const conDatos = respuestaConsulta(
    registroConsulta('F-2027/0001', 'Correcto') +
      registroConsulta(
        'F-2027/0002',
        'AceptadoConErrores',
        '<sfLRRC:CodigoErrorRegistro>2000</sfLRRC:CodigoErrorRegistro><sfLRRC:DescripcionErrorRegistro>Huella incorrecta</sfLRRC:DescripcionErrorRegistro>',
      ) +
      '<sfLRRC:ClavePaginacion><sf:IDEmisorFactura>B12345674</sf:IDEmisorFactura><sf:NumSerieFactura>F-2027/0002</sf:NumSerieFactura><sf:FechaExpedicionFactura>15-01-2027</sf:FechaExpedicionFactura></sfLRRC:ClavePaginacion>',
    'S',
  );
  const sinDatos = respuestaConsulta('', 'N', 'SinDatos');

  it('the hand-written answers are valid against RespuestaConsultaLR.xsd', async () => {
    await expectValid(conDatos, 'RespuestaConsultaLR');
    await expectValid(sinDatos, 'RespuestaConsultaLR');
  });

  it('parses ConDatos with pagination', () => {
    expect(parseConsultaResponse(wrapSoap(conDatos))).toEqual({
      kind: 'response',
      resultado: 'ConDatos',
      paginacion: true,
      clavePaginacion: {
        IDEmisorFactura: 'B12345674',
        NumSerieFactura: 'F-2027/0002',
        FechaExpedicionFactura: '15-01-2027',
      },
      records: [
        {
          idFactura: { nif: 'B12345674', numSerie: 'F-2027/0001', fecha: '15-01-2027' },
          estadoRegistro: 'Correcto',
          code: null,
          message: null,
          huella: H2,
          timestamp: '2027-01-15T10:30:00+01:00',
          lastModified: '2027-01-15T10:30:05+01:00',
          refExterna: 'rec-1',
          tipoFactura: 'F1',
          idPeticion: '202701151030000001',
        },
        expect.objectContaining({
          estadoRegistro: 'AceptadoConErrores',
          code: '2000',
          message: 'Huella incorrecta',
        }),
      ],
    });
  });

  it('parses SinDatos', () => {
    expect(parseConsultaResponse(wrapSoap(sinDatos))).toEqual({
      kind: 'response',
      resultado: 'SinDatos',
      paginacion: false,
      clavePaginacion: null,
      records: [],
    });
  });

  it('parses faults and throws on garbage', () => {
    expect(parseConsultaResponse(fault('soapenv:Client', 'Codigo[4104].NIF no identificado'))).toMatchObject({
      kind: 'fault',
      faultcode: 'Client',
      code: '4104',
    });
    expect(() => parseConsultaResponse('<<<')).toThrow(UNREADABLE_RESPONSE);
    expect(() => parseConsultaResponse(wrapSoap(correcto))).toThrow(UNREADABLE_RESPONSE);
  });
});
