/**
 * The AEAT's SII answers: to a Suministro or Baja (RespuestaSuministro.xsd: EstadoEnvio and one
 * RespuestaLinea per record) and to a ConsultaLR (RespuestaConsultaLR.xsd), inside a SOAP 1.1
 * envelope or bare. A SOAP Fault (the whole message refused: schema 4102, header, certificate…) throws
 * `SiiSoapFaultError`; anything that is not an AEAT answer throws `SiiResponseError`.
 *
 * Every line names its invoice; `lineKey(line.invoiceId)` (with IdentificacionBien for BI) matches
 * it to the record sent. Dates come back ISO, timestamps ISO with the Madrid offset.
 */

import type { SiiInvoiceId } from '@shared/schemas/sii';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { SiiPaginationKey } from './consulta';
import { isoFromAeatDate, isoFromAeatTimestamp } from './format';
import { lineKey } from './line-key';
import { SII_SERVICE_DEFS, SII_SERVICES, type SiiService } from './services';

/** The whole message was refused (SOAP Fault). `faultCode` is the local part: Client (fix it) or Server (resend). */
export class SiiSoapFaultError extends Error {
  override readonly name = 'SiiSoapFaultError';
  constructor(
    readonly faultCode: string,
    readonly faultString: string,
    /** The AEAT code of "Codigo[4102].…", or null. */
    readonly code: string | null = /Codigo\s*\[\s*(\d+)\s*\]/i.exec(faultString)?.[1] ?? null,
  ) {
    super(`SOAP Fault ${faultCode}: ${faultString}`);
  }
}

/** The text is not an answer of the AEAT's SII (not XML, another element, a missing required value…). */
export class SiiResponseError extends Error {
  override readonly name = 'SiiResponseError';
  constructor(detail: string) {
    super(`Respuesta del SII ilegible: ${detail}`);
  }
}

// --- reading -------------------------------------------------------------------------------------

const ARRAY_TAGS = new Set([
  'RespuestaLinea',
  'RegistroRespuestaConsultaLRFacturasEmitidas',
  'RegistroRespuestaConsultaLRFacturasRecibidas',
  'RegistroRespuestaConsultaLRBienesInversion',
  'RegistroRespuestaConsultaLRDetOperIntracomunitarias',
  'RegistroRespuestaConsultaCobros',
  'RegistroRespuestaConsultaPagos',
  'IDFacturaRectificada',
  'IDFacturaAgrupada',
  'DetalleIVA',
  'DetalleExenta',
  'DetalleInmueble',
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
const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
const textOrNull = (v: unknown): string | null => {
  const t = text(v);
  return t === null || t === '' ? null : t;
};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

const required = (v: unknown, what: string): string => {
  const t = textOrNull(v);
  if (t === null) throw new SiiResponseError(`falta ${what}`);
  return t;
};

const oneOf = <T extends string>(values: readonly T[], v: unknown, what: string): T => {
  const t = text(v);
  if (t === null || !(values as readonly string[]).includes(t))
    throw new SiiResponseError(`${what} no válido (${t ?? 'vacío'})`);
  return t as T;
};

/** The Body's single message element (name without prefix, content), after a SOAP Fault check. */
const messageOf = (xml: string): { name: string; content: Obj } => {
  if (typeof xml !== 'string' || xml.trim() === '') throw new SiiResponseError('respuesta vacía');
  if (XMLValidator.validate(xml) !== true) throw new SiiResponseError('no es XML bien formado');
  let doc: Obj;
  try {
    doc = parser.parse(xml) as Obj;
  } catch {
    throw new SiiResponseError('no es XML bien formado');
  }
  const envelope = obj(doc.Envelope);
  const body = envelope ? obj(envelope.Body) : doc;
  if (!body) throw new SiiResponseError('el sobre SOAP no tiene cuerpo');
  if ('Fault' in body) {
    const fault = obj(body.Fault) ?? {};
    // SOAP 1.1 (faultcode, faultstring); SOAP 1.2 (Code/Value, Reason/Text) read alike.
    const code = text(fault.faultcode) ?? text(obj(fault.Code)?.Value) ?? '';
    const reason = text(fault.faultstring) ?? text(obj(fault.Reason)?.Text) ?? '';
    throw new SiiSoapFaultError(code.replace(/^.*:/, ''), reason);
  }
  const names = Object.keys(body).filter((k) => k !== '?xml');
  if (names.length !== 1) throw new SiiResponseError('el cuerpo no tiene un único mensaje');
  const name = names[0]!;
  const content = obj(body[name]);
  if (!content) throw new SiiResponseError(`${name} está vacío`);
  return { name, content };
};

export interface SiiAnswerInvoiceId extends SiiInvoiceId {
  /** NombreRazon of IDEmisorFactura, where the answer carries it (FR bajas, BI, OI, PAGOS). */
  issuerName: string | null;
}

/** IDFactura of any shape: IDEmisorFactura{[NombreRazon], NIF | IDOtro}, number, date (→ ISO). */
const invoiceIdOf = (v: unknown): SiiAnswerInvoiceId => {
  const id = obj(v);
  if (!id) throw new SiiResponseError('falta IDFactura');
  const issuer = obj(id.IDEmisorFactura);
  if (!issuer) throw new SiiResponseError('falta IDFactura/IDEmisorFactura');
  const otro = obj(issuer.IDOtro);
  const issuerNif = textOrNull(issuer.NIF);
  if (issuerNif === null && !otro) throw new SiiResponseError('IDEmisorFactura sin NIF ni IDOtro');
  const date = required(id.FechaExpedicionFacturaEmisor, 'FechaExpedicionFacturaEmisor');
  const issueDate = isoFromAeatDate(date);
  if (issueDate === null) throw new SiiResponseError(`FechaExpedicionFacturaEmisor no válida (${date})`);
  return {
    issuerNif,
    issuerOtherId: otro
      ? {
          countryCode: textOrNull(otro.CodigoPais) ?? '',
          idType: required(otro.IDType, 'IDOtro/IDType'),
          id: required(otro.ID, 'IDOtro/ID'),
        }
      : null,
    number: required(id.NumSerieFacturaEmisor, 'NumSerieFacturaEmisor'),
    issueDate,
    issuerName: textOrNull(issuer.NombreRazon),
  };
};

/** Timestamp 'DD-MM-YYYY HH:mm:ss' → ISO with the Madrid offset (null when absent or not one). */
const timestampOf = (v: unknown): string | null => {
  const t = textOrNull(v);
  return t === null ? null : isoFromAeatTimestamp(t);
};

// --- RespuestaSuministro ---------------------------------------------------------------------------

export type SiiSendState = 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
export type SiiLineState = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
export type SiiStoredState = 'Correcta' | 'AceptadaConErrores' | 'Anulada';

export interface SiiResponseLine {
  invoiceId: SiiAnswerInvoiceId;
  /** IdentificacionBien (BI). */
  goodIdentification: string | null;
  /** lineKey of the line (with IdentificacionBien for BI): equal to the sent record's. */
  key: string;
  state: SiiLineState;
  code: string | null;
  message: string | null;
  /** RegistroDuplicado (code 3000): what the AEAT already holds (Correcta, AceptadaConErrores, Anulada). */
  duplicate: { state: string; code: string | null; message: string | null } | null;
  /** CSV of the record already registered (only on a rejected duplicate). */
  csv: string | null;
}

export interface SiiSuministroResponse {
  service: SiiService;
  kind: 'SUMINISTRO' | 'ANULACION';
  /** CSV of the submission; absent when the whole submission was rejected. Keep it: it cannot be asked again. */
  csv: string | null;
  state: SiiSendState;
  presentation: { nif: string; timestamp: string } | null;
  lines: SiiResponseLine[];
}

/** Answer element → service and kind (the `response` of each WSDL operation). */
const SUMINISTRO_ANSWERS = new Map<string, { service: SiiService; kind: 'SUMINISTRO' | 'ANULACION' }>(
  SII_SERVICES.flatMap((service) => {
    const ops = SII_SERVICE_DEFS[service].operations;
    const out: [string, { service: SiiService; kind: 'SUMINISTRO' | 'ANULACION' }][] = [
      [ops.SUMINISTRO.response, { service, kind: 'SUMINISTRO' }],
    ];
    if (ops.ANULACION) out.push([ops.ANULACION.response, { service, kind: 'ANULACION' }]);
    return out;
  }),
);

const presentationOf = (v: unknown): { nif: string; timestamp: string } | null => {
  const p = obj(v);
  const nif = textOrNull(p?.NIFPresentador);
  const timestamp = timestampOf(p?.TimestampPresentacion);
  return nif !== null && timestamp !== null ? { nif, timestamp } : null;
};

/** Parses the answer to a Suministro or Baja message (SOAP envelope or bare). */
export const parseSuministroResponse = (xml: string): SiiSuministroResponse => {
  const { name, content: r } = messageOf(xml);
  const what = SUMINISTRO_ANSWERS.get(name);
  if (!what) throw new SiiResponseError(`${name} no es una respuesta a un envío del SII`);
  const lines = arr(r.RespuestaLinea).map((raw): SiiResponseLine => {
    const l = obj(raw);
    if (!l) throw new SiiResponseError('RespuestaLinea vacía');
    const invoiceId = invoiceIdOf(l.IDFactura);
    const goodIdentification = textOrNull(l.IdentificacionBien);
    const dup = obj(l.RegistroDuplicado);
    return {
      invoiceId,
      goodIdentification,
      key: lineKey(invoiceId, goodIdentification),
      state: oneOf(
        ['Correcto', 'AceptadoConErrores', 'Incorrecto'] as const,
        l.EstadoRegistro,
        'EstadoRegistro',
      ),
      code: textOrNull(l.CodigoErrorRegistro),
      message: textOrNull(l.DescripcionErrorRegistro),
      duplicate: dup
        ? {
            state: required(dup.EstadoRegistro, 'RegistroDuplicado/EstadoRegistro'),
            code: textOrNull(dup.CodigoErrorRegistro),
            message: textOrNull(dup.DescripcionErrorRegistro),
          }
        : null,
      csv: textOrNull(l.CSV),
    };
  });
  return {
    ...what,
    csv: textOrNull(r.CSV),
    state: oneOf(['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'] as const, r.EstadoEnvio, 'EstadoEnvio'),
    presentation: presentationOf(r.DatosPresentacion),
    lines,
  };
};

// --- RespuestaConsultaLR ---------------------------------------------------------------------------

export interface SiiConsultaRecord {
  invoiceId: SiiAnswerInvoiceId;
  /** IdentificacionBien (BI). */
  goodIdentification: string | null;
  key: string;
  /**
   * EstadoRegistro of the stored record. ConsultaCobros / ConsultaPagos answers list the cobros or
   * pagos the AEAT holds and carry no state: each listed one is 'Correcta'.
   */
  state: SiiStoredState;
  code: string | null;
  message: string | null;
  /** TimestampUltimaModificacion (books) or TimestampPresentacion (cobros, pagos), ISO. */
  timestamp: string | null;
  /** DatosPresentacion/CSV of the submission that stored it. */
  csv: string | null;
  /** The cobro or pago (COBROS, PAGOS). */
  payment: { date: string; amountCents: number; method: string; account: string | null } | null;
}

export interface SiiConsultaResponse {
  service: SiiService;
  records: SiiConsultaRecord[];
  /** IndicadorPaginacion = S: there is a next page, asked with `paginationKey`. */
  more: boolean;
  paginationKey: SiiPaginationKey | null;
}

const CONSULTA_ANSWERS = new Map<string, { service: SiiService; record: string }>([
  [
    'RespuestaConsultaLRFacturasEmitidas',
    { service: 'FE', record: 'RegistroRespuestaConsultaLRFacturasEmitidas' },
  ],
  [
    'RespuestaConsultaLRFacturasRecibidas',
    { service: 'FR', record: 'RegistroRespuestaConsultaLRFacturasRecibidas' },
  ],
  [
    'RespuestaConsultaLRBienesInversion',
    { service: 'BI', record: 'RegistroRespuestaConsultaLRBienesInversion' },
  ],
  [
    'RespuestaConsultaLRDetOperIntracomunitarias',
    { service: 'OI', record: 'RegistroRespuestaConsultaLRDetOperIntracomunitarias' },
  ],
  ['RespuestaConsultaCobros', { service: 'COBROS', record: 'RegistroRespuestaConsultaCobros' }],
  ['RespuestaConsultaPagos', { service: 'PAGOS', record: 'RegistroRespuestaConsultaPagos' }],
]);

/** ImporteSgn12.2Type → integer céntimos. */
const centsOf = (v: unknown, what: string): number => {
  const t = required(v, what);
  const m = /^([+-])?(\d{1,12})(?:\.(\d{0,2}))?$/.exec(t);
  if (!m) throw new SiiResponseError(`${what} no es un importe (${t})`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
};

const bookRecord = (service: SiiService, raw: unknown): SiiConsultaRecord => {
  const rec = obj(raw);
  if (!rec) throw new SiiResponseError('registro de la consulta vacío');
  const parsed = invoiceIdOf(rec.IDFactura);
  // FR answers name the supplier in the invoice data (the issuer of a received invoice).
  const supplier =
    service === 'FR' ? textOrNull(obj(obj(rec.DatosFacturaRecibida)?.Contraparte)?.NombreRazon) : null;
  const invoiceId = { ...parsed, issuerName: parsed.issuerName ?? supplier };
  const goodIdentification =
    service === 'BI' ? textOrNull(obj(rec.DatosBienInversion)?.IdentificacionBien) : null;
  const estado = obj(rec.EstadoFactura);
  if (!estado) throw new SiiResponseError('falta EstadoFactura');
  return {
    invoiceId,
    goodIdentification,
    key: lineKey(invoiceId, goodIdentification),
    state: oneOf(
      ['Correcta', 'AceptadaConErrores', 'Anulada'] as const,
      estado.EstadoRegistro,
      'EstadoRegistro',
    ),
    code: textOrNull(estado.CodigoErrorRegistro),
    message: textOrNull(estado.DescripcionErrorRegistro),
    timestamp: timestampOf(estado.TimestampUltimaModificacion),
    csv: textOrNull(obj(rec.DatosPresentacion)?.CSV),
    payment: null,
  };
};

const cashRecord = (
  invoiceId: SiiAnswerInvoiceId,
  element: 'DatosCobro' | 'DatosPago',
  raw: unknown,
): SiiConsultaRecord => {
  const rec = obj(raw);
  const data = obj(rec?.[element]);
  if (!rec || !data) throw new SiiResponseError(`falta ${element}`);
  const date = required(data.Fecha, `${element}/Fecha`);
  const isoDate = isoFromAeatDate(date);
  if (isoDate === null) throw new SiiResponseError(`${element}/Fecha no válida (${date})`);
  const presentation = obj(rec.DatosPresentacion);
  return {
    invoiceId,
    goodIdentification: null,
    key: lineKey(invoiceId),
    state: 'Correcta',
    code: null,
    message: null,
    timestamp: timestampOf(presentation?.TimestampPresentacion),
    csv: textOrNull(presentation?.CSV),
    payment: {
      date: isoDate,
      amountCents: centsOf(data.Importe, `${element}/Importe`),
      method: required(data.Medio, `${element}/Medio`),
      account: textOrNull(data.Cuenta_O_Medio),
    },
  };
};

/** Parses the answer to a ConsultaLR… / ConsultaCobros / ConsultaPagos query (SOAP envelope or bare). */
export const parseConsultaResponse = (xml: string): SiiConsultaResponse => {
  const { name, content: r } = messageOf(xml);
  const what = CONSULTA_ANSWERS.get(name);
  if (!what) throw new SiiResponseError(`${name} no es una respuesta a una consulta del SII`);
  oneOf(['ConDatos', 'SinDatos'] as const, r.ResultadoConsulta, 'ResultadoConsulta');
  const more = oneOf(['S', 'N'] as const, r.IndicadorPaginacion, 'IndicadorPaginacion') === 'S';
  const { service } = what;
  if (service === 'COBROS' || service === 'PAGOS') {
    const invoiceId = invoiceIdOf(r.IDFactura);
    const element = service === 'COBROS' ? 'DatosCobro' : 'DatosPago';
    const key = textOrNull(r.ClavePaginacion);
    return {
      service,
      records: arr(r[what.record]).map((raw) => cashRecord(invoiceId, element, raw)),
      more,
      paginationKey: more && key !== null ? { kind: 'NUMBER', value: key } : null,
    };
  }
  const records = arr(r[what.record]).map((raw) => bookRecord(service, raw));
  const last = records[records.length - 1];
  return {
    service,
    records,
    more,
    paginationKey:
      more && last
        ? {
            kind: 'INVOICE',
            invoiceId: {
              issuerNif: last.invoiceId.issuerNif,
              issuerOtherId: last.invoiceId.issuerOtherId ?? null,
              number: last.invoiceId.number,
              issueDate: last.invoiceId.issueDate,
            },
            issuerName: last.invoiceId.issuerName,
            goodIdentification: last.goodIdentification,
          }
        : null,
  };
};
