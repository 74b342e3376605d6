import { describe, expect, it } from 'vitest';
import { buildConsultaXml, type SiiConsultaQuery } from './consulta';
import { SiiRecordError } from './format';
import { SII_SERVICES } from './services';
import {
  collection,
  header,
  headerWithRepresentative,
  intraEu,
  investment,
  issuedDomestic,
  payment,
  receivedDomestic,
  receivedIntraEu,
  TITULAR_NIF,
} from './testing/records';
import { validateSiiXml } from './xsd';

const NS_LRC =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/ConsultaLR.xsd';
const NS_SII =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/SuministroInformacion.xsd';

const january = { year: 2027, period: '01' };

const expectValid = async (xml: string) => {
  expect(await validateSiiXml(xml, 'ConsultaLR')).toEqual({ valid: true, errors: [] });
};

const refusal = (build: () => unknown): string => {
  try {
    build();
  } catch (e) {
    if (e instanceof SiiRecordError) return e.problem;
    throw e;
  }
  throw new Error('expected a SiiRecordError');
};

/** One valid query per service, as the sender asks about one record. */
const oneRecordQueries: Record<(typeof SII_SERVICES)[number], SiiConsultaQuery> = {
  FE: { period: january, invoiceId: issuedDomestic().invoiceId },
  FR: {
    period: january,
    invoiceId: receivedDomestic().invoiceId,
    counterparty: receivedDomestic().counterparty,
  },
  BI: {
    period: { year: 2027, period: '0A' },
    invoiceId: investment().invoiceId,
    issuerName: investment().issuerName,
    goodIdentification: investment().goodIdentification,
  },
  OI: { period: january, invoiceId: intraEu().invoiceId, counterparty: intraEu().counterparty },
  COBROS: { period: january, invoiceId: collection().invoiceId },
  PAGOS: { period: january, invoiceId: payment().invoiceId, issuerName: payment().issuerName ?? null },
};

describe('buildConsultaXml', () => {
  it.each(SII_SERVICES)('%s: a query about one record validates against ConsultaLR.xsd', async (service) => {
    await expectValid(buildConsultaXml(service, header, oneRecordQueries[service]));
  });

  it.each(['FE', 'FR', 'BI', 'OI'] as const)('%s: a whole period validates', async (service) => {
    await expectValid(buildConsultaXml(service, header, { period: january }));
  });

  it('writes the FE query: titular only (no representative in CabeceraConsultaSii), period, number and date', async () => {
    const xml = buildConsultaXml('FE', headerWithRepresentative, oneRecordQueries.FE);
    expect(xml).toBe(
      `<siiLRC:ConsultaLRFacturasEmitidas xmlns:siiLRC="${NS_LRC}" xmlns:sii="${NS_SII}">` +
        '<sii:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii><sii:Titular><sii:NombreRazon>Ejemplo Gestoría &amp; Asociados SL</sii:NombreRazon><sii:NIF>B12345674</sii:NIF></sii:Titular></sii:Cabecera>' +
        '<siiLRC:FiltroConsulta><sii:PeriodoLiquidacion><sii:Ejercicio>2027</sii:Ejercicio><sii:Periodo>01</sii:Periodo></sii:PeriodoLiquidacion>' +
        '<siiLRC:IDFactura><sii:NumSerieFacturaEmisor>F-2027/0001</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>15-01-2027</sii:FechaExpedicionFacturaEmisor></siiLRC:IDFactura>' +
        '</siiLRC:FiltroConsulta></siiLRC:ConsultaLRFacturasEmitidas>',
    );
    await expectValid(xml);
  });

  it('filters FE by customer and continues from a pagination key', async () => {
    const xml = buildConsultaXml('FE', header, {
      period: january,
      counterparty: issuedDomestic().counterparty,
      paginationKey: {
        kind: 'INVOICE',
        invoiceId: issuedDomestic().invoiceId,
        issuerName: null,
        goodIdentification: null,
      },
    });
    expect(xml).toContain(
      '<siiLRC:Contraparte><sii:NombreRazon>Cliente Industrial SA</sii:NombreRazon><sii:NIF>A87654321</sii:NIF></siiLRC:Contraparte>' +
        `<siiLRC:ClavePaginacion><sii:IDEmisorFactura><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:IDEmisorFactura>`,
    );
    await expectValid(xml);
  });

  it('names the issuer of a received invoice when known, else filters by number and date', async () => {
    const named = buildConsultaXml('FR', header, oneRecordQueries.FR);
    expect(named).toContain(
      '<siiLRC:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon><sii:NIF>A11111111</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>PROV-889</sii:NumSerieFacturaEmisor>',
    );
    const foreign = buildConsultaXml('FR', header, {
      period: january,
      invoiceId: receivedIntraEu().invoiceId,
      counterparty: receivedIntraEu().counterparty,
    });
    expect(foreign).toContain(
      '<sii:NombreRazon>Software Gründer GmbH</sii:NombreRazon><sii:IDOtro><sii:CodigoPais>DE</sii:CodigoPais>',
    );
    await expectValid(foreign);
    const bare = buildConsultaXml('FR', header, { period: january, invoiceId: receivedDomestic().invoiceId });
    expect(bare).toContain(
      '<siiLRC:IDFactura><sii:NumSerieFacturaEmisor>PROV-889</sii:NumSerieFacturaEmisor>',
    );
    expect(bare).not.toContain('IDEmisorFactura');
    await expectValid(bare);
  });

  it('pages FR, BI and OI with the issuer name (and the good for BI)', async () => {
    const key = {
      kind: 'INVOICE' as const,
      invoiceId: receivedDomestic().invoiceId,
      issuerName: 'Suministros del Norte SA',
      goodIdentification: null,
    };
    const fr = buildConsultaXml('FR', header, { period: january, paginationKey: key });
    expect(fr).toContain(
      '<siiLRC:ClavePaginacion><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon>',
    );
    await expectValid(fr);
    const oi = buildConsultaXml('OI', header, { period: january, paginationKey: key });
    await expectValid(oi);
    const bi = buildConsultaXml('BI', header, {
      period: { year: 2027, period: '0A' },
      goodIdentification: 'Torno',
      paginationKey: { ...key, goodIdentification: 'Torno CNC nº serie 4411' },
    });
    expect(bi).toContain(
      '<siiLRC:IdentificacionBien>Torno</siiLRC:IdentificacionBien><siiLRC:ClavePaginacion>',
    );
    expect(bi).toContain(
      '<sii:IdentificacionBien>Torno CNC nº serie 4411</sii:IdentificacionBien></siiLRC:ClavePaginacion>',
    );
    await expectValid(bi);
    expect(refusal(() => buildConsultaXml('BI', header, { period: january, paginationKey: key }))).toBe(
      'La clave de paginación de bienes de inversión necesita IdentificacionBien.',
    );
    expect(
      refusal(() =>
        buildConsultaXml('FR', header, { period: january, paginationKey: { ...key, issuerName: null } }),
      ),
    ).toBe('La clave de paginación del servicio FR necesita el nombre del emisor.');
  });

  it('asks cobros and pagos per invoice, paging with the number the AEAT gave', async () => {
    const cobros = buildConsultaXml('COBROS', header, {
      ...oneRecordQueries.COBROS,
      paginationKey: { kind: 'NUMBER', value: '2.0' },
    });
    expect(cobros).toContain(
      `<siiLRC:FiltroConsultaCobros><siiLRC:IDFactura><sii:IDEmisorFactura><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>F-2027/0001</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>15-01-2027</sii:FechaExpedicionFacturaEmisor></siiLRC:IDFactura><siiLRC:ClavePaginacion>2.0</siiLRC:ClavePaginacion></siiLRC:FiltroConsultaCobros>`,
    );
    expect(cobros).not.toContain('PeriodoLiquidacion');
    await expectValid(cobros);
    const pagos = buildConsultaXml('PAGOS', header, oneRecordQueries.PAGOS);
    expect(pagos.startsWith('<siiLRC:ConsultaPagos ')).toBe(true);
    expect(pagos).toContain(
      '<siiLRC:FiltroConsultaPagos><siiLRC:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon>',
    );
    await expectValid(pagos);
  });

  it('refuses queries the schema cannot express', () => {
    expect(refusal(() => buildConsultaXml('COBROS', header, { period: january }))).toBe(
      'La consulta de cobros es de una factura: falta IDFactura.',
    );
    expect(
      refusal(() => buildConsultaXml('PAGOS', header, { period: january, invoiceId: payment().invoiceId })),
    ).toMatch(/necesita el nombre del proveedor/);
    expect(
      refusal(() =>
        buildConsultaXml('FE', header, { period: january, paginationKey: { kind: 'NUMBER', value: '1' } }),
      ),
    ).toBe('La clave de paginación del servicio FE es una factura, no un número.');
    expect(
      refusal(() =>
        buildConsultaXml('COBROS', header, {
          ...oneRecordQueries.COBROS,
          paginationKey: { kind: 'NUMBER', value: '1; DROP' },
        }),
      ),
    ).toBe('La clave de paginación no es un número (1; DROP).');
    expect(
      refusal(() =>
        buildConsultaXml('FE', header, { period: january, invoiceId: receivedDomestic().invoiceId }),
      ),
    ).toBe('Una consulta de facturas expedidas solo busca facturas del titular.');
    expect(refusal(() => buildConsultaXml('FE', header, { period: { year: 2027, period: '00' } }))).toBe(
      'El periodo de liquidación no es válido (00).',
    );
  });
});
