/**
 * The AEAT's SII rules, as the simulator applies them (issue 16, item 6): the header checks that
 * refuse a whole message with a SOAP Fault, and the per-record judgement of a Suministro (A0 alta,
 * A1 modificación), a Baja, or the cobros/pagos of the criterio de caja, record by record in message
 * order against what the titular's book holds at that moment (two records of one message see each
 * other). Stored = Correcto or AceptadoConErrores; an Incorrecto record leaves no trace but its
 * reception.
 *
 * Codes and texts: the AEAT's "Validaciones y errores" of the SII v1.1, as mirrored by the Canary
 * Islands' SII IGIC version of the same document (ATC, "VALIDACIONES Y ERRORES", v1.1, §3, kept in
 * gisce/sii under sii/data/atc/oficial/), which reuses the AEAT's codes. Where the AEAT's own text
 * or behaviour could not be checked, the comment says [verify].
 */

import { validateTaxId } from '@shared/fiscal/nif';
import type { SiiFaultQueue, SiiMessageOperation } from './sii-faults';
import {
  isoOf,
  SII_SERVICE_SPECS,
  type SiiExchange,
  type SiiSimBook,
  type SiiSimService,
  type SiiXml,
  text,
} from './sii-soap';
import {
  type SiiRecordId,
  type SiiSimulatorState,
  type SiiStoredRecord,
  type SiiStoredState,
  siiRecordKey,
} from './sii-state';

// --- census ---------------------------------------------------------------------------------------

/**
 * The demo's customer the AEAT does not know: an invoice to it comes back Incorrecto 1117 (the
 * demo seed issues one to show a realistic rejection). A well-formed CIF (control digit correct)
 * that belongs to nobody.
 */
export const SII_DEMO_UNIDENTIFIED_CUSTOMER = {
  nif: 'B99887762',
  name: 'Comercial Moncayo Importaciones SL',
} as const;

/**
 * The simulator's census: every NIF with a valid format is identified, except these. A record whose
 * counterparty (or supplier) is one of them is Incorrecto 1117; a Titular among them is refused
 * with the Fault 4104. More can be added at run time (`POST /_sim/sii/census`).
 */
export const SII_UNIDENTIFIED_NIFS: readonly string[] = [
  SII_DEMO_UNIDENTIFIED_CUSTOMER.nif,
  'A99665549',
  // A person (DNI) the census does not have.
  '99999990S',
];

/**
 * Identified, but not registered as a trader ("no censado"): a record whose counterparty is one of
 * these is stored AceptadoConErrores 2011.
 */
export const SII_UNREGISTERED_NIFS: readonly string[] = ['B99776650'];

// --- codes ----------------------------------------------------------------------------------------

/** The codes the simulator answers with, and their texts (see the file's header). */
export const SII_CODES = {
  // §3.1 Whole message refused (SOAP Fault soapenv:Client).
  4100: 'Error en la cabecera. El contenido del campo IDVersionSii no es válido.',
  4101: 'Error en la cabecera. El contenido del campo TipoComunicacion no es válido.',
  4102: 'El XML no cumple el esquema.',
  4103: 'Error no esperado al parsear el XML.',
  4104: 'Error en la cabecera. El valor del campo NIF del bloque Titular no está identificado.',
  4105: 'Error en la cabecera. El valor del campo NIFRepresentante del bloque Titular no está identificado.',
  4108: 'La etiqueta raíz del XML no se corresponde con el esquema definido.',
  4110: 'Error al obtener el certificado.',
  4114: 'El titular del certificado debe ser el Titular del libro de Registro, Colaborador Social, Apoderado o Sucesor.',
  4122: 'Error en la cabecera. El NIF del titular tiene un formato erróneo.',
  4123: 'Error en la cabecera. El NIFRepresentante tiene un formato erróneo.',
  // §3.2 Record refused (Incorrecto).
  1100: 'Valor o tipo incorrecto del campo.',
  1112: 'El NIF de la factura debe ser el mismo que el NIF del titular del libro de registro.',
  1117: 'El NIF no está identificado.',
  1125: 'La Fecha de Expedición es Superior a la fecha actual.',
  1126: 'Valor del campo Ejercicio incorrecto. Este debe ser el año actual o anteriores.',
  1145: 'Valor del campo Periodo incorrecto. Este debe ser inferior o igual al periodo actual.',
  1153: 'El NIF tiene un formato erróneo.',
  1176: 'FechaRegContable es inferior a FechaExpedicionFacturaEmisor.',
  3000: 'Factura duplicada.',
  3001: 'El registro está ya dado de baja.',
  3002: 'No existe el Registro.',
  3003: 'No se pueden incluir cobros de facturas dadas de baja.',
  3005: 'No se pueden incluir cobros si el campo ClaveRegimenEspecialOTrascendencia de la factura tiene un valor distinto de 07.',
  3006: 'No se pueden incluir pagos de facturas dadas de baja.',
  3007: 'No se pueden incluir pagos si el campo ClaveRegimenEspecialOTrascendencia de la factura tiene un valor distinto de 07.',
  // [verify] listed by the ATC among the whole-message errors (§3.1); answered here per record.
  3503: 'La Factura consultada para el suministro de Pagos/Cobros/Inmuebles no existe.',
  // §3.3 Stored with errors (AceptadoConErrores): to be corrected with an A1.
  2006: 'La factura contiene un desglose a nivel de factura cuando le corresponde un desglose a nivel de operación, por ser una factura no simplificada ni asiento resumen y la contraparte contiene un IdOtro distinto de 07 o un NIF que empiece por N.',
  2011: 'El NIF de la contraparte no está censado.',
  2012: 'El campo CuotaRepercutida tiene un valor incorrecto para los campos TipoImpositivo y BaseImponible suministrados.',
} as const satisfies Record<number, string>;
export type SiiCode = keyof typeof SII_CODES;

/** An AEAT internal error (soapenv:Server), as the pre-production service answers it (reference §4.5). */
export const SII_SERVER_FAULT_TEXT =
  'Codigo[20009].Error interno en el servidor. Inténtelo de nuevo más tarde.';

/** [verify] Difference admitted between CuotaRepercutida and BaseImponible × TipoImpositivo (2012). */
export const SII_QUOTA_TOLERANCE_CENTS = 100;

// --- header ---------------------------------------------------------------------------------------

export interface SiiFault {
  code: SiiCode;
  text: string;
}

const fault = (code: SiiCode, detail = ''): SiiFault => ({
  code,
  text: `Codigo[${code}].${SII_CODES[code]}${detail ? ` ${detail}` : ''}`,
});

/** IDVersionSii must be 1.1 (checked before the schema, as the AEAT answers 4100 for it). */
export function siiVersionFault(message: SiiXml): SiiFault | undefined {
  const version = text(message?.Cabecera?.IDVersionSii);
  return version === '1.1' ? undefined : fault(4100, `Valor recibido: '${version}'.`);
}

export interface SiiCensus {
  unidentified: ReadonlySet<string>;
  unregistered: ReadonlySet<string>;
}

export function censusOf(state: SiiSimulatorState): SiiCensus {
  return {
    unidentified: new Set([...SII_UNIDENTIFIED_NIFS, ...state.data.census.unidentified]),
    unregistered: new Set([...SII_UNREGISTERED_NIFS, ...state.data.census.unregistered]),
  };
}

/** The Titular's NIF of a message's Cabecera (Titular; for the queries the same element). */
export const titularOf = (message: SiiXml): string => text(message?.Cabecera?.Titular?.NIF).toUpperCase();

/**
 * The header checks after the schema: the Titular's and NIFRepresentante's format and census, the
 * TipoComunicacion, and who presents: the certificate's holder must be the Titular or the
 * NIFRepresentante named in the header (the simulator knows no apoderamientos or colaboradores
 * sociales). A query's header cannot name a representative (CabeceraConsultaSii), so any
 * certificate may query — where the AEAT would check the apoderamiento.
 */
export function siiHeaderFault(
  message: SiiXml,
  exchange: SiiExchange,
  presenterNif: string,
  census: SiiCensus,
): SiiFault | undefined {
  const titular = message?.Cabecera?.Titular ?? {};
  const nif = text(titular.NIF).toUpperCase();
  const representante = text(titular.NIFRepresentante).toUpperCase();
  if (!validateTaxId(nif).valid) return fault(4122, `NIF:${nif}.`);
  if (representante && !validateTaxId(representante).valid) return fault(4123, `NIF:${representante}.`);
  if (census.unidentified.has(nif)) return fault(4104, `NIF:${nif}.`);
  if (representante && census.unidentified.has(representante)) return fault(4105, `NIF:${representante}.`);
  const tipo = text(message?.Cabecera?.TipoComunicacion);
  if (exchange === 'SUMINISTRO' && tipo && tipo !== 'A0' && tipo !== 'A1') {
    // A4–A6 belong to the travellers' refunds (devoluciones de viajeros), which the simulator lacks.
    return fault(4101, `Valor recibido: '${tipo}'. El simulador solo admite A0 y A1.`);
  }
  const presenter = presenterNif.toUpperCase();
  if (exchange !== 'CONSULTA' && presenter !== nif && (!representante || presenter !== representante)) {
    return fault(4114, `NIF del certificado: ${presenter || '(ninguno)'}; Titular: ${nif}.`);
  }
  return undefined;
}

// --- records of a message -------------------------------------------------------------------------

/** One record of a Suministro, Baja or Cobros/Pagos message, with what identifies it. */
export interface ParsedSiiRecord {
  service: SiiSimService;
  registro: SiiXml;
  /** The IDFactura as received (echoed in the answer). */
  idFactura: SiiXml;
  id: SiiRecordId;
  refExterna?: string;
}

/** IDEmisorFactura's NIF, or IDOtro's ID for a foreign issuer. */
const issuerOf = (idFactura: SiiXml): string =>
  text(idFactura?.IDEmisorFactura?.NIF).toUpperCase() || text(idFactura?.IDEmisorFactura?.IDOtro?.ID);

function idOf(idFactura: SiiXml, good?: string): SiiRecordId {
  return {
    issuer: issuerOf(idFactura),
    number: text(idFactura?.NumSerieFacturaEmisor),
    date: text(idFactura?.FechaExpedicionFacturaEmisor),
    ...(good !== undefined ? { good } : {}),
  };
}

/** The RefExterna of a record (where each book keeps it), if any. */
function refExternaOf(service: SiiSimService, exchange: SiiExchange, r: SiiXml): string | undefined {
  const value =
    exchange === 'BAJA'
      ? r.RefExterna
      : service === 'FE'
        ? r.FacturaExpedida?.RefExterna
        : service === 'FR'
          ? r.FacturaRecibida?.RefExterna
          : service === 'BI'
            ? r.BienesInversion?.RefExterna
            : service === 'OI'
              ? r.OperacionIntracomunitaria?.RefExterna
              : undefined;
  return text(value) || undefined;
}

/** The records of a parsed Suministro / Baja / Cobros / Pagos body, in message order. */
export function siiRecordsOf(
  service: SiiSimService,
  exchange: SiiExchange,
  message: SiiXml,
): ParsedSiiRecord[] {
  if (exchange === 'CONSULTA') return [];
  const spec = SII_SERVICE_SPECS[service];
  const element = exchange === 'BAJA' ? spec.bajaRegistro : spec.registro;
  const registros: SiiXml[] = element ? (message?.[element] ?? []) : [];
  return registros.map((r) => {
    const good =
      service === 'BI'
        ? text(exchange === 'BAJA' ? r.IdentificacionBien : r.BienesInversion?.IdentificacionBien)
        : undefined;
    const refExterna = refExternaOf(service, exchange, r);
    return {
      service,
      registro: r,
      idFactura: r.IDFactura ?? {},
      id: idOf(r.IDFactura, good),
      ...(refExterna ? { refExterna } : {}),
    };
  });
}

// --- judgement ------------------------------------------------------------------------------------

export type SiiLineState = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

export interface SiiLine {
  record: ParsedSiiRecord;
  estado: SiiLineState;
  codigo?: number;
  descripcion?: string;
  /** The line's CSV: the stored record's, when refused as a duplicate or as already dado de baja. */
  csv?: string;
  /** What the book holds, when refused as a duplicate (RegistroDuplicado). */
  duplicado?: { estado: SiiStoredState; codigo?: number; descripcion?: string };
}

export interface SiiOutcome {
  service: SiiSimService;
  exchange: SiiExchange;
  operation: SiiMessageOperation;
  cabecera: SiiXml;
  lines: SiiLine[];
  /** Present when at least one record was stored. */
  csv?: string;
  estadoEnvio: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
  /** dd-mm-yyyy hh:mm:ss */
  presentedAt: string;
  presenterNif: string;
}

type Judgement = Omit<SiiLine, 'record'>;

const incorrect = (codigo: SiiCode, detail = ''): Judgement => ({
  estado: 'Incorrecto',
  codigo,
  descripcion: `${SII_CODES[codigo]}${detail ? ` ${detail}` : ''}`,
});
const withErrors = (codigo: SiiCode, detail = ''): Judgement => ({
  estado: 'AceptadoConErrores',
  codigo,
  descripcion: `${SII_CODES[codigo]}${detail ? ` ${detail}` : ''}`,
});

/** "121.1" → 12110 céntimos; undefined when absent or not an AEAT amount. */
export function toCents(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^([+-])?(\d{1,16})(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] === '-' ? -cents : cents;
}

/** Basis points of a Tipo2.2Type ("21", "5.5") → 2100, 550. */
const toBp = (value: unknown): number | undefined => toCents(value);

/** Every `name` element below `node`, at any depth. */
function collect(node: SiiXml, name: string, out: SiiXml[] = []): SiiXml[] {
  if (Array.isArray(node)) for (const n of node) collect(n, name, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === name) out.push(...(Array.isArray(v) ? v : [v]));
      else collect(v, name, out);
    }
  }
  return out;
}

/** The counterparty (or supplier) of a record: NIF and name, when identified by a Spanish NIF. */
function spanishParties(service: SiiSimService, r: SiiXml): { nif: string; name: string }[] {
  const party = (p: SiiXml) =>
    p && text(p.NIF) ? [{ nif: text(p.NIF).toUpperCase(), name: text(p.NombreRazon) }] : [];
  if (service === 'FE') return party(r.FacturaExpedida?.Contraparte);
  if (service === 'FR') return party(r.FacturaRecibida?.Contraparte);
  if (service === 'OI') return party(r.Contraparte);
  if (service === 'BI') return party(r.IDFactura?.IDEmisorFactura);
  return [];
}

/** The year and month (Madrid) of `now`. */
function madridToday(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts; // yyyy-mm-dd
}

/** The first month of a Periodo ('01'–'12', '1T'–'4T'); undefined for the annual '0A'. */
function firstMonthOf(periodo: string): number | undefined {
  if (/^(0[1-9]|1[0-2])$/.test(periodo)) return Number(periodo);
  const q = /^([1-4])T$/.exec(periodo);
  return q ? (Number(q[1]) - 1) * 3 + 1 : undefined;
}

/** The checks on the content of an alta or modificación that refuse the record. */
function contentRejection(
  service: SiiSimService,
  r: SiiXml,
  id: SiiRecordId,
  titular: string,
  census: SiiCensus,
  today: string,
): Judgement | undefined {
  if (service === 'FE' && id.issuer !== titular) {
    return incorrect(1112, `NIF de la factura: ${id.issuer}; Titular: ${titular}.`);
  }
  if (id.date && isoOf(id.date) > today) return incorrect(1125, `FechaExpedicionFacturaEmisor: ${id.date}.`);
  const ejercicio = text(r.PeriodoLiquidacion?.Ejercicio);
  const periodo = text(r.PeriodoLiquidacion?.Periodo);
  const year = today.slice(0, 4);
  if (ejercicio > year) return incorrect(1126, `Ejercicio: ${ejercicio}.`);
  const month = firstMonthOf(periodo);
  if (ejercicio === year && month !== undefined && month > Number(today.slice(5, 7))) {
    return incorrect(1145, `Ejercicio: ${ejercicio}, Periodo: ${periodo}.`);
  }
  if (service === 'FR') {
    const registered = text(r.FacturaRecibida?.FechaRegContable);
    if (registered && id.date && isoOf(registered) < isoOf(id.date)) {
      return incorrect(1176, `FechaRegContable: ${registered}; FechaExpedicionFacturaEmisor: ${id.date}.`);
    }
  }
  for (const p of spanishParties(service, r)) {
    if (!validateTaxId(p.nif).valid) return incorrect(1153, `NIF:${p.nif}.`);
    if (census.unidentified.has(p.nif)) {
      return {
        estado: 'Incorrecto',
        codigo: 1117,
        descripcion: `El NIF no está identificado. NIF:${p.nif}. NOMBRE_RAZON:${p.name}`,
      };
    }
  }
  return undefined;
}

/** The checks that store the record but flag it (AceptadoConErrores). */
function contentWarning(service: SiiSimService, r: SiiXml, census: SiiCensus): Judgement | undefined {
  for (const p of spanishParties(service, r)) {
    if (census.unregistered.has(p.nif)) return withErrors(2011, `NIF:${p.nif}.`);
  }
  if (service !== 'FE') return undefined;
  const factura = r.FacturaExpedida ?? {};
  const contraparte = factura.Contraparte;
  const foreign =
    contraparte &&
    ((contraparte.IDOtro && text(contraparte.IDOtro.IDType) !== '07') ||
      text(contraparte.NIF).toUpperCase().startsWith('N'));
  const simplifiedOrSummary = ['F2', 'F4', 'R5'].includes(text(factura.TipoFactura));
  if (foreign && !simplifiedOrSummary && factura.TipoDesglose?.DesgloseFactura) return withErrors(2006);
  for (const noExenta of collect(factura.TipoDesglose, 'NoExenta')) {
    if (text(noExenta?.TipoNoExenta) !== 'S1') continue;
    for (const d of collect(noExenta, 'DetalleIVA')) {
      const base = toCents(d.BaseImponible);
      const rate = toBp(d.TipoImpositivo);
      const cuota = toCents(d.CuotaRepercutida);
      if (base === undefined || rate === undefined || cuota === undefined) continue;
      const expected = Math.round((base * rate) / 10_000);
      if (Math.abs(expected - cuota) > SII_QUOTA_TOLERANCE_CENTS) {
        return withErrors(
          2012,
          `BaseImponible: ${text(d.BaseImponible)}, TipoImpositivo: ${text(d.TipoImpositivo)}, CuotaRepercutida: ${text(d.CuotaRepercutida)}.`,
        );
      }
    }
  }
  return undefined;
}

const REGIME_KEYS = [
  'ClaveRegimenEspecialOTrascendencia',
  'ClaveRegimenEspecialOTrascendenciaAdicional1',
  'ClaveRegimenEspecialOTrascendenciaAdicional2',
];

/** Whether a stored invoice is under the criterio de caja (clave 07 among its keys). */
function cashAccounting(record: SiiStoredRecord): boolean {
  const factura = record.book === 'FE' ? record.fields?.FacturaExpedida : record.fields?.FacturaRecibida;
  return REGIME_KEYS.some((k) => text(factura?.[k]) === '07');
}

const duplicateOf = (stored: SiiStoredRecord): Judgement => ({
  ...incorrect(3000),
  csv: stored.csv,
  duplicado: {
    estado: stored.estado,
    ...(stored.codigo !== undefined ? { codigo: stored.codigo, descripcion: stored.descripcion } : {}),
  },
});

export interface SiiMessage {
  service: SiiSimService;
  exchange: SiiExchange;
  parsed: SiiXml;
  records: ParsedSiiRecord[];
}

export interface SiiProcessContext {
  presenterNif: string;
  /** TimestampPresentacion, dd-mm-yyyy hh:mm:ss (Madrid). */
  presentedAt: string;
  now: Date;
  census: SiiCensus;
}

/** The operation a message performs, as faults, logs and receptions name it. */
export function siiOperationOf(
  message: Pick<SiiMessage, 'service' | 'exchange' | 'parsed'>,
): SiiMessageOperation {
  if (message.exchange === 'CONSULTA') return 'CONSULTA';
  if (message.exchange === 'BAJA') return 'BAJA';
  if (message.service === 'COBROS') return 'COBROS';
  if (message.service === 'PAGOS') return 'PAGOS';
  return text(message.parsed?.Cabecera?.TipoComunicacion) === 'A1' ? 'A1' : 'A0';
}

/** The book a service's records live in (cobros in FE, pagos in FR). */
export const bookOf = (service: SiiSimService): SiiSimBook =>
  service === 'COBROS' ? 'FE' : service === 'PAGOS' ? 'FR' : service;

const receptionLabel: Record<SiiMessageOperation, string> = {
  A0: 'A0',
  A1: 'A1',
  BAJA: 'BAJA',
  COBROS: 'COBRO',
  PAGOS: 'PAGO',
  CONSULTA: 'CONSULTA',
};

/**
 * Judges and stores every record of a Suministro, Baja, Cobros or Pagos message, in order.
 * Record faults (reject-next) are taken from `faults`.
 */
export function processSiiMessage(
  state: SiiSimulatorState,
  faults: SiiFaultQueue,
  message: SiiMessage,
  ctx: SiiProcessContext,
): SiiOutcome {
  const { service, exchange, parsed } = message;
  const operation = siiOperationOf(message);
  const titular = titularOf(parsed);
  const book = bookOf(service);
  const today = madridToday(ctx.now);
  const csv = state.nextCsv();
  const lines: SiiLine[] = [];
  let storedAny = false;

  for (const record of message.records) {
    const { id, registro } = record;
    const existing = state.record(titular, book, id);
    const injected = faults.takeRecordFault({
      service,
      operation,
      titular,
      records: [{ issuer: id.issuer, number: id.number }],
    });
    let judgement: Judgement;
    if (injected) {
      const codigo = injected.code ?? 1100;
      judgement = {
        estado: 'Incorrecto',
        codigo,
        descripcion: injected.description ?? SII_CODES[codigo as SiiCode] ?? SII_CODES[1100],
      };
    } else if (operation === 'BAJA') {
      judgement = !existing
        ? incorrect(3002)
        : existing.estado === 'Anulada'
          ? { ...incorrect(3001), csv: existing.csv }
          : { estado: 'Correcto' };
    } else if (operation === 'COBROS' || operation === 'PAGOS') {
      const cobros = operation === 'COBROS';
      judgement = !existing
        ? incorrect(3503)
        : existing.estado === 'Anulada'
          ? incorrect(cobros ? 3003 : 3006)
          : !cashAccounting(existing)
            ? incorrect(cobros ? 3005 : 3007)
            : { estado: 'Correcto' };
    } else if (operation === 'A0' && existing && existing.estado !== 'Anulada') {
      // [verify] A0 after a baja is taken as a new alta (the baja took the invoice out of the book).
      judgement = duplicateOf(existing);
    } else if (operation === 'A1' && !existing) {
      judgement = incorrect(3002);
    } else if (operation === 'A1' && existing?.estado === 'Anulada') {
      judgement = { ...incorrect(3001), csv: existing.csv };
    } else {
      judgement = contentRejection(service, registro, id, titular, ctx.census, today) ??
        contentWarning(service, registro, ctx.census) ?? { estado: 'Correcto' };
    }

    const stored = judgement.estado !== 'Incorrecto';
    if (stored) {
      storedAny = true;
      store(state, { record, existing, operation, titular, book, csv, ctx, judgement });
    }
    const label = `${receptionLabel[operation]} ${judgement.estado}${judgement.codigo !== undefined ? ` ${judgement.codigo}` : ''}${injected ? ' (inyectado)' : ''}`;
    state.received(titular, service, id, label, stored);
    lines.push({ record, ...judgement });
  }

  const incorrectos = lines.filter((l) => l.estado === 'Incorrecto').length;
  const correctos = lines.filter((l) => l.estado === 'Correcto').length;
  const estadoEnvio =
    correctos === lines.length
      ? 'Correcto'
      : incorrectos === lines.length
        ? 'Incorrecto'
        : 'ParcialmenteCorrecto';
  return {
    service,
    exchange,
    operation,
    cabecera: parsed?.Cabecera ?? {},
    lines,
    ...(storedAny ? { csv } : {}),
    estadoEnvio,
    presentedAt: ctx.presentedAt,
    presenterNif: ctx.presenterNif,
  };
}

function store(
  state: SiiSimulatorState,
  a: {
    record: ParsedSiiRecord;
    existing: SiiStoredRecord | undefined;
    operation: SiiMessageOperation;
    titular: string;
    book: SiiSimBook;
    csv: string;
    ctx: SiiProcessContext;
    judgement: Judgement;
  },
): void {
  const { record, existing, operation, ctx, csv, judgement } = a;
  if (operation === 'COBROS' || operation === 'PAGOS') {
    const payments: SiiXml[] =
      operation === 'COBROS' ? record.registro.Cobros?.Cobro : record.registro.Pagos?.Pago;
    for (const fields of payments ?? []) {
      existing?.payments.push({ fields, csv, presentedAt: ctx.presentedAt, presenterNif: ctx.presenterNif });
    }
    if (existing) existing.lastModifiedAt = ctx.presentedAt;
    return;
  }
  if (operation === 'BAJA') {
    if (!existing) return;
    existing.estado = 'Anulada';
    existing.csv = csv;
    existing.presentedAt = ctx.presentedAt;
    existing.presenterNif = ctx.presenterNif;
    existing.lastModifiedAt = ctx.presentedAt;
    delete existing.codigo;
    delete existing.descripcion;
    existing.history.push({ at: ctx.presentedAt, operation: 'BAJA', csv, estado: 'Anulada' });
    return;
  }
  const estado: SiiStoredState =
    judgement.estado === 'AceptadoConErrores' ? 'AceptadaConErrores' : 'Correcta';
  const next: SiiStoredRecord = {
    titular: a.titular,
    book: a.book,
    key: siiRecordKey(record.id),
    id: record.id,
    ejercicio: text(record.registro.PeriodoLiquidacion?.Ejercicio),
    periodo: text(record.registro.PeriodoLiquidacion?.Periodo),
    estado,
    ...(judgement.codigo !== undefined
      ? { codigo: judgement.codigo, descripcion: judgement.descripcion }
      : {}),
    csv,
    presentedAt: ctx.presentedAt,
    presenterNif: ctx.presenterNif,
    lastModifiedAt: ctx.presentedAt,
    fields: record.registro,
    // A re-alta after a baja starts without the old cobros/pagos; a modification keeps them.
    payments: operation === 'A1' ? (existing?.payments ?? []) : [],
    history: [
      ...(existing?.history ?? []),
      {
        at: ctx.presentedAt,
        operation: operation === 'A1' ? 'A1' : 'A0',
        csv,
        estado,
        ...(judgement.codigo !== undefined ? { codigo: judgement.codigo } : {}),
      },
    ],
  };
  state.put(next);
}
