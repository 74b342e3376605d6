/**
 * The SII answers, element by element as RespuestaSuministro.xsd and RespuestaConsultaLR.xsd define
 * them (element order is significant; an element belongs to the namespace of the schema that
 * declares it: the answers' own elements in siiR / siiLRRC, the content of SuministroInformacion's
 * types in sii). Every shape is validated against the schemas in the simulator's tests.
 */

import type { SiiBookQueryResult, SiiPaymentsQueryResult } from './sii-consulta';
import type { SiiLine, SiiOutcome } from './sii-rules';
import { SII_NS, SII_SERVICE_SPECS, type SiiSimService, type SiiXml } from './sii-soap';
import type { SiiStoredRecord } from './sii-state';
import { leaf, node } from './soap';

const R = 'siiR';
const S = 'sii';
const C = 'siiLRRC';

const max = (v: string | undefined, n: number) => (v === undefined ? undefined : v.slice(0, n));

/** A subtree whose elements all live in `prefix`'s namespace, in the order received. */
function tree(name: string, value: SiiXml, prefix = S): string {
  if (Array.isArray(value)) return value.map((v) => tree(name, v, prefix)).join('');
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object') return leaf(`${prefix}:${name}`, String(value));
  const children = Object.entries(value).map(([k, v]) => tree(k, v, S));
  return `<${prefix}:${name}>${children.join('')}</${prefix}:${name}>`;
}

/** `<p:name>` holding the children of `value` in the sii namespace. */
const wrap = (qname: string, value: SiiXml): string =>
  `<${qname}>${Object.entries(value ?? {})
    .map(([k, v]) => tree(k, v, S))
    .join('')}</${qname}>`;

// --- Suministro / Baja / Cobros / Pagos ----------------------------------------------------------------

function lineXml(service: SiiSimService, withDuplicate: boolean, l: SiiLine): string {
  const r = l.record;
  const estado = [
    leaf(`${R}:EstadoRegistro`, l.estado),
    leaf(`${R}:CodigoErrorRegistro`, l.codigo),
    leaf(`${R}:DescripcionErrorRegistro`, max(l.descripcion, 500)),
  ];
  if (service === 'COBROS' || service === 'PAGOS') {
    return node(`${R}:RespuestaLinea`, wrap(`${R}:IDFactura`, r.idFactura), ...estado);
  }
  const d = l.duplicado;
  return node(
    `${R}:RespuestaLinea`,
    service === 'BI'
      ? node(
          `${R}:PeriodoLiquidacion`,
          leaf(`${R}:Ejercicio`, r.registro.PeriodoLiquidacion?.Ejercicio),
          leaf(`${R}:Periodo`, r.registro.PeriodoLiquidacion?.Periodo),
        )
      : '',
    wrap(`${R}:IDFactura`, r.idFactura),
    service === 'BI' ? leaf(`${R}:IdentificacionBien`, r.id.good ?? '') : '',
    leaf(`${R}:RefExterna`, max(r.refExterna, 60)),
    ...estado,
    leaf(`${R}:CSV`, l.csv),
    withDuplicate && d
      ? node(
          `${R}:RegistroDuplicado`,
          leaf(`${S}:EstadoRegistro`, d.estado),
          leaf(`${S}:CodigoErrorRegistro`, d.codigo),
          leaf(`${S}:DescripcionErrorRegistro`, max(d.descripcion, 500)),
        )
      : '',
  );
}

/** The answer (the SOAP body, without the envelope) of a Suministro, Baja, Cobros or Pagos message. */
export function siiSuministroResponseXml(o: SiiOutcome): string {
  const spec = SII_SERVICE_SPECS[o.service];
  const root = `${R}:${o.exchange === 'BAJA' ? spec.responses.BAJA : spec.responses.SUMINISTRO}`;
  const inner = [
    leaf(`${R}:CSV`, o.csv),
    o.csv
      ? node(
          `${R}:DatosPresentacion`,
          leaf(`${S}:NIFPresentador`, o.presenterNif),
          leaf(`${S}:TimestampPresentacion`, o.presentedAt),
        )
      : '',
    wrap(`${R}:Cabecera`, o.cabecera),
    leaf(`${R}:EstadoEnvio`, o.estadoEnvio),
    ...o.lines.map((l) => lineXml(o.service, o.exchange === 'SUMINISTRO', l)),
  ].join('');
  return `<${root} xmlns:${R}="${SII_NS.siiR}" xmlns:${S}="${SII_NS.sii}">${inner}</${root}>`;
}

// --- ConsultaLR --------------------------------------------------------------------------------------

/**
 * Elements of RespuestaConsultaLR.xsd's invoice types declared as anonymous types there: their
 * children are siiLRRC elements too (one level more); below them, SuministroInformacion's types.
 */
const ANONYMOUS_IN_LRRC = new Set([
  'FacturasAgrupadas',
  'FacturasRectificadas',
  'DatosInmueble',
  'TipoDesglose',
]);

function lrrcTree(name: string, value: SiiXml): string {
  if (Array.isArray(value)) return value.map((v) => lrrcTree(name, v)).join('');
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object') return leaf(`${C}:${name}`, String(value));
  const children = Object.entries(value).map(([k, v]) =>
    ANONYMOUS_IN_LRRC.has(name) ? lrrcTree(k, v) : tree(k, v, S),
  );
  return `<${C}:${name}>${children.join('')}</${C}:${name}>`;
}

/** DatosFacturaEmitida / DatosFacturaRecibida: the invoice as stored, plus whether it has cobros/pagos. */
function datosFactura(r: SiiStoredRecord): string {
  const issued = r.book === 'FE';
  const factura: Record<string, SiiXml> =
    (issued ? r.fields?.FacturaExpedida : r.fields?.FacturaRecibida) ?? {};
  const flag = r.payments.length > 0 ? 'S' : 'N';
  const entries = Object.entries(factura);
  if (issued) entries.push(['Cobros', flag]);
  else {
    // FacturaRespuestaRecibidaType: … CuotaDeducible, Pagos, ADeducirEnPeriodoPosterior?, …
    const at = entries.findIndex(([k]) => k === 'CuotaDeducible');
    entries.splice(at < 0 ? entries.length : at + 1, 0, ['Pagos', flag]);
  }
  const name = issued ? 'DatosFacturaEmitida' : 'DatosFacturaRecibida';
  return `<${C}:${name}>${entries.map(([k, v]) => lrrcTree(k, v)).join('')}</${C}:${name}>`;
}

function datosPresentacion(p: { presenterNif: string; presentedAt: string; csv: string }): string {
  return node(
    `${C}:DatosPresentacion`,
    leaf(`${S}:NIFPresentador`, p.presenterNif),
    leaf(`${S}:TimestampPresentacion`, p.presentedAt),
    leaf(`${S}:CSV`, p.csv),
  );
}

function estadoFactura(r: SiiStoredRecord): string {
  const flagged = r.estado !== 'Anulada' && r.codigo !== undefined;
  return node(
    `${C}:EstadoFactura`,
    leaf(`${C}:TimestampUltimaModificacion`, r.lastModifiedAt),
    leaf(`${C}:EstadoRegistro`, r.estado),
    flagged ? leaf(`${C}:CodigoErrorRegistro`, r.codigo) : '',
    flagged ? leaf(`${C}:DescripcionErrorRegistro`, max(r.descripcion, 500)) : '',
  );
}

function registroConsulta(service: SiiSimService, r: SiiStoredRecord): string {
  const element = `${C}:${SII_SERVICE_SPECS[service].consultaRegistro}`;
  const idFactura = wrap(`${C}:IDFactura`, r.fields?.IDFactura);
  const presentacion = datosPresentacion(r);
  if (service === 'BI') {
    return node(
      element,
      idFactura,
      wrap(`${C}:DatosBienInversion`, r.fields?.BienesInversion),
      presentacion,
      estadoFactura(r),
    );
  }
  if (service === 'OI') {
    return node(
      element,
      idFactura,
      node(
        `${C}:DatosDetOperIntracomunitarias`,
        wrap(`${C}:Contraparte`, r.fields?.Contraparte),
        wrap(`${C}:DetOperIntracomunitarias`, r.fields?.OperacionIntracomunitaria),
      ),
      presentacion,
      estadoFactura(r),
    );
  }
  return node(element, idFactura, datosFactura(r), presentacion, estadoFactura(r));
}

/** The answer of a ConsultaLR of the FE, FR, BI or OI book. */
export function siiConsultaResponseXml(service: SiiSimService, q: SiiBookQueryResult): string {
  const root = `${C}:${SII_SERVICE_SPECS[service].responses.CONSULTA}`;
  const inner = [
    wrap(`${S}:Cabecera`, q.cabecera),
    node(`${C}:PeriodoLiquidacion`, leaf(`${C}:Ejercicio`, q.ejercicio), leaf(`${C}:Periodo`, q.periodo)),
    leaf(`${C}:IndicadorPaginacion`, q.more ? 'S' : 'N'),
    leaf(`${C}:ResultadoConsulta`, q.records.length ? 'ConDatos' : 'SinDatos'),
    ...q.records.map((r) => registroConsulta(service, r)),
  ].join('');
  return `<${root} xmlns:${C}="${SII_NS.siiLRRC}" xmlns:${S}="${SII_NS.sii}">${inner}</${root}>`;
}

/** The answer of a ConsultaCobros or ConsultaPagos. */
export function siiPaymentsResponseXml(service: 'COBROS' | 'PAGOS', q: SiiPaymentsQueryResult): string {
  const root = `${C}:${SII_SERVICE_SPECS[service].responses.CONSULTA}`;
  const datos = service === 'COBROS' ? 'DatosCobro' : 'DatosPago';
  const registro = `${C}:${SII_SERVICE_SPECS[service].consultaRegistro}`;
  const inner = [
    wrap(`${S}:Cabecera`, q.cabecera),
    wrap(`${C}:IDFactura`, q.idFactura),
    leaf(`${C}:IndicadorPaginacion`, 'N'),
    leaf(`${C}:ResultadoConsulta`, q.payments.length ? 'ConDatos' : 'SinDatos'),
    ...q.payments.map((p) => node(registro, wrap(`${C}:${datos}`, p.fields), datosPresentacion(p))),
  ].join('');
  return `<${root} xmlns:${C}="${SII_NS.siiLRRC}" xmlns:${S}="${SII_NS.sii}">${inner}</${root}>`;
}
