import type { SiiRecord } from '@shared/schemas/sii';
import { describe, expect, it } from 'vitest';
import { SiiRecordError } from './format';
import { buildAnulacionXml, buildSuministroXml, recordKey, siiRecordProblem } from './suministro';
import {
  collection,
  header,
  headerWithRepresentative,
  intraEu,
  investment,
  issuedDomestic,
  issuedExport,
  issuedForeign,
  issuedMixedReverseCharge,
  issuedNotSubject,
  issuedOperationSubject,
  issuedRecargo,
  issuedRectDifferences,
  issuedRectSubstitution,
  issuedReverseCharge,
  issuedSimplified,
  payment,
  receivedDomestic,
  receivedImport,
  receivedIntraEu,
  receivedInvestmentGood,
  receivedMixed,
  TITULAR_NIF,
} from './testing/records';
import { validateSiiXml } from './xsd';

const NS_LR =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/SuministroLR.xsd';
const NS_SII =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/SuministroInformacion.xsd';

const expectValid = async (xml: string) => {
  expect(await validateSiiXml(xml, 'SuministroLR')).toEqual({ valid: true, errors: [] });
};

/** The refusal of a builder call, as { index, problem }. */
const refusal = (build: () => unknown): { index: number | null; problem: string } => {
  try {
    build();
  } catch (e) {
    if (e instanceof SiiRecordError) return { index: e.index, problem: e.problem };
    throw e;
  }
  throw new Error('expected a SiiRecordError');
};

const issuedAll = [
  issuedDomestic(),
  issuedRecargo(),
  issuedForeign(),
  issuedOperationSubject(),
  issuedReverseCharge(),
  issuedNotSubject(),
  issuedExport(),
  issuedMixedReverseCharge(),
  issuedRectSubstitution(),
  issuedRectDifferences(),
  issuedSimplified(),
];
const receivedAll = [
  receivedDomestic(),
  receivedIntraEu(),
  receivedMixed(),
  receivedImport(),
  receivedInvestmentGood(),
];

describe('buildSuministroXml: every service validates against SuministroLR.xsd', () => {
  it.each([
    ['FE', issuedAll],
    ['FR', receivedAll],
    [
      'BI',
      [investment(), investment({ goodIdentification: 'Carretilla elevadora', annualAdjustmentCents: null })],
    ],
    ['OI', [intraEu()]],
  ] as const)('%s, A0 and A1', async (service, records) => {
    for (const operation of ['A0', 'A1'] as const) {
      const xml = buildSuministroXml(service, header, operation, records as readonly SiiRecord[]);
      await expectValid(xml);
      expect(xml).toContain(`<sii:TipoComunicacion>${operation}</sii:TipoComunicacion>`);
    }
  });

  it.each([
    ['COBROS', collection(), 'SuministroLRCobrosEmitidas', 'RegistroLRCobros'],
    ['PAGOS', payment(), 'SuministroLRPagosRecibidas', 'RegistroLRPagos'],
  ] as const)(
    '%s (alta only: no TipoComunicacion in CabeceraSiiCobrosPagos)',
    async (service, record, root, registro) => {
      const xml = buildSuministroXml(service, header, 'A0', [record]);
      await expectValid(xml);
      expect(xml.startsWith(`<siiLR:${root} xmlns:siiLR="${NS_LR}" xmlns:sii="${NS_SII}">`)).toBe(true);
      expect(xml).toContain(`<siiLR:${registro}>`);
      expect(xml).not.toContain('TipoComunicacion');
      expect(refusal(() => buildSuministroXml(service, header, 'A1', [record])).problem).toMatch(
        /solo se dan de alta: el SII no admite modificarlos \(A1\)/,
      );
    },
  );
});

describe('buildSuministroXml: content', () => {
  it('writes an FE record in XSD order: period, id, invoice type, keys, total, description, counterparty, breakdown', () => {
    const xml = buildSuministroXml('FE', header, 'A0', [issuedDomestic()]);
    expect(xml).toBe(
      `<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="${NS_LR}" xmlns:sii="${NS_SII}">` +
        '<sii:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>' +
        '<sii:Titular><sii:NombreRazon>Ejemplo Gestoría &amp; Asociados SL</sii:NombreRazon><sii:NIF>B12345674</sii:NIF></sii:Titular>' +
        '<sii:TipoComunicacion>A0</sii:TipoComunicacion></sii:Cabecera>' +
        '<siiLR:RegistroLRFacturasEmitidas>' +
        '<sii:PeriodoLiquidacion><sii:Ejercicio>2027</sii:Ejercicio><sii:Periodo>01</sii:Periodo></sii:PeriodoLiquidacion>' +
        '<siiLR:IDFactura><sii:IDEmisorFactura><sii:NIF>B12345674</sii:NIF></sii:IDEmisorFactura>' +
        '<sii:NumSerieFacturaEmisor>F-2027/0001</sii:NumSerieFacturaEmisor>' +
        '<sii:FechaExpedicionFacturaEmisor>15-01-2027</sii:FechaExpedicionFacturaEmisor></siiLR:IDFactura>' +
        '<siiLR:FacturaExpedida><sii:TipoFactura>F1</sii:TipoFactura>' +
        '<sii:ClaveRegimenEspecialOTrascendencia>01</sii:ClaveRegimenEspecialOTrascendencia>' +
        '<sii:ImporteTotal>1430.00</sii:ImporteTotal>' +
        '<sii:DescripcionOperacion>Servicios de asesoría fiscal &lt;enero&gt; &amp; &quot;otros&quot;</sii:DescripcionOperacion>' +
        '<sii:Contraparte><sii:NombreRazon>Cliente Industrial SA</sii:NombreRazon><sii:NIF>A87654321</sii:NIF></sii:Contraparte>' +
        '<sii:TipoDesglose><sii:DesgloseFactura><sii:Sujeta><sii:NoExenta><sii:TipoNoExenta>S1</sii:TipoNoExenta><sii:DesgloseIVA>' +
        '<sii:DetalleIVA><sii:TipoImpositivo>21.00</sii:TipoImpositivo><sii:BaseImponible>1000.00</sii:BaseImponible><sii:CuotaRepercutida>210.00</sii:CuotaRepercutida></sii:DetalleIVA>' +
        '<sii:DetalleIVA><sii:TipoImpositivo>10.00</sii:TipoImpositivo><sii:BaseImponible>200.00</sii:BaseImponible><sii:CuotaRepercutida>20.00</sii:CuotaRepercutida></sii:DetalleIVA>' +
        '</sii:DesgloseIVA></sii:NoExenta></sii:Sujeta></sii:DesgloseFactura></sii:TipoDesglose>' +
        '</siiLR:FacturaExpedida></siiLR:RegistroLRFacturasEmitidas></siiLR:SuministroLRFacturasEmitidas>',
    );
  });

  it('puts the representative as Titular/NIFRepresentante, between NombreRazon and NIF', async () => {
    const xml = buildSuministroXml('FE', headerWithRepresentative, 'A0', [issuedDomestic()]);
    expect(xml).toContain(
      `<sii:NombreRazon>Ejemplo Gestoría &amp; Asociados SL</sii:NombreRazon><sii:NIFRepresentante>B87654321</sii:NIFRepresentante><sii:NIF>${TITULAR_NIF}</sii:NIF>`,
    );
    await expectValid(xml);
  });

  it('writes recargo de equivalencia after the VAT of its rate', () => {
    const xml = buildSuministroXml('FE', header, 'A0', [issuedRecargo()]);
    expect(xml).toContain(
      '<sii:CuotaRepercutida>21.00</sii:CuotaRepercutida><sii:TipoRecargoEquivalencia>5.20</sii:TipoRecargoEquivalencia><sii:CuotaRecargoEquivalencia>5.20</sii:CuotaRecargoEquivalencia>',
    );
  });

  it('writes DesgloseTipoOperacion: services not subject (location rules), goods exempt E5, foreign IDOtro', () => {
    const xml = buildSuministroXml('FE', header, 'A0', [issuedForeign()]);
    expect(xml).toContain('<sii:FechaOperacion>18-01-2027</sii:FechaOperacion>');
    expect(xml).toContain(
      '<sii:Contraparte><sii:NombreRazon>Société Lyonnaise SARL</sii:NombreRazon><sii:IDOtro><sii:CodigoPais>FR</sii:CodigoPais><sii:IDType>02</sii:IDType><sii:ID>FR12345678901</sii:ID></sii:IDOtro></sii:Contraparte>',
    );
    expect(xml).toContain(
      '<sii:TipoDesglose><sii:DesgloseTipoOperacion>' +
        '<sii:PrestacionServicios><sii:NoSujeta><sii:ImporteTAIReglasLocalizacion>500.00</sii:ImporteTAIReglasLocalizacion></sii:NoSujeta></sii:PrestacionServicios>' +
        '<sii:Entrega><sii:Sujeta><sii:Exenta><sii:DetalleExenta><sii:CausaExencion>E5</sii:CausaExencion><sii:BaseImponible>1200.00</sii:BaseImponible></sii:DetalleExenta></sii:Exenta></sii:Sujeta></sii:Entrega>' +
        '</sii:DesgloseTipoOperacion></sii:TipoDesglose>',
    );
  });

  it('writes S2 (ISP, issued side), exempt + not subject (arts. 7/14) and exports (E2, clave 02)', () => {
    const isp = buildSuministroXml('FE', header, 'A0', [issuedReverseCharge()]);
    expect(isp).toContain(
      '<sii:TipoNoExenta>S2</sii:TipoNoExenta><sii:DesgloseIVA><sii:DetalleIVA><sii:TipoImpositivo>0.00</sii:TipoImpositivo><sii:BaseImponible>5000.00</sii:BaseImponible><sii:CuotaRepercutida>0.00</sii:CuotaRepercutida>',
    );
    const notSubject = buildSuministroXml('FE', header, 'A0', [issuedNotSubject()]);
    expect(notSubject).toContain(
      '<sii:DesgloseFactura><sii:Sujeta><sii:Exenta><sii:DetalleExenta><sii:CausaExencion>E1</sii:CausaExencion><sii:BaseImponible>300.00</sii:BaseImponible></sii:DetalleExenta></sii:Exenta></sii:Sujeta>' +
        '<sii:NoSujeta><sii:ImportePorArticulos7_14_Otros>500.00</sii:ImportePorArticulos7_14_Otros></sii:NoSujeta></sii:DesgloseFactura>',
    );
    const exp = buildSuministroXml('FE', header, 'A0', [issuedExport()]);
    expect(exp).toContain(
      '<sii:ClaveRegimenEspecialOTrascendencia>02</sii:ClaveRegimenEspecialOTrascendencia>',
    );
    expect(exp).toContain('<sii:CausaExencion>E2</sii:CausaExencion>');
    expect(exp).not.toContain('PrestacionServicios');
  });

  it('writes S3: the DetalleIVA without ISP, then those with ISP, in one DesgloseIVA', () => {
    const xml = buildSuministroXml('FE', header, 'A0', [issuedMixedReverseCharge()]);
    expect(xml).toContain(
      '<sii:NoExenta><sii:TipoNoExenta>S3</sii:TipoNoExenta><sii:DesgloseIVA>' +
        '<sii:DetalleIVA><sii:TipoImpositivo>21.00</sii:TipoImpositivo><sii:BaseImponible>100.00</sii:BaseImponible><sii:CuotaRepercutida>21.00</sii:CuotaRepercutida></sii:DetalleIVA>' +
        '<sii:DetalleIVA><sii:TipoImpositivo>0.00</sii:TipoImpositivo><sii:BaseImponible>400.00</sii:BaseImponible><sii:CuotaRepercutida>0.00</sii:CuotaRepercutida></sii:DetalleIVA>' +
        '</sii:DesgloseIVA></sii:NoExenta>',
    );
  });

  it('writes a rectificativa por sustitución with ImporteRectificacion and one por diferencias without', () => {
    const s = buildSuministroXml('FE', header, 'A0', [issuedRectSubstitution()]);
    expect(s).toContain(
      '<sii:TipoFactura>R1</sii:TipoFactura><sii:TipoRectificativa>S</sii:TipoRectificativa>' +
        '<sii:FacturasRectificadas><sii:IDFacturaRectificada><sii:NumSerieFacturaEmisor>F-2027/0001</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>15-01-2027</sii:FechaExpedicionFacturaEmisor></sii:IDFacturaRectificada></sii:FacturasRectificadas>' +
        '<sii:ImporteRectificacion><sii:BaseRectificada>1000.00</sii:BaseRectificada><sii:CuotaRectificada>210.00</sii:CuotaRectificada></sii:ImporteRectificacion>' +
        '<sii:ClaveRegimenEspecialOTrascendencia>01</sii:ClaveRegimenEspecialOTrascendencia>',
    );
    const i = buildSuministroXml('FE', header, 'A0', [issuedRectDifferences()]);
    expect(i).toContain(
      '<sii:TipoFactura>R4</sii:TipoFactura><sii:TipoRectificativa>I</sii:TipoRectificativa>',
    );
    expect(i.match(/<sii:IDFacturaRectificada>/g)).toHaveLength(2);
    expect(i).not.toContain('ImporteRectificacion');
    expect(i).toContain('<sii:ImporteTotal>-121.00</sii:ImporteTotal>');
    expect(i).toContain(
      '<sii:BaseImponible>-100.00</sii:BaseImponible><sii:CuotaRepercutida>-21.00</sii:CuotaRepercutida>',
    );
  });

  it('leaves Contraparte out of a simplified invoice without a customer', () => {
    const xml = buildSuministroXml('FE', header, 'A0', [issuedSimplified()]);
    expect(xml).toContain('<sii:TipoFactura>F2</sii:TipoFactura>');
    expect(xml).not.toContain('Contraparte');
  });

  it('writes additional regime keys and Macrodato for invoices of 100 M€ or more', async () => {
    const big = issuedDomestic({
      regimeKeys: ['01', '07', '16'],
      totalCents: 121_000_000_00,
      breakdown: {
        kind: 'INVOICE',
        invoice: {
          notExempt: {
            type: 'S1',
            details: [{ rateBp: 2100, baseCents: 100_000_000_00, vatCents: 21_000_000_00 }],
          },
          exempt: [],
          notSubjectArt7_14Cents: 0,
          notSubjectLocationCents: 0,
        },
      },
    });
    const xml = buildSuministroXml('FE', header, 'A1', [big]);
    expect(xml).toContain(
      '<sii:ClaveRegimenEspecialOTrascendencia>01</sii:ClaveRegimenEspecialOTrascendencia><sii:ClaveRegimenEspecialOTrascendenciaAdicional1>07</sii:ClaveRegimenEspecialOTrascendenciaAdicional1><sii:ClaveRegimenEspecialOTrascendenciaAdicional2>16</sii:ClaveRegimenEspecialOTrascendenciaAdicional2>',
    );
    expect(xml).toContain('<sii:ImporteTotal>121000000.00</sii:ImporteTotal>');
    expect(xml).toContain('<sii:Macrodato>S</sii:Macrodato><sii:Contraparte>');
    expect(buildSuministroXml('FE', header, 'A0', [issuedDomestic()])).not.toContain('Macrodato');
    await expectValid(xml);
  });

  it('writes FR with InversionSujetoPasivo before DesgloseIVA, then Contraparte, FechaRegContable, CuotaDeducible', () => {
    const isp = buildSuministroXml('FR', header, 'A0', [receivedIntraEu()]);
    expect(isp).toContain(
      '<siiLR:IDFactura><sii:IDEmisorFactura><sii:IDOtro><sii:CodigoPais>DE</sii:CodigoPais><sii:IDType>02</sii:IDType><sii:ID>DE123456789</sii:ID></sii:IDOtro></sii:IDEmisorFactura>',
    );
    expect(isp).toContain(
      '<sii:DesgloseFactura><sii:InversionSujetoPasivo><sii:DetalleIVA><sii:TipoImpositivo>21.00</sii:TipoImpositivo><sii:BaseImponible>500.00</sii:BaseImponible><sii:CuotaSoportada>105.00</sii:CuotaSoportada></sii:DetalleIVA></sii:InversionSujetoPasivo></sii:DesgloseFactura>' +
        '<sii:Contraparte><sii:NombreRazon>Software Gründer GmbH</sii:NombreRazon>',
    );
    expect(isp).toContain(
      '</sii:Contraparte><sii:FechaRegContable>12-01-2027</sii:FechaRegContable><sii:CuotaDeducible>105.00</sii:CuotaDeducible></siiLR:FacturaRecibida>',
    );
    const mixed = buildSuministroXml('FR', header, 'A0', [receivedMixed()]);
    expect(mixed).toMatch(
      /<\/sii:InversionSujetoPasivo><sii:DesgloseIVA><sii:DetalleIVA>.*<sii:TipoRecargoEquivalencia>5.20<\/sii:TipoRecargoEquivalencia>/,
    );
    const f5 = buildSuministroXml('FR', header, 'A0', [receivedImport()]);
    expect(f5).toContain(
      `<sii:IDEmisorFactura><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>27ES00281110123456</sii:NumSerieFacturaEmisor>`,
    );
    expect(f5).toContain('<sii:TipoFactura>F5</sii:TipoFactura>');
  });

  it('marks investment goods in the received DetalleIVA (BienInversion, last)', () => {
    const xml = buildSuministroXml('FR', header, 'A0', [receivedInvestmentGood()]);
    expect(xml).toContain(
      '<sii:CuotaSoportada>4200.00</sii:CuotaSoportada><sii:BienInversion>S</sii:BienInversion></sii:DetalleIVA>',
    );
  });

  it('writes BI with the issuer name and the good, OI with Contraparte and the operation', () => {
    const bi = buildSuministroXml('BI', header, 'A0', [investment()]);
    expect(bi).toContain(
      '<sii:PeriodoLiquidacion><sii:Ejercicio>2027</sii:Ejercicio><sii:Periodo>0A</sii:Periodo></sii:PeriodoLiquidacion>' +
        '<siiLR:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon><sii:NIF>A11111111</sii:NIF></sii:IDEmisorFactura>',
    );
    expect(bi).toContain(
      '<siiLR:BienesInversion><sii:IdentificacionBien>Torno CNC nº serie 4411</sii:IdentificacionBien><sii:FechaInicioUtilizacion>15-03-2026</sii:FechaInicioUtilizacion><sii:ProrrataAnualDefinitiva>80.00</sii:ProrrataAnualDefinitiva><sii:RegularizacionAnualDeduccion>-150.00</sii:RegularizacionAnualDeduccion></siiLR:BienesInversion>',
    );
    const oi = buildSuministroXml('OI', header, 'A0', [intraEu()]);
    expect(oi).toContain(
      '<siiLR:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Société Lyonnaise SARL</sii:NombreRazon><sii:IDOtro>',
    );
    expect(oi).toContain(
      '<siiLR:OperacionIntracomunitaria><sii:TipoOperacion>A</sii:TipoOperacion><sii:ClaveDeclarado>R</sii:ClaveDeclarado><sii:EstadoMiembro>FR</sii:EstadoMiembro><sii:PlazoOperacion>90</sii:PlazoOperacion><sii:DescripcionBienes>Moldes de inyección para reparación</sii:DescripcionBienes><sii:DireccionOperador>12 Rue de la République, 69001 Lyon</sii:DireccionOperador><sii:FacturasODocumentacion>Albarán 2027/118</sii:FacturasODocumentacion></siiLR:OperacionIntracomunitaria>',
    );
  });

  it('names the issuer of a BI invoice issued by the titular after the titular when the record gives no name', async () => {
    const own = investment({
      invoiceId: { issuerNif: TITULAR_NIF, number: 'AUTO-1', issueDate: '2026-03-01' },
      issuerName: ' ',
    });
    const xml = buildSuministroXml('BI', header, 'A0', [own]);
    expect(xml).toContain(
      `<sii:NombreRazon>Ejemplo Gestoría &amp; Asociados SL</sii:NombreRazon><sii:NIF>${TITULAR_NIF}</sii:NIF>`,
    );
    await expectValid(xml);
  });

  it('writes cobros and pagos (amounts, medio, account only when given)', () => {
    const cobros = buildSuministroXml('COBROS', header, 'A0', [collection()]);
    expect(cobros).toContain(
      '<siiLR:Cobros><sii:Cobro><sii:Fecha>10-02-2027</sii:Fecha><sii:Importe>500.00</sii:Importe><sii:Medio>01</sii:Medio><sii:Cuenta_O_Medio>ES9121000418450200051332</sii:Cuenta_O_Medio></sii:Cobro>' +
        '<sii:Cobro><sii:Fecha>10-03-2027</sii:Fecha><sii:Importe>930.00</sii:Importe><sii:Medio>04</sii:Medio></sii:Cobro></siiLR:Cobros>',
    );
    const pagos = buildSuministroXml('PAGOS', header, 'A0', [payment()]);
    expect(pagos).toContain(
      '<siiLR:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon><sii:NIF>A11111111</sii:NIF></sii:IDEmisorFactura>',
    );
    expect(pagos).toContain(
      '<siiLR:Pagos><sii:Pago><sii:Fecha>01-02-2027</sii:Fecha><sii:Importe>143.00</sii:Importe><sii:Medio>02</sii:Medio>',
    );
  });
});

describe('buildSuministroXml: refusals (nothing the XSD or the answer matching would reject is written)', () => {
  it('refuses a text longer than its XSD maximum instead of cutting it', () => {
    const r = refusal(() =>
      buildSuministroXml('FE', header, 'A0', [
        issuedDomestic(),
        issuedDomestic({
          description: 'x'.repeat(501),
          invoiceId: { issuerNif: TITULAR_NIF, number: 'F-9', issueDate: '2027-01-15' },
        }),
      ]),
    );
    expect(r).toEqual({
      index: 1,
      problem: 'DescripcionOperacion admite como máximo 500 caracteres (tiene 501).',
    });
    // Exactly 500 characters (code points, 'ñ' included) is accepted.
    expect(() =>
      buildSuministroXml('FE', header, 'A0', [issuedDomestic({ description: 'ñ'.repeat(500) })]),
    ).not.toThrow();
  });

  it('refuses exemption causes the v1.1 schema does not know (E7, E8)', () => {
    const rec = issuedDomestic({
      breakdown: {
        kind: 'INVOICE',
        invoice: {
          notExempt: null,
          exempt: [{ cause: 'E7', baseCents: 100 }],
          notSubjectArt7_14Cents: 0,
          notSubjectLocationCents: 0,
        },
      },
    });
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [rec])).problem).toBe(
      'CausaExencion no admite el valor «E7» (valores posibles: E1, E2, E3, E4, E5, E6).',
    );
  });

  it('refuses recargo in the services breakdown, more than 6 VAT rates, an empty breakdown', () => {
    const recargoServices = issuedOperationSubject();
    if (recargoServices.breakdown.kind !== 'OPERATION' || !recargoServices.breakdown.services?.notExempt)
      throw new Error();
    recargoServices.breakdown.services.notExempt.details[0] = {
      rateBp: 2100,
      baseCents: 100,
      vatCents: 21,
      recargoRateBp: 520,
      recargoCents: 5,
    };
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [recargoServices])).problem).toMatch(
      /prestación de servicios no admite recargo/,
    );
    const seven = issuedDomestic({
      breakdown: {
        kind: 'INVOICE',
        invoice: {
          notExempt: {
            type: 'S1',
            details: Array.from({ length: 7 }, (_, i) => ({ rateBp: 100 * i, baseCents: 100, vatCents: i })),
          },
          exempt: [],
          notSubjectArt7_14Cents: 0,
          notSubjectLocationCents: 0,
        },
      },
    });
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [seven])).problem).toBe(
      'DesgloseIVA/DetalleIVA admite como máximo 6 elementos (hay 7).',
    );
    const none = issuedDomestic({ breakdown: { kind: 'OPERATION', services: null, goods: null } });
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [none])).problem).toMatch(
      /DesgloseTipoOperacion necesita/,
    );
  });

  it('refuses S3 without its ISP part, an ISP part under S1, and BienInversion on the issued side', () => {
    const s3 = issuedMixedReverseCharge();
    if (s3.breakdown.kind !== 'INVOICE' || !s3.breakdown.invoice.notExempt) throw new Error();
    const invoice = s3.breakdown.invoice;
    const notExempt = s3.breakdown.invoice.notExempt;
    expect(
      refusal(() =>
        buildSuministroXml('FE', header, 'A0', [
          {
            ...s3,
            breakdown: {
              kind: 'INVOICE',
              invoice: { ...invoice, notExempt: { ...notExempt, reverseChargeDetails: [] } },
            },
          } as SiiRecord,
        ]),
      ).problem,
    ).toBe('TipoNoExenta S3 necesita también el desglose con inversión del sujeto pasivo.');
    expect(
      refusal(() =>
        buildSuministroXml('FE', header, 'A0', [
          {
            ...s3,
            breakdown: {
              kind: 'INVOICE',
              invoice: { ...invoice, notExempt: { ...notExempt, type: 'S1' } },
            },
          } as SiiRecord,
        ]),
      ).problem,
    ).toBe('El desglose con inversión del sujeto pasivo junto al normal es TipoNoExenta S3, no S1.');
    const good = issuedDomestic({
      breakdown: {
        kind: 'INVOICE',
        invoice: {
          notExempt: {
            type: 'S1',
            details: [{ rateBp: 2100, baseCents: 100, vatCents: 21, investmentGood: true }],
          },
          exempt: [],
          notSubjectArt7_14Cents: 0,
          notSubjectLocationCents: 0,
        },
      },
    });
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [good])).problem).toMatch(
      /BienInversion solo existe/,
    );
  });

  it('refuses inconsistent rectifications', () => {
    const sWithoutAmounts = issuedRectSubstitution();
    sWithoutAmounts.rectification = { method: 'S', rectified: [] };
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [sWithoutAmounts])).problem).toMatch(
      /sustitución \(S\) necesita ImporteRectificacion/,
    );
    const rWithout = issuedRectDifferences();
    rWithout.rectification = null;
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [rWithout])).problem).toMatch(
      /rectificativa \(R4\) necesita/,
    );
    const iWithAmounts = issuedRectDifferences();
    iWithAmounts.rectification = { method: 'I', rectified: [], rectifiedBaseCents: 1 };
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [iWithAmounts])).problem).toMatch(
      /solo se informa en las rectificativas por sustitución/,
    );
  });

  it('refuses bad identifiers, dates, amounts and periods with the field named', () => {
    const cases: [SiiRecord, string][] = [
      [
        issuedDomestic({ invoiceId: { issuerNif: 'B1234', number: 'F-1', issueDate: '2027-01-15' } }),
        'IDFactura/IDEmisorFactura/NIF no tiene el formato de un NIF español (B1234).',
      ],
      [
        issuedDomestic({ invoiceId: { issuerNif: TITULAR_NIF, number: 'F-1', issueDate: '2027-02-30' } }),
        'IDFactura/FechaExpedicionFacturaEmisor no es una fecha válida: 2027-02-30.',
      ],
      [
        issuedDomestic({ invoiceId: { issuerNif: TITULAR_NIF, number: '', issueDate: '2027-01-15' } }),
        'IDFactura/NumSerieFacturaEmisor es obligatorio.',
      ],
      [issuedDomestic({ totalCents: 12.5 }), 'ImporteTotal no es un importe en céntimos enteros (12.5).'],
      [
        issuedDomestic({ period: { year: 2027, period: '13' } }),
        'El periodo de liquidación no es válido (13).',
      ],
      [
        issuedDomestic({ regimeKeys: [] }),
        'ClaveRegimenEspecialOTrascendencia necesita al menos 1 elemento.',
      ],
      [
        issuedDomestic({
          counterparty: {
            name: 'X',
            nif: 'A87654321',
            otherId: { countryCode: 'FR', idType: '02', id: 'FR1' },
          },
        }),
        'Contraparte tiene a la vez NIF e IDOtro: debe ser uno de los dos.',
      ],
      [
        issuedDomestic({ description: 'Texto con \u0007 control' }),
        'DescripcionOperacion contiene caracteres que no admite XML.',
      ],
      [
        receivedDomestic({ counterparty: null }),
        'Contraparte (el proveedor) es obligatoria en una factura recibida.',
      ],
      [receivedImport(), ''],
    ];
    for (const [record, problem] of cases) {
      const service = record.book === 'FR' ? 'FR' : 'FE';
      if (problem === '') {
        const dua = { ...(record as ReturnType<typeof receivedImport>), customsDocument: 'OTRO-DUA' };
        expect(refusal(() => buildSuministroXml('FR', header, 'A0', [dua])).problem).toMatch(
          /El DUA \(OTRO-DUA\) debe ser el número de la factura/,
        );
        continue;
      }
      expect(refusal(() => buildSuministroXml(service, header, 'A0', [record]))).toEqual({
        index: 0,
        problem,
      });
    }
  });

  it('refuses a BI/OI/PAGOS record whose issuer cannot be named, and a header without a valid NIF', () => {
    const bi = investment({ issuerName: '' });
    expect(refusal(() => buildSuministroXml('BI', header, 'A0', [bi])).problem).toMatch(
      /IDEmisorFactura\/NombreRazon es obligatorio y el registro no da el nombre del emisor/,
    );
    const { issuerName: _p, ...pago } = payment();
    expect(refusal(() => buildSuministroXml('PAGOS', header, 'A0', [pago])).problem).toMatch(
      /el proveedor\) es obligatorio en un pago/,
    );
    expect(
      refusal(() =>
        buildSuministroXml('FE', { titular: { name: 'X', nif: 'nope' } }, 'A0', [issuedDomestic()]),
      ),
    ).toEqual({
      index: null,
      problem: 'Titular/NIF no tiene el formato de un NIF español (nope).',
    });
  });

  it('refuses records of another service, repeated invoices, empty and oversized batches', () => {
    expect(refusal(() => buildSuministroXml('FR', header, 'A0', [issuedDomestic()]))).toEqual({
      index: 0,
      problem: 'El registro es del servicio FE y el envío del servicio FR.',
    });
    expect(refusal(() => buildSuministroXml('COBROS', header, 'A0', [payment()])).problem).toBe(
      'El registro es del servicio PAGOS y el envío del servicio COBROS.',
    );
    expect(
      refusal(() =>
        buildSuministroXml('FE', header, 'A0', [issuedDomestic(), issuedRecargo(), issuedDomestic()]),
      ),
    ).toEqual({
      index: 2,
      problem: `Repite la factura del registro 1 (${TITULAR_NIF}|F-2027/0001|2027-01-15) en el mismo envío.`,
    });
    // Two goods of one invoice are two BI records: told apart by IdentificacionBien.
    expect(() =>
      buildSuministroXml('BI', header, 'A0', [investment(), investment({ goodIdentification: 'Otro bien' })]),
    ).not.toThrow();
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', [])).problem).toBe(
      'Un envío al SII necesita al menos un registro.',
    );
    const many = Array.from({ length: 10_001 }, (_, i) =>
      issuedDomestic({ invoiceId: { issuerNif: TITULAR_NIF, number: `F-${i}`, issueDate: '2027-01-15' } }),
    );
    expect(refusal(() => buildSuministroXml('FE', header, 'A0', many)).problem).toMatch(
      /como máximo 10000 registros \(10001\)/,
    );
  });

  it('siiRecordProblem tells which record of a batch cannot be written, without building the message', () => {
    expect(siiRecordProblem('FE', 'SUMINISTRO', header, issuedDomestic())).toBeNull();
    expect(siiRecordProblem('FE', 'SUMINISTRO', header, issuedDomestic({ regimeKeys: ['99'] }))).toMatch(
      /ClaveRegimenEspecialOTrascendencia no admite el valor «99»/,
    );
    expect(siiRecordProblem('COBROS', 'ANULACION', header, collection())).toBe(
      'El servicio COBROS del SII no admite anulaciones.',
    );
    expect(siiRecordProblem('FR', 'SUMINISTRO', header, issuedDomestic())).toBe(
      'El registro es del servicio FE y el envío del servicio FR.',
    );
  });

  it('gives the answer-matching key of each record', () => {
    expect(recordKey(issuedDomestic())).toBe(`${TITULAR_NIF}|F-2027/0001|2027-01-15`);
    expect(recordKey(receivedIntraEu())).toBe('DEDE123456789|RE-2027-17|2027-01-08');
    expect(recordKey(investment())).toBe('A11111111|PROV-501|2026-03-01|Torno CNC nº serie 4411');
  });
});

describe('buildAnulacionXml', () => {
  it.each([
    ['FE', 'BajaLRFacturasEmitidas', 'RegistroLRBajaExpedidas', [issuedDomestic(), issuedRectSubstitution()]],
    ['FR', 'BajaLRFacturasRecibidas', 'RegistroLRBajaRecibidas', [receivedDomestic(), receivedIntraEu()]],
    ['BI', 'BajaLRBienesInversion', 'RegistroLRBajaBienesInversion', [investment()]],
    ['OI', 'BajaLRDetOperacionIntracomunitaria', 'RegistroLRBajaDetOperacionIntracomunitaria', [intraEu()]],
  ] as const)('%s → %s (%s), valid against SuministroLR.xsd', async (service, root, registro, records) => {
    const xml = buildAnulacionXml(service, headerWithRepresentative, records as readonly SiiRecord[]);
    expect(xml.startsWith(`<siiLR:${root} `)).toBe(true);
    expect(xml.match(new RegExp(`<siiLR:${registro}>`, 'g'))).toHaveLength(records.length);
    expect(xml).not.toContain('TipoComunicacion');
    expect(xml).toContain('<sii:NIFRepresentante>B87654321</sii:NIFRepresentante>');
    await expectValid(xml);
  });

  it('names the supplier of a received invoice and the good of a BI record', () => {
    const fr = buildAnulacionXml('FR', header, [receivedDomestic()]);
    expect(fr).toContain(
      '<siiLR:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon><sii:NIF>A11111111</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>PROV-889</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>10-01-2027</sii:FechaExpedicionFacturaEmisor></siiLR:IDFactura></siiLR:RegistroLRBajaRecibidas>',
    );
    const bi = buildAnulacionXml('BI', header, [investment()]);
    expect(bi).toContain(
      '</siiLR:IDFactura><siiLR:IdentificacionBien>Torno CNC nº serie 4411</siiLR:IdentificacionBien>',
    );
  });

  it('refuses COBROS and PAGOS (no anulación operation in their WSDLs)', () => {
    expect(refusal(() => buildAnulacionXml('COBROS', header, [collection()]))).toEqual({
      index: null,
      problem: 'El servicio COBROS del SII no admite anulaciones.',
    });
    expect(refusal(() => buildAnulacionXml('PAGOS', header, [payment()])).problem).toBe(
      'El servicio PAGOS del SII no admite anulaciones.',
    );
  });
});
