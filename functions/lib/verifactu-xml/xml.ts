/**
 * VeriFacTu XML (reference/verifactu-sii.md §1, §4): the RegFactuSistemaFacturacion message built from
 * stored record fields, the ConsultaFactuSistemaFacturacion query, the SOAP 1.1 envelope, and the
 * parsers of the AEAT answers (RespuestaRegFactuSistemaFacturacion, RespuestaConsultaFactuSistemaFacturacion,
 * SOAP faults).
 *
 * Builders emit the elements in XSD order (SuministroInformacion.xsd, SuministroLR.xsd, ConsultaLR.xsd),
 * omit absent optionals (undefined or null) and write every value exactly as stored — the record fields
 * are the strings the huella was computed from, so they are never reformatted, only XML-escaped.
 */

import type {
  DetalleDesglose,
  Encadenamiento,
  IdFactura,
  IdOtro,
  PersonaFisicaJuridica,
  RegistroAltaFields,
  RegistroAnulacionFields,
  SistemaInformatico,
} from '@shared/schemas/verifactu';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// --- namespaces ----------------------------------------------------------------------------------

const AEAT_WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/';
export const NS = {
  sfLR: `${AEAT_WS}SuministroLR.xsd`,
  sf: `${AEAT_WS}SuministroInformacion.xsd`,
  sfR: `${AEAT_WS}RespuestaSuministro.xsd`,
  sfLRC: `${AEAT_WS}ConsultaLR.xsd`,
  sfLRRC: `${AEAT_WS}RespuestaConsultaLR.xsd`,
  soapenv: 'http://schemas.xmlsoap.org/soap/envelope/',
} as const;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
/** Maximum RegistroFactura per message (SuministroLR.xsd, reference §4.4). */
export const MAX_RECORDS_PER_MESSAGE = 1000;

// --- writing helpers -----------------------------------------------------------------------------

/** Escapes the five XML special characters in a text value. */
export const escapeXml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );

type Text = string | null | undefined;

/** `<p:name>value</p:name>`, or '' when the value is absent. */
const leaf = (p: string, name: string, value: Text): string =>
  value === undefined || value === null ? '' : `<${p}:${name}>${escapeXml(value)}</${p}:${name}>`;
/** `<p:name>inner</p:name>` (inner already XML). */
const node = (p: string, name: string, inner: string): string => `<${p}:${name}>${inner}</${p}:${name}>`;
const sf = (name: string, value: Text) => leaf('sf', name, value);
const sfNode = (name: string, inner: string) => node('sf', name, inner);

// --- record fields (SuministroInformacion.xsd) ---------------------------------------------------

/** Fields of the XSD that the stored interfaces do not declare; written when present. */
interface AltaExtras {
  Macrodato?: string;
  EmitidaPorTerceroODestinatario?: string;
  Tercero?: PersonaFisicaJuridica;
  Cupon?: string;
  NumRegistroAcuerdoFacturacion?: string;
  IdAcuerdoSistemaInformatico?: string;
}
interface AnulacionExtras {
  Generador?: PersonaFisicaJuridica;
}

const idOtro = (o: IdOtro): string =>
  sfNode('IDOtro', sf('CodigoPais', o.CodigoPais) + sf('IDType', o.IDType) + sf('ID', o.ID));

/** PersonaFisicaJuridicaType: NombreRazon, then NIF or IDOtro. */
const persona = (p: PersonaFisicaJuridica): string =>
  sf('NombreRazon', p.NombreRazon) +
  ('NIF' in p && p.NIF !== undefined ? sf('NIF', p.NIF) : idOtro((p as { IDOtro: IdOtro }).IDOtro));

const idFacturaAR = (id: IdFactura): string =>
  sf('IDEmisorFactura', id.IDEmisorFactura) +
  sf('NumSerieFactura', id.NumSerieFactura) +
  sf('FechaExpedicionFactura', id.FechaExpedicionFactura);

const detalle = (d: DetalleDesglose): string =>
  sfNode(
    'DetalleDesglose',
    sf('Impuesto', d.Impuesto) +
      sf('ClaveRegimen', d.ClaveRegimen) +
      sf('CalificacionOperacion', d.CalificacionOperacion) +
      sf('OperacionExenta', d.OperacionExenta) +
      sf('TipoImpositivo', d.TipoImpositivo) +
      sf('BaseImponibleOimporteNoSujeto', d.BaseImponibleOimporteNoSujeto) +
      sf('BaseImponibleACoste', d.BaseImponibleACoste) +
      sf('CuotaRepercutida', d.CuotaRepercutida) +
      sf('TipoRecargoEquivalencia', d.TipoRecargoEquivalencia) +
      sf('CuotaRecargoEquivalencia', d.CuotaRecargoEquivalencia),
  );

const encadenamiento = (e: Encadenamiento): string =>
  sfNode(
    'Encadenamiento',
    'PrimerRegistro' in e
      ? sf('PrimerRegistro', e.PrimerRegistro)
      : sfNode('RegistroAnterior', idFacturaAR(e.RegistroAnterior) + sf('Huella', e.RegistroAnterior.Huella)),
  );

const sistemaInformatico = (s: SistemaInformatico): string => {
  const id = s as SistemaInformatico & { IDOtro?: IdOtro };
  return sfNode(
    'SistemaInformatico',
    sf('NombreRazon', s.NombreRazon) +
      (s.NIF !== undefined && s.NIF !== null ? sf('NIF', s.NIF) : id.IDOtro ? idOtro(id.IDOtro) : '') +
      sf('NombreSistemaInformatico', s.NombreSistemaInformatico) +
      sf('IdSistemaInformatico', s.IdSistemaInformatico) +
      sf('Version', s.Version) +
      sf('NumeroInstalacion', s.NumeroInstalacion) +
      sf('TipoUsoPosibleSoloVerifactu', s.TipoUsoPosibleSoloVerifactu) +
      sf('TipoUsoPosibleMultiOT', s.TipoUsoPosibleMultiOT) +
      sf('IndicadorMultiplesOT', s.IndicadorMultiplesOT),
  );
};

const list = <T>(
  name: string,
  item: string,
  values: T[] | null | undefined,
  render: (v: T) => string,
): string =>
  values && values.length > 0 ? sfNode(name, values.map((v) => sfNode(item, render(v))).join('')) : '';

/** `<sf:RegistroAlta>` (RegistroFacturacionAltaType), elements in XSD order. */
export const registroAltaXml = (f: RegistroAltaFields): string => {
  const x = f as RegistroAltaFields & AltaExtras;
  const r = f.ImporteRectificacion;
  return sfNode(
    'RegistroAlta',
    sf('IDVersion', f.IDVersion) +
      sfNode('IDFactura', idFacturaAR(f.IDFactura)) +
      sf('RefExterna', f.RefExterna) +
      sf('NombreRazonEmisor', f.NombreRazonEmisor) +
      sf('Subsanacion', f.Subsanacion) +
      sf('RechazoPrevio', f.RechazoPrevio) +
      sf('TipoFactura', f.TipoFactura) +
      sf('TipoRectificativa', f.TipoRectificativa) +
      list('FacturasRectificadas', 'IDFacturaRectificada', f.FacturasRectificadas, idFacturaAR) +
      list('FacturasSustituidas', 'IDFacturaSustituida', f.FacturasSustituidas, idFacturaAR) +
      (r
        ? sfNode(
            'ImporteRectificacion',
            sf('BaseRectificada', r.BaseRectificada) +
              sf('CuotaRectificada', r.CuotaRectificada) +
              sf('CuotaRecargoRectificado', r.CuotaRecargoRectificado),
          )
        : '') +
      sf('FechaOperacion', f.FechaOperacion) +
      sf('DescripcionOperacion', f.DescripcionOperacion) +
      sf('FacturaSimplificadaArt7273', f.FacturaSimplificadaArt7273) +
      sf('FacturaSinIdentifDestinatarioArt61d', f.FacturaSinIdentifDestinatarioArt61d) +
      sf('Macrodato', x.Macrodato) +
      sf('EmitidaPorTerceroODestinatario', x.EmitidaPorTerceroODestinatario) +
      (x.Tercero ? sfNode('Tercero', persona(x.Tercero)) : '') +
      list('Destinatarios', 'IDDestinatario', f.Destinatarios, persona) +
      sf('Cupon', x.Cupon) +
      sfNode('Desglose', f.Desglose.map(detalle).join('')) +
      sf('CuotaTotal', f.CuotaTotal) +
      sf('ImporteTotal', f.ImporteTotal) +
      encadenamiento(f.Encadenamiento) +
      sistemaInformatico(f.SistemaInformatico) +
      sf('FechaHoraHusoGenRegistro', f.FechaHoraHusoGenRegistro) +
      sf('NumRegistroAcuerdoFacturacion', x.NumRegistroAcuerdoFacturacion) +
      sf('IdAcuerdoSistemaInformatico', x.IdAcuerdoSistemaInformatico) +
      sf('TipoHuella', f.TipoHuella) +
      sf('Huella', f.Huella),
  );
};

/** `<sf:RegistroAnulacion>` (RegistroFacturacionAnulacionType), elements in XSD order. */
export const registroAnulacionXml = (f: RegistroAnulacionFields): string => {
  const x = f as RegistroAnulacionFields & AnulacionExtras;
  return sfNode(
    'RegistroAnulacion',
    sf('IDVersion', f.IDVersion) +
      sfNode(
        'IDFactura',
        sf('IDEmisorFacturaAnulada', f.IDFactura.IDEmisorFacturaAnulada) +
          sf('NumSerieFacturaAnulada', f.IDFactura.NumSerieFacturaAnulada) +
          sf('FechaExpedicionFacturaAnulada', f.IDFactura.FechaExpedicionFacturaAnulada),
      ) +
      sf('RefExterna', f.RefExterna) +
      sf('SinRegistroPrevio', f.SinRegistroPrevio) +
      sf('RechazoPrevio', f.RechazoPrevio) +
      sf('GeneradoPor', f.GeneradoPor) +
      (x.Generador ? sfNode('Generador', persona(x.Generador)) : '') +
      encadenamiento(f.Encadenamiento) +
      sistemaInformatico(f.SistemaInformatico) +
      sf('FechaHoraHusoGenRegistro', f.FechaHoraHusoGenRegistro) +
      sf('TipoHuella', f.TipoHuella) +
      sf('Huella', f.Huella),
  );
};

export const isAltaFields = (
  fields: RegistroAltaFields | RegistroAnulacionFields,
): fields is RegistroAltaFields => 'IDEmisorFactura' in fields.IDFactura;

/** The RegistroAlta or RegistroAnulacion element of one record. */
export const registroXml = (fields: RegistroAltaFields | RegistroAnulacionFields): string =>
  isAltaFields(fields) ? registroAltaXml(fields) : registroAnulacionXml(fields);

// --- RegFactuSistemaFacturacion (SuministroLR.xsd) -----------------------------------------------

export interface Party {
  name: string;
  nif: string;
}

export interface RegFactuInput {
  cabecera: {
    obligado: Party;
    representante?: Party | null;
    /** Records sent late because of a technical incident: RemisionVoluntaria/Incidencia = S. */
    incidencia?: boolean;
  };
  records: (RegistroAltaFields | RegistroAnulacionFields)[];
}

const partyXml = (p: Party): string => sf('NombreRazon', p.name) + sf('NIF', p.nif);

/** The `sfLR:RegFactuSistemaFacturacion` element (no XML declaration): the SOAP body of a submission. */
export const buildRegFactuXml = ({ cabecera, records }: RegFactuInput): string => {
  if (records.length === 0) throw new Error('Un envío a la AEAT necesita al menos un registro.');
  if (records.length > MAX_RECORDS_PER_MESSAGE)
    throw new Error(
      `Un envío a la AEAT admite como máximo ${MAX_RECORDS_PER_MESSAGE} registros (${records.length}).`,
    );
  const head =
    sfNode('ObligadoEmision', partyXml(cabecera.obligado)) +
    (cabecera.representante ? sfNode('Representante', partyXml(cabecera.representante)) : '') +
    (cabecera.incidencia ? sfNode('RemisionVoluntaria', sf('Incidencia', 'S')) : '');
  return (
    `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${NS.sfLR}" xmlns:sf="${NS.sf}">` +
    node('sfLR', 'Cabecera', head) +
    records.map((r) => node('sfLR', 'RegistroFactura', registroXml(r))).join('') +
    '</sfLR:RegFactuSistemaFacturacion>'
  );
};

/** A standalone XML document (declaration + message), for the "record as XML" download. */
export const buildRegFactuDocument = (input: RegFactuInput): string =>
  `${XML_DECLARATION}\n${buildRegFactuXml(input)}\n`;

// --- ConsultaFactuSistemaFacturacion (ConsultaLR.xsd) --------------------------------------------

export interface ConsultaInput {
  obligado: Party;
  /** YYYY */
  ejercicio: string;
  /** '01'..'12' */
  periodo: string;
  numSerie?: string;
  /** dd-mm-yyyy, or a range { desde?, hasta? } (dd-mm-yyyy each). */
  fechaExpedicion?: string | { desde?: string; hasta?: string };
  refExterna?: string;
  /** The ClavePaginacion returned by the previous page (IndicadorPaginacion = S). */
  clavePaginacion?: IdFactura | null;
  /** Cabecera/IndicadorRepresentante = S (querying as representative of the obligado). */
  indicadorRepresentante?: boolean;
  /** DatosAdicionalesRespuesta: ask for NombreRazonEmisor / SistemaInformatico in the answer. */
  mostrarNombreRazonEmisor?: boolean;
  mostrarSistemaInformatico?: boolean;
}

const lrc = (name: string, value: Text) => leaf('sfLRC', name, value);
const lrcNode = (name: string, inner: string) => node('sfLRC', name, inner);

/** The `sfLRC:ConsultaFactuSistemaFacturacion` element (no XML declaration), query by issuer and period. */
export const buildConsultaXml = (q: ConsultaInput): string => {
  if (!/^\d{4}$/.test(q.ejercicio)) throw new Error(`Ejercicio no válido: ${q.ejercicio}`);
  if (!/^(0[1-9]|1[0-2])$/.test(q.periodo)) throw new Error(`Periodo no válido: ${q.periodo}`);
  const cabecera =
    sf('IDVersion', '1.0') +
    sfNode('ObligadoEmision', partyXml(q.obligado)) +
    (q.indicadorRepresentante ? sf('IndicadorRepresentante', 'S') : '');
  const fecha =
    q.fechaExpedicion === undefined
      ? ''
      : lrcNode(
          'FechaExpedicionFactura',
          typeof q.fechaExpedicion === 'string'
            ? sf('FechaExpedicionFactura', q.fechaExpedicion)
            : sfNode(
                'RangoFechaExpedicion',
                sf('Desde', q.fechaExpedicion.desde) + sf('Hasta', q.fechaExpedicion.hasta),
              ),
        );
  const filtro =
    lrcNode('PeriodoImputacion', sf('Ejercicio', q.ejercicio) + sf('Periodo', q.periodo)) +
    lrc('NumSerieFactura', q.numSerie) +
    fecha +
    lrc('RefExterna', q.refExterna) +
    (q.clavePaginacion ? lrcNode('ClavePaginacion', idFacturaAR(q.clavePaginacion)) : '');
  const adicionales =
    q.mostrarNombreRazonEmisor || q.mostrarSistemaInformatico
      ? lrcNode(
          'DatosAdicionalesRespuesta',
          (q.mostrarNombreRazonEmisor ? lrc('MostrarNombreRazonEmisor', 'S') : '') +
            (q.mostrarSistemaInformatico ? lrc('MostrarSistemaInformatico', 'S') : ''),
        )
      : '';
  return (
    `<sfLRC:ConsultaFactuSistemaFacturacion xmlns:sfLRC="${NS.sfLRC}" xmlns:sf="${NS.sf}">` +
    lrcNode('Cabecera', cabecera) +
    lrcNode('FiltroConsulta', filtro) +
    adicionales +
    '</sfLRC:ConsultaFactuSistemaFacturacion>'
  );
};

// --- SOAP 1.1 envelope ---------------------------------------------------------------------------

const stripDeclaration = (xml: string): string => xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');

/** Wraps a message body in a SOAP 1.1 envelope (soapenv namespace, empty Header). */
export const wrapSoap = (bodyXml: string): string =>
  `${XML_DECLARATION}<soapenv:Envelope xmlns:soapenv="${NS.soapenv}"><soapenv:Header/><soapenv:Body>${stripDeclaration(bodyXml).trim()}</soapenv:Body></soapenv:Envelope>`;

const xmlnsDeclarations = (attributes: string): Map<string, string> => {
  const out = new Map<string, string>();
  for (const m of attributes.matchAll(/\s(xmlns(?::[\w.-]+)?)\s*=\s*("[^"]*"|'[^']*')/g))
    out.set(m[1]!, m[2]!);
  return out;
};

/**
 * The content of a SOAP envelope's Body (the message element, standalone): namespace declarations
 * made on Envelope or Body are copied onto the message element, so it can be validated on its own.
 * Throws when the text is not a SOAP envelope with a non-empty Body.
 */
export const unwrapSoap = (text: string): string => {
  const envelope = /<([A-Za-z_][\w.-]*:)?Envelope\b([^>]*)>/.exec(text);
  if (!envelope) throw new Error('El mensaje no es un sobre SOAP.');
  const prefix = envelope[1] ?? '';
  const rest = text.slice(envelope.index + envelope[0].length);
  const body = new RegExp(`<${prefix}Body\\b([^>]*?)(/?)>`).exec(rest);
  if (!body || body[2] === '/') throw new Error('El sobre SOAP no tiene cuerpo.');
  const start = body.index + body[0].length;
  const end = rest.lastIndexOf(`</${prefix}Body>`);
  if (end < start) throw new Error('El sobre SOAP está incompleto.');
  const inner = rest.slice(start, end).trim();
  const first = /<([A-Za-z_][\w.:-]*)([^>]*?)(\/?)>/.exec(inner);
  if (!first) throw new Error('El sobre SOAP no tiene cuerpo.');
  const inherited = new Map([...xmlnsDeclarations(envelope[2] ?? ''), ...xmlnsDeclarations(body[1] ?? '')]);
  const own = xmlnsDeclarations(first[2] ?? '');
  // Only the declarations the message may use (a prefix that appears in it), so that a round trip
  // through wrapSoap gives back the same text.
  const used = (name: string) => name === 'xmlns' || inner.includes(`${name.slice('xmlns:'.length)}:`);
  const added = [...inherited]
    .filter(([name]) => !own.has(name) && used(name))
    .map(([name, value]) => ` ${name}=${value}`);
  if (added.length === 0) return inner;
  const at = first.index + 1 + first[1]!.length;
  return inner.slice(0, at) + added.join('') + inner.slice(at);
};

// --- parsing the AEAT answers --------------------------------------------------------------------

export const UNREADABLE_RESPONSE = 'Respuesta de la AEAT ilegible';

const ARRAY_TAGS = new Set([
  'RespuestaLinea',
  'RegistroRespuestaConsultaFactuSistemaFacturacion',
  'IDDestinatario',
  'IDFacturaRectificada',
  'IDFacturaSustituida',
  'DetalleDesglose',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Decodes numeric character references (&#241;) as well as the five XML entities.
  htmlEntities: true,
  isArray: (name) => ARRAY_TAGS.has(name),
});

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Obj | null => (isObj(v) ? v : null);
/** A text value (elements with only text parse to strings; empty elements to ''). */
const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
const textOrNull = (v: unknown): string | null => {
  const t = text(v);
  return t === null || t === '' ? null : t;
};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

export interface SoapFault {
  kind: 'fault';
  /** The local part of faultcode: 'Client' (fix the content) or 'Server' (resend the same message). */
  faultcode: string;
  faultstring: string;
  /** The AEAT code in "Codigo[4102]…", or null. */
  code: string | null;
}

const unreadable = (): Error => new Error(UNREADABLE_RESPONSE);

/** Parses a SOAP envelope (or a bare message); returns the Body's content object, or a fault. */
const parseBody = (xml: string): { fault: SoapFault } | { body: Obj } => {
  if (typeof xml !== 'string' || xml.trim() === '' || XMLValidator.validate(xml) !== true) throw unreadable();
  let doc: Obj;
  try {
    doc = parser.parse(xml) as Obj;
  } catch {
    throw unreadable();
  }
  const envelope = obj(doc.Envelope);
  const body = envelope ? obj(envelope.Body) : doc;
  if (!body) throw unreadable();
  const fault = obj(body.Fault);
  if (fault) {
    const faultcode = text(fault.faultcode) ?? '';
    const faultstring = text(fault.faultstring) ?? '';
    const code = /Codigo\s*\[\s*(\d+)\s*\]/i.exec(faultstring)?.[1] ?? null;
    return { fault: { kind: 'fault', faultcode: faultcode.replace(/^.*:/, ''), faultstring, code } };
  }
  return { body };
};

const idFacturaOf = (v: unknown): { nif: string; numSerie: string; fecha: string } => {
  const id = obj(v);
  const nif = text(id?.IDEmisorFactura);
  const numSerie = text(id?.NumSerieFactura);
  const fecha = text(id?.FechaExpedicionFactura);
  if (nif === null || numSerie === null || fecha === null) throw unreadable();
  return { nif, numSerie, fecha };
};

const ESTADOS_ENVIO = ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'] as const;
const ESTADOS_REGISTRO = ['Correcto', 'AceptadoConErrores', 'Incorrecto'] as const;
const TIPOS_OPERACION = ['Alta', 'Anulacion'] as const;

const oneOf = <T extends string>(values: readonly T[], v: unknown): T => {
  const t = text(v);
  if (t === null || !(values as readonly string[]).includes(t)) throw unreadable();
  return t as T;
};

export interface RegFactuLine {
  idFactura: { nif: string; numSerie: string; fecha: string };
  tipoOperacion: 'Alta' | 'Anulacion';
  subsanacion?: string;
  rechazoPrevio?: string;
  sinRegistroPrevio?: string;
  refExterna: string | null;
  estadoRegistro: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  code: string | null;
  message: string | null;
  /** RegistroDuplicado (code 3000): the record already at the AEAT. estado: Correcta / AceptadaConErrores / Anulada. */
  duplicado: { idPeticion: string; estado: string; code: string | null; message: string | null } | null;
}

export interface RegFactuResponse {
  kind: 'response';
  /** Present unless every record was rejected; store it, it cannot be retrieved later. */
  csv: string | null;
  estadoEnvio: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
  /** Seconds to wait before the next submission (flow control, reference §4.4). */
  tiempoEsperaEnvio: number | null;
  presentacion: { nif: string; timestamp: string } | null;
  lines: RegFactuLine[];
}

export type RegFactuOutcome = RegFactuResponse | SoapFault;

/**
 * Parses the AEAT answer to a RegFactuSistemaFacturacion (SOAP envelope or bare message).
 * Throws Error('Respuesta de la AEAT ilegible') when the text is not such an answer.
 */
export const parseRegFactuResponse = (xml: string): RegFactuOutcome => {
  const parsed = parseBody(xml);
  if ('fault' in parsed) return parsed.fault;
  const r = obj(parsed.body.RespuestaRegFactuSistemaFacturacion);
  if (!r) throw unreadable();
  const wait = textOrNull(r.TiempoEsperaEnvio);
  const waitNumber = wait === null ? null : Number(wait);
  const presentacion = obj(r.DatosPresentacion);
  const lines = arr(r.RespuestaLinea).map((raw): RegFactuLine => {
    const l = obj(raw);
    if (!l) throw unreadable();
    const op = obj(l.Operacion);
    const dup = obj(l.RegistroDuplicado);
    const line: RegFactuLine = {
      idFactura: idFacturaOf(l.IDFactura),
      tipoOperacion: oneOf(TIPOS_OPERACION, op?.TipoOperacion),
      refExterna: textOrNull(l.RefExterna),
      estadoRegistro: oneOf(ESTADOS_REGISTRO, l.EstadoRegistro),
      code: textOrNull(l.CodigoErrorRegistro),
      message: textOrNull(l.DescripcionErrorRegistro),
      duplicado: dup
        ? {
            idPeticion: text(dup.IdPeticionRegistroDuplicado) ?? '',
            estado: text(dup.EstadoRegistroDuplicado) ?? '',
            code: textOrNull(dup.CodigoErrorRegistro),
            message: textOrNull(dup.DescripcionErrorRegistro),
          }
        : null,
    };
    const subsanacion = textOrNull(op?.Subsanacion);
    const rechazoPrevio = textOrNull(op?.RechazoPrevio);
    const sinRegistroPrevio = textOrNull(op?.SinRegistroPrevio);
    if (subsanacion !== null) line.subsanacion = subsanacion;
    if (rechazoPrevio !== null) line.rechazoPrevio = rechazoPrevio;
    if (sinRegistroPrevio !== null) line.sinRegistroPrevio = sinRegistroPrevio;
    return line;
  });
  const nif = textOrNull(presentacion?.NIFPresentador);
  const timestamp = textOrNull(presentacion?.TimestampPresentacion);
  return {
    kind: 'response',
    csv: textOrNull(r.CSV),
    estadoEnvio: oneOf(ESTADOS_ENVIO, r.EstadoEnvio),
    tiempoEsperaEnvio: waitNumber !== null && Number.isFinite(waitNumber) ? waitNumber : null,
    presentacion: nif !== null && timestamp !== null ? { nif, timestamp } : null,
    lines,
  };
};

export interface ConsultaRecord {
  idFactura: { nif: string; numSerie: string; fecha: string };
  /** EstadoRegistro of the stored record as the AEAT writes it (XSD: Correcto, AceptadoConErrores, Anulado). */
  estadoRegistro: string;
  code: string | null;
  message: string | null;
  huella: string | null;
  /** FechaHoraHusoGenRegistro of the stored record (matches our record's timestamp). */
  timestamp: string | null;
  /** TimestampUltimaModificacion at the AEAT. */
  lastModified: string | null;
  refExterna: string | null;
  tipoFactura: string | null;
  /** DatosPresentacion/IdPeticion of the submission that stored it. */
  idPeticion: string | null;
}

export interface ConsultaResponse {
  kind: 'response';
  resultado: 'ConDatos' | 'SinDatos';
  /** IndicadorPaginacion = S: ask again with clavePaginacion for the next page. */
  paginacion: boolean;
  clavePaginacion: IdFactura | null;
  records: ConsultaRecord[];
}

export type ConsultaOutcome = ConsultaResponse | SoapFault;

/** Parses the AEAT answer to a ConsultaFactuSistemaFacturacion (SOAP envelope or bare message). */
export const parseConsultaResponse = (xml: string): ConsultaOutcome => {
  const parsed = parseBody(xml);
  if ('fault' in parsed) return parsed.fault;
  const r = obj(parsed.body.RespuestaConsultaFactuSistemaFacturacion);
  if (!r) throw unreadable();
  const records = arr(r.RegistroRespuestaConsultaFactuSistemaFacturacion).map((raw): ConsultaRecord => {
    const rec = obj(raw);
    if (!rec) throw unreadable();
    const datos = obj(rec.DatosRegistroFacturacion);
    const estado = obj(rec.EstadoRegistro);
    const estadoRegistro = textOrNull(estado?.EstadoRegistro);
    if (estadoRegistro === null) throw unreadable();
    return {
      idFactura: idFacturaOf(rec.IDFactura),
      estadoRegistro,
      code: textOrNull(estado?.CodigoErrorRegistro),
      message: textOrNull(estado?.DescripcionErrorRegistro),
      huella: textOrNull(datos?.Huella),
      timestamp: textOrNull(datos?.FechaHoraHusoGenRegistro),
      lastModified: textOrNull(estado?.TimestampUltimaModificacion),
      refExterna: textOrNull(datos?.RefExterna),
      tipoFactura: textOrNull(datos?.TipoFactura),
      idPeticion: textOrNull(obj(rec.DatosPresentacion)?.IdPeticion),
    };
  });
  const clave = obj(r.ClavePaginacion);
  let clavePaginacion: IdFactura | null = null;
  if (clave) {
    const id = idFacturaOf(clave);
    clavePaginacion = {
      IDEmisorFactura: id.nif,
      NumSerieFactura: id.numSerie,
      FechaExpedicionFactura: id.fecha,
    };
  }
  return {
    kind: 'response',
    resultado: oneOf(['ConDatos', 'SinDatos'] as const, r.ResultadoConsulta),
    paginacion: text(r.IndicadorPaginacion) === 'S',
    clavePaginacion,
    records,
  };
};
