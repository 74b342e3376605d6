/**
 * Hand-built SII messages for the simulator's tests (independent of the product's SII XML, so a bug
 * there cannot hide one here): one record of each book (FE, FR, BI, OI), bajas, cobros and pagos,
 * queries, and the SOAP envelopes around them, element by element in the order of SuministroLR.xsd
 * and ConsultaLR.xsd.
 */

import { SII_NS } from './sii-soap';
import { SOAP_ENV_NS, escapeXml as x } from './soap';

export interface Party {
  nif: string;
  name: string;
}

export const SII_TEST_TITULAR: Party = { nif: 'B12345674', name: 'EMPRESA SII DE PRUEBAS SL' };

const leaf = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<sii:${name}>${x(value)}</sii:${name}>`;

/** `dd-mm-yyyy` → its Ejercicio and Periodo (month). */
const periodOf = (fecha: string) => ({ ejercicio: fecha.slice(6, 10), periodo: fecha.slice(3, 5) });

function periodo(fecha: string, override?: { ejercicio?: string; periodo?: string }): string {
  const p = { ...periodOf(fecha), ...override };
  return `<sii:PeriodoLiquidacion><sii:Ejercicio>${p.ejercicio}</sii:Ejercicio><sii:Periodo>${p.periodo}</sii:Periodo></sii:PeriodoLiquidacion>`;
}

export interface Counterparty {
  name: string;
  nif?: string;
  /** IDOtro (a foreign counterparty): country, IDType (02 NIF-IVA … 07 no censado) and ID. */
  otro?: { country: string; type: string; id: string };
}

function persona(element: string, p: Counterparty, prefix = 'sii'): string {
  const id = p.otro
    ? `<sii:IDOtro><sii:CodigoPais>${p.otro.country}</sii:CodigoPais><sii:IDType>${p.otro.type}</sii:IDType><sii:ID>${x(p.otro.id)}</sii:ID></sii:IDOtro>`
    : leaf('NIF', p.nif);
  return `<${prefix}:${element}><sii:NombreRazon>${x(p.name)}</sii:NombreRazon>${id}</${prefix}:${element}>`;
}

function detalleIva(d: { tipo: string; base: string; cuota: string }, cuotaElement: string): string {
  return `<sii:DetalleIVA><sii:TipoImpositivo>${d.tipo}</sii:TipoImpositivo><sii:BaseImponible>${d.base}</sii:BaseImponible><sii:${cuotaElement}>${d.cuota}</sii:${cuotaElement}></sii:DetalleIVA>`;
}

export interface IssuedOptions {
  titular?: Party;
  /** IDEmisorFactura (default the titular's NIF). */
  issuerNif?: string;
  numero: string;
  /** dd-mm-yyyy */
  fecha: string;
  ejercicio?: string;
  periodo?: string;
  tipoFactura?: string;
  clave?: string;
  /** null: no Contraparte (a simplified invoice). */
  contraparte?: Counterparty | null;
  base?: string;
  tipo?: string;
  cuota?: string;
  importeTotal?: string;
  descripcion?: string;
  refExterna?: string;
  /** DesgloseFactura (default) or DesgloseTipoOperacion (services). */
  desglose?: 'factura' | 'operacion';
}

export const DEFAULT_CUSTOMER: Counterparty = { name: 'CLIENTE NACIONAL SA', nif: 'A28015865' };

/** One RegistroLRFacturasEmitidas. */
export function issuedRecord(o: IssuedOptions): string {
  const titular = o.titular ?? SII_TEST_TITULAR;
  const detalle = { tipo: o.tipo ?? '21', base: o.base ?? '100.00', cuota: o.cuota ?? '21.00' };
  const sujeta = `<sii:Sujeta><sii:NoExenta><sii:TipoNoExenta>S1</sii:TipoNoExenta><sii:DesgloseIVA>${detalleIva(detalle, 'CuotaRepercutida')}</sii:DesgloseIVA></sii:NoExenta></sii:Sujeta>`;
  const desglose =
    o.desglose === 'operacion'
      ? `<sii:DesgloseTipoOperacion><sii:PrestacionServicios>${sujeta}</sii:PrestacionServicios></sii:DesgloseTipoOperacion>`
      : `<sii:DesgloseFactura>${sujeta}</sii:DesgloseFactura>`;
  const contraparte = o.contraparte === null ? '' : persona('Contraparte', o.contraparte ?? DEFAULT_CUSTOMER);
  return `<siiLR:RegistroLRFacturasEmitidas>${periodo(o.fecha, o)}<siiLR:IDFactura><sii:IDEmisorFactura><sii:NIF>${o.issuerNif ?? titular.nif}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>${x(o.numero)}</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>${o.fecha}</sii:FechaExpedicionFacturaEmisor></siiLR:IDFactura><siiLR:FacturaExpedida>${leaf('TipoFactura', o.tipoFactura ?? 'F1')}${leaf('ClaveRegimenEspecialOTrascendencia', o.clave ?? '01')}${leaf('ImporteTotal', o.importeTotal ?? '121.00')}${leaf('DescripcionOperacion', o.descripcion ?? 'Servicios de transporte')}${leaf('RefExterna', o.refExterna)}${contraparte}<sii:TipoDesglose>${desglose}</sii:TipoDesglose></siiLR:FacturaExpedida></siiLR:RegistroLRFacturasEmitidas>`;
}

export interface ReceivedOptions {
  supplier?: Counterparty;
  numero: string;
  fecha: string;
  /** FechaRegContable (default the issue date). */
  registrada?: string;
  ejercicio?: string;
  periodo?: string;
  clave?: string;
  base?: string;
  tipo?: string;
  cuota?: string;
  importeTotal?: string;
  refExterna?: string;
}

export const DEFAULT_SUPPLIER: Counterparty = { name: 'PROVEEDOR DE GASOIL SL', nif: 'B50239870' };

/** One RegistroLRFacturasRecibidas. */
export function receivedRecord(o: ReceivedOptions): string {
  const supplier = o.supplier ?? DEFAULT_SUPPLIER;
  const detalle = { tipo: o.tipo ?? '21', base: o.base ?? '100.00', cuota: o.cuota ?? '21.00' };
  const emisor = supplier.otro
    ? `<sii:IDOtro><sii:CodigoPais>${supplier.otro.country}</sii:CodigoPais><sii:IDType>${supplier.otro.type}</sii:IDType><sii:ID>${x(supplier.otro.id)}</sii:ID></sii:IDOtro>`
    : leaf('NIF', supplier.nif);
  return `<siiLR:RegistroLRFacturasRecibidas>${periodo(o.fecha, o)}<siiLR:IDFactura><sii:IDEmisorFactura>${emisor}</sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>${x(o.numero)}</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>${o.fecha}</sii:FechaExpedicionFacturaEmisor></siiLR:IDFactura><siiLR:FacturaRecibida>${leaf('TipoFactura', 'F1')}${leaf('ClaveRegimenEspecialOTrascendencia', o.clave ?? '01')}${leaf('ImporteTotal', o.importeTotal ?? '121.00')}${leaf('DescripcionOperacion', 'Gasoil para la flota')}${leaf('RefExterna', o.refExterna)}<sii:DesgloseFactura><sii:DesgloseIVA>${detalleIva(detalle, 'CuotaSoportada')}</sii:DesgloseIVA></sii:DesgloseFactura>${persona('Contraparte', supplier)}${leaf('FechaRegContable', o.registrada ?? o.fecha)}${leaf('CuotaDeducible', detalle.cuota)}</siiLR:FacturaRecibida></siiLR:RegistroLRFacturasRecibidas>`;
}

function comunitariaId(issuer: Counterparty, numero: string, fecha: string): string {
  return `<siiLR:IDFactura>${persona('IDEmisorFactura', issuer)}<sii:NumSerieFacturaEmisor>${x(numero)}</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>${fecha}</sii:FechaExpedicionFacturaEmisor></siiLR:IDFactura>`;
}

export interface InvestmentOptions {
  supplier?: Counterparty;
  numero: string;
  fecha: string;
  bien: string;
  ejercicio?: string;
  periodo?: string;
}

/** One RegistroLRBienesInversion (annual period 0A). */
export function investmentRecord(o: InvestmentOptions): string {
  const supplier = o.supplier ?? { name: 'CAMIONES DEL EBRO SA', nif: 'A12543906' };
  return `<siiLR:RegistroLRBienesInversion>${periodo(o.fecha, { periodo: '0A', ...o })}${comunitariaId(supplier, o.numero, o.fecha)}<siiLR:BienesInversion>${leaf('IdentificacionBien', o.bien)}${leaf('FechaInicioUtilizacion', o.fecha)}${leaf('ProrrataAnualDefinitiva', '100')}</siiLR:BienesInversion></siiLR:RegistroLRBienesInversion>`;
}

export interface IntraEuOptions {
  numero: string;
  fecha: string;
  contraparte?: Counterparty;
}

/** One RegistroLRDetOperacionIntracomunitaria (goods sent to another member state, TipoOperacion A). */
export function intraEuRecord(o: IntraEuOptions, titular: Party = SII_TEST_TITULAR): string {
  const contraparte = o.contraparte ?? {
    name: 'TRANSPORTS GARONNE SARL',
    otro: { country: 'FR', type: '02', id: 'FR40303265045' },
  };
  return `<siiLR:RegistroLRDetOperacionIntracomunitaria>${periodo(o.fecha)}${comunitariaId(titular, o.numero, o.fecha)}${persona('Contraparte', contraparte, 'siiLR')}<siiLR:OperacionIntracomunitaria>${leaf('TipoOperacion', 'A')}${leaf('ClaveDeclarado', 'D')}${leaf('EstadoMiembro', 'FR')}${leaf('DescripcionBienes', 'Remolque en reparación')}${leaf('DireccionOperador', '12 Rue des Entrepôts, Toulouse')}</siiLR:OperacionIntracomunitaria></siiLR:RegistroLRDetOperacionIntracomunitaria>`;
}

/** Bajas: one record of each book's Baja message. */
export const issuedBaja = (
  o: { numero: string; fecha: string; refExterna?: string },
  titular = SII_TEST_TITULAR,
) =>
  `<siiLR:RegistroLRBajaExpedidas>${periodo(o.fecha)}<siiLR:IDFactura><sii:IDEmisorFactura><sii:NIF>${titular.nif}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>${x(o.numero)}</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>${o.fecha}</sii:FechaExpedicionFacturaEmisor></siiLR:IDFactura>${o.refExterna ? `<siiLR:RefExterna>${x(o.refExterna)}</siiLR:RefExterna>` : ''}</siiLR:RegistroLRBajaExpedidas>`;

export const receivedBaja = (o: { numero: string; fecha: string; supplier?: Counterparty }) =>
  `<siiLR:RegistroLRBajaRecibidas>${periodo(o.fecha)}${comunitariaId(o.supplier ?? DEFAULT_SUPPLIER, o.numero, o.fecha)}</siiLR:RegistroLRBajaRecibidas>`;

export const investmentBaja = (o: { numero: string; fecha: string; bien: string; supplier?: Counterparty }) =>
  `<siiLR:RegistroLRBajaBienesInversion>${periodo(o.fecha, { periodo: '0A' })}${comunitariaId(o.supplier ?? { name: 'CAMIONES DEL EBRO SA', nif: 'A12543906' }, o.numero, o.fecha)}<siiLR:IdentificacionBien>${x(o.bien)}</siiLR:IdentificacionBien></siiLR:RegistroLRBajaBienesInversion>`;

export const intraEuBaja = (o: { numero: string; fecha: string }, titular = SII_TEST_TITULAR) =>
  `<siiLR:RegistroLRBajaDetOperacionIntracomunitaria>${periodo(o.fecha)}${comunitariaId(titular, o.numero, o.fecha)}</siiLR:RegistroLRBajaDetOperacionIntracomunitaria>`;

export interface PaymentOptions {
  numero: string;
  fecha: string;
  /** The cobros/pagos: date, amount, Medio (01 transfer … 04 other). */
  payments: { fecha: string; importe: string; medio?: string }[];
}

const payment = (element: 'Cobro' | 'Pago', p: PaymentOptions['payments'][number]) =>
  `<sii:${element}>${leaf('Fecha', p.fecha)}${leaf('Importe', p.importe)}${leaf('Medio', p.medio ?? '01')}</sii:${element}>`;

export const cobrosRecord = (o: PaymentOptions, titular = SII_TEST_TITULAR) =>
  `<siiLR:RegistroLRCobros><siiLR:IDFactura><sii:IDEmisorFactura><sii:NIF>${titular.nif}</sii:NIF></sii:IDEmisorFactura><sii:NumSerieFacturaEmisor>${x(o.numero)}</sii:NumSerieFacturaEmisor><sii:FechaExpedicionFacturaEmisor>${o.fecha}</sii:FechaExpedicionFacturaEmisor></siiLR:IDFactura><siiLR:Cobros>${o.payments.map((p) => payment('Cobro', p)).join('')}</siiLR:Cobros></siiLR:RegistroLRCobros>`;

export const pagosRecord = (o: PaymentOptions & { supplier?: Counterparty }) =>
  `<siiLR:RegistroLRPagos>${comunitariaId(o.supplier ?? DEFAULT_SUPPLIER, o.numero, o.fecha)}<siiLR:Pagos>${o.payments.map((p) => payment('Pago', p)).join('')}</siiLR:Pagos></siiLR:RegistroLRPagos>`;

// --- messages -------------------------------------------------------------------------------------

export type Book = 'FE' | 'FR' | 'BI' | 'OI';

const SUMINISTRO: Record<Book, string> = {
  FE: 'SuministroLRFacturasEmitidas',
  FR: 'SuministroLRFacturasRecibidas',
  BI: 'SuministroLRBienesInversion',
  OI: 'SuministroLRDetOperacionIntracomunitaria',
};
const BAJA: Record<Book, string> = {
  FE: 'BajaLRFacturasEmitidas',
  FR: 'BajaLRFacturasRecibidas',
  BI: 'BajaLRBienesInversion',
  OI: 'BajaLRDetOperacionIntracomunitaria',
};
const CONSULTA: Record<Book, string> = {
  FE: 'ConsultaLRFacturasEmitidas',
  FR: 'ConsultaLRFacturasRecibidas',
  BI: 'ConsultaLRBienesInversion',
  OI: 'ConsultaLRDetOperIntracomunitarias',
};

export interface HeaderOptions {
  titular?: Party;
  nifRepresentante?: string;
  version?: string;
}

function titularXml(h: HeaderOptions, withRepresentative = true): string {
  const t = h.titular ?? SII_TEST_TITULAR;
  const rep = withRepresentative && h.nifRepresentante ? leaf('NIFRepresentante', h.nifRepresentante) : '';
  return `<sii:Titular><sii:NombreRazon>${x(t.name)}</sii:NombreRazon>${rep}<sii:NIF>${t.nif}</sii:NIF></sii:Titular>`;
}

const cabecera = (h: HeaderOptions, tipo?: string) =>
  `<sii:Cabecera><sii:IDVersionSii>${h.version ?? '1.1'}</sii:IDVersionSii>${titularXml(h)}${tipo ? `<sii:TipoComunicacion>${tipo}</sii:TipoComunicacion>` : ''}</sii:Cabecera>`;

/** A message body element (namespaces declared on it), ready for XSD validation or an envelope. */
const body = (element: string, ns: 'siiLR' | 'siiLRC', inner: string) =>
  `<${ns}:${element} xmlns:${ns}="${SII_NS[ns]}" xmlns:sii="${SII_NS.sii}">${inner}</${ns}:${element}>`;

export const suministroBody = (
  book: Book,
  records: string[],
  h: HeaderOptions & { tipo?: 'A0' | 'A1' | string } = {},
) => body(SUMINISTRO[book], 'siiLR', `${cabecera(h, h.tipo ?? 'A0')}${records.join('')}`);

export const bajaBody = (book: Book, records: string[], h: HeaderOptions = {}) =>
  body(BAJA[book], 'siiLR', `${cabecera(h)}${records.join('')}`);

export const cobrosBody = (records: string[], h: HeaderOptions = {}) =>
  body('SuministroLRCobrosEmitidas', 'siiLR', `${cabecera(h)}${records.join('')}`);

export const pagosBody = (records: string[], h: HeaderOptions = {}) =>
  body('SuministroLRPagosRecibidas', 'siiLR', `${cabecera(h)}${records.join('')}`);

export interface ConsultaOptions extends HeaderOptions {
  ejercicio: string;
  periodo: string;
  numero?: string;
  fecha?: string;
  /** ClavePaginacion: the last record of the previous page. */
  after?: { numero: string; fecha: string; issuer?: Party };
}

/** A ConsultaLR of one book (the query's Titular has no NIFRepresentante: CabeceraConsultaSii). */
export function consultaBody(book: Book, q: ConsultaOptions): string {
  const t = q.titular ?? SII_TEST_TITULAR;
  const id =
    q.numero || q.fecha
      ? `<siiLRC:IDFactura>${leaf('NumSerieFacturaEmisor', q.numero)}${leaf('FechaExpedicionFacturaEmisor', q.fecha)}</siiLRC:IDFactura>`
      : '';
  const after = q.after
    ? book === 'FE'
      ? `<siiLRC:ClavePaginacion><sii:IDEmisorFactura><sii:NIF>${t.nif}</sii:NIF></sii:IDEmisorFactura>${leaf('NumSerieFacturaEmisor', q.after.numero)}${leaf('FechaExpedicionFacturaEmisor', q.after.fecha)}</siiLRC:ClavePaginacion>`
      : `<siiLRC:ClavePaginacion><sii:IDEmisorFactura><sii:NombreRazon>${x((q.after.issuer ?? t).name)}</sii:NombreRazon><sii:NIF>${(q.after.issuer ?? t).nif}</sii:NIF></sii:IDEmisorFactura>${leaf('NumSerieFacturaEmisor', q.after.numero)}${leaf('FechaExpedicionFacturaEmisor', q.after.fecha)}</siiLRC:ClavePaginacion>`
    : '';
  return body(
    CONSULTA[book],
    'siiLRC',
    `<sii:Cabecera><sii:IDVersionSii>${q.version ?? '1.1'}</sii:IDVersionSii>${titularXml(q, false)}</sii:Cabecera><siiLRC:FiltroConsulta><sii:PeriodoLiquidacion><sii:Ejercicio>${q.ejercicio}</sii:Ejercicio><sii:Periodo>${q.periodo}</sii:Periodo></sii:PeriodoLiquidacion>${id}${after}</siiLRC:FiltroConsulta>`,
  );
}

/** ConsultaCobros (an issued invoice of the titular) or ConsultaPagos (a received one). */
export function consultaPaymentsBody(
  service: 'COBROS' | 'PAGOS',
  o: { numero: string; fecha: string; supplier?: Counterparty },
  h: HeaderOptions = {},
): string {
  const t = h.titular ?? SII_TEST_TITULAR;
  const id =
    service === 'COBROS'
      ? `<siiLRC:IDFactura><sii:IDEmisorFactura><sii:NIF>${t.nif}</sii:NIF></sii:IDEmisorFactura>${leaf('NumSerieFacturaEmisor', o.numero)}${leaf('FechaExpedicionFacturaEmisor', o.fecha)}</siiLRC:IDFactura>`
      : `<siiLRC:IDFactura>${persona('IDEmisorFactura', o.supplier ?? DEFAULT_SUPPLIER)}${leaf('NumSerieFacturaEmisor', o.numero)}${leaf('FechaExpedicionFacturaEmisor', o.fecha)}</siiLRC:IDFactura>`;
  const element = service === 'COBROS' ? 'ConsultaCobros' : 'ConsultaPagos';
  const filtro = service === 'COBROS' ? 'FiltroConsultaCobros' : 'FiltroConsultaPagos';
  return body(
    element,
    'siiLRC',
    `<sii:Cabecera><sii:IDVersionSii>1.1</sii:IDVersionSii>${titularXml(h, false)}</sii:Cabecera><siiLRC:${filtro}>${id}</siiLRC:${filtro}>`,
  );
}

/** A SOAP 1.1 envelope around a message body (as the product sends it). */
export const siiEnvelope = (bodyXml: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}"><soapenv:Header/><soapenv:Body>${bodyXml}</soapenv:Body></soapenv:Envelope>`;
