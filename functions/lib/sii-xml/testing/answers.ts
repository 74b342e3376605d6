/**
 * Realistic AEAT SII answers, written by hand after RespuestaSuministro.xsd / RespuestaConsultaLR.xsd
 * and the shape of real answers (env: prefix, Body Id="Body", siiR/sii prefixes). Every body here
 * validates against the schemas (responses.test.ts checks it). For the tests of this library and of
 * the sender.
 */

import { TITULAR_NIF } from './records';

const WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/';
const NS = {
  siiR: `${WS}RespuestaSuministro.xsd`,
  sii: `${WS}SuministroInformacion.xsd`,
  siiLRRC: `${WS}RespuestaConsultaLR.xsd`,
};

/** A SOAP 1.1 envelope as the AEAT sends it. */
export const envelope = (body: string): string =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/>' +
  `<env:Body Id="Body">${body}</env:Body></env:Envelope>`;

const titular = `<sii:Titular><sii:NombreRazon>Ejemplo Gestoría &amp; Asociados SL</sii:NombreRazon><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:Titular>`;

const idExpedida = (number: string, date: string) =>
  `<siiR:IDFactura><sii:IDEmisorFactura><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>${number}</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>${date}</sii:FechaExpedicionFacturaEmisor></siiR:IDFactura>`;

const presentation = (timestamp: string) =>
  `<siiR:DatosPresentacion><sii:NIFPresentador>${TITULAR_NIF}</sii:NIFPresentador><sii:TimestampPresentacion>${timestamp}</sii:TimestampPresentacion></siiR:DatosPresentacion>`;

/** FE, A0, two records, both Correcto. */
export const feCorrecto = (): string =>
  `<siiR:RespuestaLRFacturasEmitidas xmlns:siiR="${NS.siiR}" xmlns:sii="${NS.sii}">` +
  '<siiR:CSV>A8KBH3MZQW2RX5C7</siiR:CSV>' +
  presentation('15-01-2027 10:30:12') +
  `<siiR:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titular}<sii:TipoComunicacion>A0</sii:TipoComunicacion></siiR:Cabecera>` +
  '<siiR:EstadoEnvio>Correcto</siiR:EstadoEnvio>' +
  `<siiR:RespuestaLinea>${idExpedida('F-2027/0001', '15-01-2027')}<siiR:EstadoRegistro>Correcto</siiR:EstadoRegistro></siiR:RespuestaLinea>` +
  `<siiR:RespuestaLinea>${idExpedida('F-2027/0002', '16-01-2027')}<siiR:EstadoRegistro>Correcto</siiR:EstadoRegistro></siiR:RespuestaLinea>` +
  '</siiR:RespuestaLRFacturasEmitidas>';

/**
 * FE, A0, four records in July (summer time): one Correcto, one AceptadoConErrores, one Incorrecto
 * 1117 (counterparty NIF not identified) and one Incorrecto 3000 (duplicate: already Correcta).
 */
export const feParcialmenteCorrecto = (): string =>
  `<siiR:RespuestaLRFacturasEmitidas xmlns:siiR="${NS.siiR}" xmlns:sii="${NS.sii}">` +
  '<siiR:CSV>B5TQ9WZ2MX7KLP4D</siiR:CSV>' +
  presentation('15-07-2027 09:05:41') +
  `<siiR:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titular}<sii:TipoComunicacion>A0</sii:TipoComunicacion></siiR:Cabecera>` +
  '<siiR:EstadoEnvio>ParcialmenteCorrecto</siiR:EstadoEnvio>' +
  `<siiR:RespuestaLinea>${idExpedida('F-2027/0101', '10-07-2027')}<siiR:EstadoRegistro>Correcto</siiR:EstadoRegistro></siiR:RespuestaLinea>` +
  `<siiR:RespuestaLinea>${idExpedida('F-2027/0102', '10-07-2027')}<siiR:EstadoRegistro>AceptadoConErrores</siiR:EstadoRegistro>` +
  '<siiR:CodigoErrorRegistro>2011</siiR:CodigoErrorRegistro><siiR:DescripcionErrorRegistro>El NIF de la contraparte no está censado</siiR:DescripcionErrorRegistro></siiR:RespuestaLinea>' +
  `<siiR:RespuestaLinea>${idExpedida('F-2027/0103', '11-07-2027')}<siiR:EstadoRegistro>Incorrecto</siiR:EstadoRegistro>` +
  '<siiR:CodigoErrorRegistro>1117</siiR:CodigoErrorRegistro><siiR:DescripcionErrorRegistro>El NIF no está identificado. NIF:A87654329. NOMBRE_RAZON:CLIENTE &amp; CIA SL</siiR:DescripcionErrorRegistro></siiR:RespuestaLinea>' +
  `<siiR:RespuestaLinea>${idExpedida('F-2027/0001', '15-01-2027')}<siiR:EstadoRegistro>Incorrecto</siiR:EstadoRegistro>` +
  '<siiR:CodigoErrorRegistro>3000</siiR:CodigoErrorRegistro><siiR:DescripcionErrorRegistro>Registro de factura duplicado.</siiR:DescripcionErrorRegistro>' +
  '<siiR:CSV>A8KBH3MZQW2RX5C7</siiR:CSV>' +
  '<siiR:RegistroDuplicado><sii:EstadoRegistro>Correcta</sii:EstadoRegistro></siiR:RegistroDuplicado></siiR:RespuestaLinea>' +
  '</siiR:RespuestaLRFacturasEmitidas>';

/** FR, A1, the whole submission rejected (no CSV, no DatosPresentacion); the issuer is foreign (IDOtro). */
export const frIncorrecto = (): string =>
  `<siiR:RespuestaLRFacturasRecibidas xmlns:siiR="${NS.siiR}" xmlns:sii="${NS.sii}">` +
  `<siiR:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titular}<sii:TipoComunicacion>A1</sii:TipoComunicacion></siiR:Cabecera>` +
  '<siiR:EstadoEnvio>Incorrecto</siiR:EstadoEnvio>' +
  '<siiR:RespuestaLinea><siiR:IDFactura><sii:IDEmisorFactura><sii:IDOtro><sii:CodigoPais>DE</sii:CodigoPais><sii:IDType>02</sii:IDType><sii:ID>DE123456789</sii:ID></sii:IDOtro></sii:IDEmisorFactura>' +
  '<sii:NumSerieFacturaEmisor>RE-2027-17</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>08-01-2027</sii:FechaExpedicionFacturaEmisor></siiR:IDFactura>' +
  '<siiR:EstadoRegistro>Incorrecto</siiR:EstadoRegistro><siiR:CodigoErrorRegistro>3001</siiR:CodigoErrorRegistro>' +
  '<siiR:DescripcionErrorRegistro>El registro de factura no existe.</siiR:DescripcionErrorRegistro></siiR:RespuestaLinea>' +
  '</siiR:RespuestaLRFacturasRecibidas>';

/** BI, A0: the line names the issuer and the good. */
export const biCorrecto = (): string =>
  `<siiR:RespuestaLRBienesInversion xmlns:siiR="${NS.siiR}" xmlns:sii="${NS.sii}">` +
  '<siiR:CSV>C9PL2XW8ZQ4MT6RB</siiR:CSV>' +
  presentation('30-01-2028 12:00:00') +
  `<siiR:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titular}<sii:TipoComunicacion>A0</sii:TipoComunicacion></siiR:Cabecera>` +
  '<siiR:EstadoEnvio>Correcto</siiR:EstadoEnvio>' +
  '<siiR:RespuestaLinea><siiR:PeriodoLiquidacion><siiR:Ejercicio>2027</siiR:Ejercicio><siiR:Periodo>0A</siiR:Periodo></siiR:PeriodoLiquidacion>' +
  '<siiR:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon><sii:NIF>A11111111</sii:NIF></sii:IDEmisorFactura>' +
  '<sii:NumSerieFacturaEmisor>PROV-501</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>01-03-2026</sii:FechaExpedicionFacturaEmisor></siiR:IDFactura>' +
  '<siiR:IdentificacionBien>Torno CNC nº serie 4411</siiR:IdentificacionBien><siiR:EstadoRegistro>Correcto</siiR:EstadoRegistro></siiR:RespuestaLinea>' +
  '</siiR:RespuestaLRBienesInversion>';

/** FE anulación (RespuestaLRBajaFacturasEmitidas, CabeceraSiiBaja: no TipoComunicacion). */
export const feBajaCorrecto = (): string =>
  `<siiR:RespuestaLRBajaFacturasEmitidas xmlns:siiR="${NS.siiR}" xmlns:sii="${NS.sii}">` +
  '<siiR:CSV>D2MX8QW5ZL7KT3PB</siiR:CSV>' +
  presentation('20-01-2027 17:45:00') +
  `<siiR:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titular}</siiR:Cabecera>` +
  '<siiR:EstadoEnvio>Correcto</siiR:EstadoEnvio>' +
  `<siiR:RespuestaLinea>${idExpedida('F-2027/0001', '15-01-2027')}<siiR:EstadoRegistro>Correcto</siiR:EstadoRegistro></siiR:RespuestaLinea>` +
  '</siiR:RespuestaLRBajaFacturasEmitidas>';

/** COBROS: the line has the invoice (IDFacturaExpedidaBCType) and the state only. */
export const cobrosCorrecto = (): string =>
  `<siiR:RespuestaLRCobrosEmitidas xmlns:siiR="${NS.siiR}" xmlns:sii="${NS.sii}">` +
  '<siiR:CSV>E7RT4WQ9ZM2XK5LB</siiR:CSV>' +
  presentation('10-02-2027 08:00:03') +
  `<siiR:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titular}</siiR:Cabecera>` +
  '<siiR:EstadoEnvio>Correcto</siiR:EstadoEnvio>' +
  `<siiR:RespuestaLinea>${idExpedida('F-2027/0001', '15-01-2027')}<siiR:EstadoRegistro>Correcto</siiR:EstadoRegistro></siiR:RespuestaLinea>` +
  '</siiR:RespuestaLRCobrosEmitidas>';

/** PAGOS: the line names the supplier (IDFacturaRecibidaNombreBCType). */
export const pagosIncorrecto = (): string =>
  `<siiR:RespuestaLRPagosRecibidas xmlns:siiR="${NS.siiR}" xmlns:sii="${NS.sii}">` +
  `<siiR:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titular}</siiR:Cabecera>` +
  '<siiR:EstadoEnvio>Incorrecto</siiR:EstadoEnvio>' +
  '<siiR:RespuestaLinea><siiR:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon><sii:NIF>A11111111</sii:NIF></sii:IDEmisorFactura>' +
  '<sii:NumSerieFacturaEmisor>PROV-889</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>10-01-2027</sii:FechaExpedicionFacturaEmisor></siiR:IDFactura>' +
  '<siiR:EstadoRegistro>Incorrecto</siiR:EstadoRegistro><siiR:CodigoErrorRegistro>4118</siiR:CodigoErrorRegistro>' +
  '<siiR:DescripcionErrorRegistro>La factura no está acogida al régimen especial del criterio de caja</siiR:DescripcionErrorRegistro></siiR:RespuestaLinea>' +
  '</siiR:RespuestaLRPagosRecibidas>';

/** The whole message refused: schema error 4102 (SOAP 1.1 Fault, faultcode Client). */
export const fault4102 = (): string =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault>' +
  '<faultcode>env:Client</faultcode>' +
  '<faultstring>Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: TipoDesglose</faultstring>' +
  '<detail><callstack>WSExcepcion</callstack></detail>' +
  '</env:Fault></env:Body></env:Envelope>';

// --- ConsultaLR answers ----------------------------------------------------------------------------

const consultaCabecera = `<sii:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titular}</sii:Cabecera>`;

const consultaPeriodo = (year: string, period: string) =>
  `<siiLRRC:PeriodoLiquidacion><siiLRRC:Ejercicio>${year}</siiLRRC:Ejercicio><siiLRRC:Periodo>${period}</siiLRRC:Periodo></siiLRRC:PeriodoLiquidacion>`;

const datosPresentacion = (timestamp: string, csv: string) =>
  `<siiLRRC:DatosPresentacion><sii:NIFPresentador>${TITULAR_NIF}</sii:NIFPresentador><sii:TimestampPresentacion>${timestamp}</sii:TimestampPresentacion><sii:CSV>${csv}</sii:CSV></siiLRRC:DatosPresentacion>`;

const emitida = (number: string, date: string, estado: string) =>
  '<siiLRRC:RegistroRespuestaConsultaLRFacturasEmitidas>' +
  `<siiLRRC:IDFactura><sii:IDEmisorFactura><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>${number}</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>${date}</sii:FechaExpedicionFacturaEmisor></siiLRRC:IDFactura>` +
  '<siiLRRC:DatosFacturaEmitida><siiLRRC:TipoFactura>F1</siiLRRC:TipoFactura>' +
  '<siiLRRC:ClaveRegimenEspecialOTrascendencia>01</siiLRRC:ClaveRegimenEspecialOTrascendencia>' +
  '<siiLRRC:ImporteTotal>121.00</siiLRRC:ImporteTotal><siiLRRC:DescripcionOperacion>Servicios de asesoría</siiLRRC:DescripcionOperacion>' +
  '<siiLRRC:Contraparte><sii:NombreRazon>Cliente Industrial SA</sii:NombreRazon><sii:NIF>A87654321</sii:NIF></siiLRRC:Contraparte>' +
  '<siiLRRC:TipoDesglose><siiLRRC:DesgloseFactura><sii:Sujeta><sii:NoExenta><sii:TipoNoExenta>S1</sii:TipoNoExenta><sii:DesgloseIVA><sii:DetalleIVA><sii:TipoImpositivo>21</sii:TipoImpositivo><sii:BaseImponible>100.00</sii:BaseImponible><sii:CuotaRepercutida>21.00</sii:CuotaRepercutida></sii:DetalleIVA></sii:DesgloseIVA></sii:NoExenta></sii:Sujeta></siiLRRC:DesgloseFactura></siiLRRC:TipoDesglose>' +
  '<siiLRRC:Cobros>N</siiLRRC:Cobros></siiLRRC:DatosFacturaEmitida>' +
  datosPresentacion('15-01-2027 10:30:12', 'A8KBH3MZQW2RX5C7') +
  `<siiLRRC:EstadoFactura><siiLRRC:EstadoCuadre>1</siiLRRC:EstadoCuadre><siiLRRC:TimestampUltimaModificacion>15-01-2027 10:30:12</siiLRRC:TimestampUltimaModificacion>${estado}</siiLRRC:EstadoFactura>` +
  '</siiLRRC:RegistroRespuestaConsultaLRFacturasEmitidas>';

/** FE, January: one Correcta and one AceptadaConErrores; more pages follow. */
export const consultaFe = (): string =>
  `<siiLRRC:RespuestaConsultaLRFacturasEmitidas xmlns:siiLRRC="${NS.siiLRRC}" xmlns:sii="${NS.sii}">` +
  consultaCabecera +
  consultaPeriodo('2027', '01') +
  '<siiLRRC:IndicadorPaginacion>S</siiLRRC:IndicadorPaginacion><siiLRRC:ResultadoConsulta>ConDatos</siiLRRC:ResultadoConsulta>' +
  emitida('F-2027/0001', '15-01-2027', '<siiLRRC:EstadoRegistro>Correcta</siiLRRC:EstadoRegistro>') +
  emitida(
    'F-2027/0002',
    '16-01-2027',
    '<siiLRRC:EstadoRegistro>AceptadaConErrores</siiLRRC:EstadoRegistro><siiLRRC:CodigoErrorRegistro>2011</siiLRRC:CodigoErrorRegistro><siiLRRC:DescripcionErrorRegistro>El NIF de la contraparte no está censado</siiLRRC:DescripcionErrorRegistro>',
  ) +
  '</siiLRRC:RespuestaConsultaLRFacturasEmitidas>';

/** FR, January: no data. */
export const consultaFrSinDatos = (): string =>
  `<siiLRRC:RespuestaConsultaLRFacturasRecibidas xmlns:siiLRRC="${NS.siiLRRC}" xmlns:sii="${NS.sii}">` +
  consultaCabecera +
  consultaPeriodo('2027', '01') +
  '<siiLRRC:IndicadorPaginacion>N</siiLRRC:IndicadorPaginacion><siiLRRC:ResultadoConsulta>SinDatos</siiLRRC:ResultadoConsulta>' +
  '</siiLRRC:RespuestaConsultaLRFacturasRecibidas>';

/** FR, January: one annulled record of a foreign supplier; more pages follow. */
export const consultaFrAnulada = (): string =>
  `<siiLRRC:RespuestaConsultaLRFacturasRecibidas xmlns:siiLRRC="${NS.siiLRRC}" xmlns:sii="${NS.sii}">` +
  consultaCabecera +
  consultaPeriodo('2027', '01') +
  '<siiLRRC:IndicadorPaginacion>S</siiLRRC:IndicadorPaginacion><siiLRRC:ResultadoConsulta>ConDatos</siiLRRC:ResultadoConsulta>' +
  '<siiLRRC:RegistroRespuestaConsultaLRFacturasRecibidas>' +
  '<siiLRRC:IDFactura><sii:IDEmisorFactura><sii:IDOtro><sii:CodigoPais>DE</sii:CodigoPais><sii:IDType>02</sii:IDType><sii:ID>DE123456789</sii:ID></sii:IDOtro></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>RE-2027-17</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>08-01-2027</sii:FechaExpedicionFacturaEmisor></siiLRRC:IDFactura>' +
  '<siiLRRC:DatosFacturaRecibida><siiLRRC:TipoFactura>F1</siiLRRC:TipoFactura><siiLRRC:ClaveRegimenEspecialOTrascendencia>09</siiLRRC:ClaveRegimenEspecialOTrascendencia>' +
  '<siiLRRC:ImporteTotal>500.00</siiLRRC:ImporteTotal><siiLRRC:DescripcionOperacion>Licencias de software</siiLRRC:DescripcionOperacion>' +
  '<siiLRRC:DesgloseFactura><sii:InversionSujetoPasivo><sii:DetalleIVA><sii:TipoImpositivo>21.00</sii:TipoImpositivo><sii:BaseImponible>500.00</sii:BaseImponible><sii:CuotaSoportada>105.00</sii:CuotaSoportada></sii:DetalleIVA></sii:InversionSujetoPasivo></siiLRRC:DesgloseFactura>' +
  '<siiLRRC:Contraparte><sii:NombreRazon>Software Gründer GmbH</sii:NombreRazon><sii:IDOtro><sii:CodigoPais>DE</sii:CodigoPais><sii:IDType>02</sii:IDType><sii:ID>DE123456789</sii:ID></sii:IDOtro></siiLRRC:Contraparte>' +
  '<siiLRRC:FechaRegContable>12-01-2027</siiLRRC:FechaRegContable><siiLRRC:CuotaDeducible>105.00</siiLRRC:CuotaDeducible><siiLRRC:Pagos>N</siiLRRC:Pagos></siiLRRC:DatosFacturaRecibida>' +
  datosPresentacion('12-01-2027 18:20:00', 'F3KX7QW2ZL9MT4RB') +
  '<siiLRRC:EstadoFactura><siiLRRC:TimestampUltimaModificacion>20-01-2027 09:00:00</siiLRRC:TimestampUltimaModificacion><siiLRRC:EstadoRegistro>Anulada</siiLRRC:EstadoRegistro></siiLRRC:EstadoFactura>' +
  '</siiLRRC:RegistroRespuestaConsultaLRFacturasRecibidas>' +
  '</siiLRRC:RespuestaConsultaLRFacturasRecibidas>';

/** BI, 2027 0A: one good, more pages follow (the key carries the good). */
export const consultaBi = (): string =>
  `<siiLRRC:RespuestaConsultaLRBienesInversion xmlns:siiLRRC="${NS.siiLRRC}" xmlns:sii="${NS.sii}">` +
  consultaCabecera +
  consultaPeriodo('2027', '0A') +
  '<siiLRRC:IndicadorPaginacion>S</siiLRRC:IndicadorPaginacion><siiLRRC:ResultadoConsulta>ConDatos</siiLRRC:ResultadoConsulta>' +
  '<siiLRRC:RegistroRespuestaConsultaLRBienesInversion>' +
  '<siiLRRC:IDFactura><sii:IDEmisorFactura><sii:NombreRazon>Suministros del Norte SA</sii:NombreRazon><sii:NIF>A11111111</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>PROV-501</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>01-03-2026</sii:FechaExpedicionFacturaEmisor></siiLRRC:IDFactura>' +
  '<siiLRRC:DatosBienInversion><sii:IdentificacionBien>Torno CNC nº serie 4411</sii:IdentificacionBien><sii:FechaInicioUtilizacion>15-03-2026</sii:FechaInicioUtilizacion><sii:ProrrataAnualDefinitiva>80.00</sii:ProrrataAnualDefinitiva></siiLRRC:DatosBienInversion>' +
  datosPresentacion('30-01-2028 12:00:00', 'C9PL2XW8ZQ4MT6RB') +
  '<siiLRRC:EstadoFactura><siiLRRC:TimestampUltimaModificacion>30-01-2028 12:00:00</siiLRRC:TimestampUltimaModificacion><siiLRRC:EstadoRegistro>Correcta</siiLRRC:EstadoRegistro></siiLRRC:EstadoFactura>' +
  '</siiLRRC:RegistroRespuestaConsultaLRBienesInversion>' +
  '</siiLRRC:RespuestaConsultaLRBienesInversion>';

/** ConsultaCobros of F-2027/0001: two cobros, a next page with key 2. */
export const consultaCobros = (): string =>
  `<siiLRRC:RespuestaConsultaCobros xmlns:siiLRRC="${NS.siiLRRC}" xmlns:sii="${NS.sii}">` +
  consultaCabecera +
  `<siiLRRC:IDFactura><sii:IDEmisorFactura><sii:NIF>${TITULAR_NIF}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>F-2027/0001</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>15-01-2027</sii:FechaExpedicionFacturaEmisor></siiLRRC:IDFactura>` +
  '<siiLRRC:IndicadorPaginacion>S</siiLRRC:IndicadorPaginacion><siiLRRC:ResultadoConsulta>ConDatos</siiLRRC:ResultadoConsulta>' +
  '<siiLRRC:RegistroRespuestaConsultaCobros><siiLRRC:DatosCobro><sii:Fecha>10-02-2027</sii:Fecha><sii:Importe>500.00</sii:Importe><sii:Medio>01</sii:Medio><sii:Cuenta_O_Medio>ES9121000418450200051332</sii:Cuenta_O_Medio></siiLRRC:DatosCobro>' +
  datosPresentacion('10-02-2027 08:00:03', 'E7RT4WQ9ZM2XK5LB') +
  '</siiLRRC:RegistroRespuestaConsultaCobros>' +
  '<siiLRRC:RegistroRespuestaConsultaCobros><siiLRRC:DatosCobro><sii:Fecha>10-03-2027</sii:Fecha><sii:Importe>-9.5</sii:Importe><sii:Medio>04</sii:Medio></siiLRRC:DatosCobro>' +
  datosPresentacion('10-03-2027 08:00:03', 'G1RT4WQ9ZM2XK5LB') +
  '</siiLRRC:RegistroRespuestaConsultaCobros>' +
  '<siiLRRC:ClavePaginacion>2</siiLRRC:ClavePaginacion>' +
  '</siiLRRC:RespuestaConsultaCobros>';
