/**
 * The AEAT's answers, element by element as RespuestaSuministro.xsd and RespuestaConsultaLR.xsd
 * define them (element order is significant), with the prefixes the AEAT itself uses (tikR, tik,
 * tikLRRC). Both are validated against the schemas in the simulator's tests.
 */

import type { LineResult, RegFactuOutcome } from './rules';
import { leaf, NS, node, type XmlNode } from './soap';
import type { InvoiceEntry } from './state';

const R = 'tikR';
const SF = 'tik';
const C = 'tikLRRC';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const max = (v: string | undefined, n: number) => (v === undefined ? undefined : v.slice(0, n));

/** A subtree whose elements all live in SuministroInformacion's namespace, in the order received. */
function sfTree(name: string, value: XmlNode, prefix = SF): string {
  if (Array.isArray(value)) return value.map((v) => sfTree(name, v, prefix)).join('');
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object') return leaf(`${prefix}:${name}`, String(value));
  const children = Object.entries(value).map(([k, v]) => sfTree(k, v));
  // An element present but empty in the request (e.g. <RemisionVoluntaria/>) is echoed empty.
  return `<${prefix}:${name}>${children.join('')}</${prefix}:${name}>`;
}

function cabeceraEcho(qname: string, cabecera: XmlNode): string {
  const c = cabecera ?? {};
  return node(
    qname,
    sfTree('ObligadoEmision', c.ObligadoEmision),
    sfTree('Representante', c.Representante),
    typeof c.RemisionVoluntaria === 'object' ? sfTree('RemisionVoluntaria', c.RemisionVoluntaria) : '',
    typeof c.RemisionRequerimiento === 'object'
      ? sfTree('RemisionRequerimiento', c.RemisionRequerimiento)
      : '',
  );
}

function idFactura(qname: string, l: { nif: string; numSerie: string; fecha: string }): string {
  return node(
    qname,
    leaf(`${SF}:IDEmisorFactura`, l.nif),
    leaf(`${SF}:NumSerieFactura`, l.numSerie),
    leaf(`${SF}:FechaExpedicionFactura`, l.fecha),
  );
}

function respuestaLinea(l: LineResult): string {
  const d = l.duplicado;
  return node(
    `${R}:RespuestaLinea`,
    idFactura(`${R}:IDFactura`, l.id),
    node(
      `${R}:Operacion`,
      leaf(`${SF}:TipoOperacion`, l.operacion.tipo),
      leaf(`${SF}:Subsanacion`, str(l.operacion.subsanacion)),
      leaf(`${SF}:RechazoPrevio`, str(l.operacion.rechazoPrevio)),
      leaf(`${SF}:SinRegistroPrevio`, str(l.operacion.sinRegistroPrevio)),
    ),
    leaf(`${R}:RefExterna`, max(l.refExterna, 60)),
    leaf(`${R}:EstadoRegistro`, l.estado),
    leaf(`${R}:CodigoErrorRegistro`, l.codigo),
    leaf(`${R}:DescripcionErrorRegistro`, max(l.descripcion, 1500)),
    d
      ? node(
          `${R}:RegistroDuplicado`,
          leaf(`${SF}:IdPeticionRegistroDuplicado`, d.idPeticion),
          leaf(`${SF}:EstadoRegistroDuplicado`, d.estado),
          leaf(`${SF}:CodigoErrorRegistro`, d.codigo),
          leaf(`${SF}:DescripcionErrorRegistro`, max(d.descripcion, 500)),
        )
      : '',
  );
}

/** RespuestaRegFactuSistemaFacturacion (the SOAP body, without the envelope). */
export function regFactuResponseXml(o: RegFactuOutcome, waitSeconds: number): string {
  const inner = [
    leaf(`${R}:CSV`, o.csv),
    o.csv
      ? node(
          `${R}:DatosPresentacion`,
          leaf(`${SF}:NIFPresentador`, o.presenterNif),
          leaf(`${SF}:TimestampPresentacion`, o.presentedAt),
        )
      : '',
    cabeceraEcho(`${R}:Cabecera`, o.cabecera),
    leaf(`${R}:TiempoEsperaEnvio`, String(waitSeconds)),
    leaf(`${R}:EstadoEnvio`, o.estadoEnvio),
    ...o.lines.map(respuestaLinea),
  ].join('');
  return `<${R}:RespuestaRegFactuSistemaFacturacion xmlns:${R}="${NS.sfR}" xmlns:${SF}="${NS.sf}">${inner}</${R}:RespuestaRegFactuSistemaFacturacion>`;
}

/** Children of an anonymous list element of RespuestaConsultaLR.xsd (items in tikLRRC, content in tik). */
function consultaList(listName: string, itemName: string, value: XmlNode): string {
  const items: XmlNode[] | undefined = value?.[itemName];
  if (!items?.length) return '';
  return node(`${C}:${listName}`, ...items.map((i) => sfTree(itemName, i, C)));
}

function datosRegistro(r: XmlNode): string {
  const enc = r.Encadenamiento ?? {};
  const simple = (name: string) => leaf(`${C}:${name}`, str(r[name]));
  return node(
    `${C}:DatosRegistroFacturacion`,
    simple('NombreRazonEmisor'),
    simple('RefExterna'),
    simple('Subsanacion'),
    simple('RechazoPrevio'),
    simple('SinRegistroPrevio'),
    simple('GeneradoPor'),
    r.Generador ? sfTree('Generador', r.Generador, C) : '',
    simple('TipoFactura'),
    simple('TipoRectificativa'),
    consultaList('FacturasRectificadas', 'IDFacturaRectificada', r.FacturasRectificadas),
    consultaList('FacturasSustituidas', 'IDFacturaSustituida', r.FacturasSustituidas),
    r.ImporteRectificacion ? sfTree('ImporteRectificacion', r.ImporteRectificacion, C) : '',
    simple('FechaOperacion'),
    simple('DescripcionOperacion'),
    simple('FacturaSimplificadaArt7273'),
    simple('FacturaSinIdentifDestinatarioArt61d'),
    simple('Macrodato'),
    simple('EmitidaPorTerceroODestinatario'),
    r.Tercero ? sfTree('Tercero', r.Tercero, C) : '',
    consultaList('Destinatarios', 'IDDestinatario', r.Destinatarios),
    simple('Cupon'),
    r.Desglose ? sfTree('Desglose', r.Desglose, C) : '',
    simple('CuotaTotal'),
    simple('ImporteTotal'),
    enc.PrimerRegistro
      ? node(`${C}:Encadenamiento`, leaf(`${C}:PrimerRegistro`, 'S'))
      : enc.RegistroAnterior
        ? node(`${C}:Encadenamiento`, sfTree('RegistroAnterior', enc.RegistroAnterior, C))
        : '',
    r.SistemaInformatico ? sfTree('SistemaInformatico', r.SistemaInformatico, C) : '',
    simple('FechaHoraHusoGenRegistro'),
    simple('NumRegistroAcuerdoFacturacion'),
    simple('IdAcuerdoSistemaInformatico'),
    simple('TipoHuella'),
    simple('Huella'),
  );
}

function registroConsulta(e: InvoiceEntry): string {
  // The invoice's registration data is its latest alta; an anulación without a previous alta shows itself.
  const shown = e.alta ?? e.anulacion!;
  const estado = e.anulacion ? 'Anulado' : shown.estado;
  const errorSource = e.anulacion ? undefined : shown;
  return node(
    `${C}:RegistroRespuestaConsultaFactuSistemaFacturacion`,
    idFactura(`${C}:IDFactura`, e.id),
    datosRegistro(shown.fields),
    node(
      `${C}:DatosPresentacion`,
      leaf(`${SF}:NIFPresentador`, shown.presenterNif),
      leaf(`${SF}:TimestampPresentacion`, shown.presentedAt),
      leaf(`${SF}:IdPeticion`, shown.csv),
    ),
    node(
      `${C}:EstadoRegistro`,
      leaf(`${C}:TimestampUltimaModificacion`, e.lastModifiedAt),
      leaf(`${C}:EstadoRegistro`, estado),
      leaf(`${C}:CodigoErrorRegistro`, errorSource?.codigo),
      leaf(`${C}:DescripcionErrorRegistro`, max(errorSource?.descripcion, 500)),
    ),
  );
}

/** RespuestaConsultaFactuSistemaFacturacion (the SOAP body, without the envelope). */
export function consultaResponseXml(q: {
  cabecera: XmlNode;
  ejercicio: string;
  periodo: string;
  entries: InvoiceEntry[];
}): string {
  const c = q.cabecera ?? {};
  const inner = [
    node(
      `${C}:Cabecera`,
      leaf(`${SF}:IDVersion`, str(c.IDVersion) ?? '1.0'),
      c.ObligadoEmision ? sfTree('ObligadoEmision', c.ObligadoEmision) : '',
      c.Destinatario ? sfTree('Destinatario', c.Destinatario) : '',
      leaf(`${SF}:IndicadorRepresentante`, str(c.IndicadorRepresentante)),
    ),
    node(`${C}:PeriodoImputacion`, leaf(`${C}:Ejercicio`, q.ejercicio), leaf(`${C}:Periodo`, q.periodo)),
    leaf(`${C}:IndicadorPaginacion`, 'N'),
    leaf(`${C}:ResultadoConsulta`, q.entries.length ? 'ConDatos' : 'SinDatos'),
    ...q.entries.map(registroConsulta),
  ].join('');
  return `<${C}:RespuestaConsultaFactuSistemaFacturacion xmlns:${C}="${NS.sfLRRC}" xmlns:${SF}="${NS.sf}">${inner}</${C}:RespuestaConsultaFactuSistemaFacturacion>`;
}
