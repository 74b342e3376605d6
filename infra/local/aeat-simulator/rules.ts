/**
 * The AEAT's rules for a RegFactuSistemaFacturacion message, record by record in message order
 * (reference/verifactu-sii.md §1.5 operation matrix, §2.5 chain, §4.5–4.6 states and codes). Each
 * record is judged against what is stored at that moment, so two records of one message chain to
 * each other. Stored = Correcto or AceptadoConErrores; an Incorrecto record leaves no trace but its
 * reception.
 */

import { computeVerifactuHash } from '@shared/fiscal/verifactu-hash';
import type { FaultQueue } from './faults';
import type { XmlNode } from './soap';
import {
  type EstadoRegistro,
  type IdFacturaKey,
  invoiceKey,
  type Presenter,
  type SimulatorState,
  type StoredRecord,
} from './state';

export interface DuplicateInfo {
  idPeticion: string;
  estado: 'Correcta' | 'AceptadaConErrores' | 'Anulada';
  codigo?: number;
  descripcion?: string;
}

export interface LineResult {
  key: string;
  id: IdFacturaKey;
  kind: 'alta' | 'anulacion';
  operacion: {
    tipo: 'Alta' | 'Anulacion';
    subsanacion?: string;
    rechazoPrevio?: string;
    sinRegistroPrevio?: string;
  };
  refExterna?: string;
  huella: string;
  estado: EstadoRegistro;
  codigo?: number;
  descripcion?: string;
  duplicado?: DuplicateInfo;
}

export interface RegFactuOutcome {
  cabecera: XmlNode;
  lines: LineResult[];
  /** Present when at least one record was stored. */
  csv?: string;
  estadoEnvio: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
  presentedAt: string;
  presenterNif: string;
}

/** AEAT codes and the texts the simulator answers with. */
export const CODES = {
  1100: 'Valor o tipo incorrecto del campo.',
  1287: 'El campo contiene caracteres no permitidos (<, >, ", \', =).',
  2000: 'El cálculo de la huella suministrada es incorrecto.',
  2001: 'El NIF del destinatario no está identificado en el censo de la AEAT.',
  2002: 'La longitud de la huella del registro anterior no es correcta.',
  2003: 'El contenido de la huella del registro anterior no coincide con la huella del último registro de facturación del obligado tributario.',
  2005: 'El campo ImporteTotal tiene un valor incorrecto para el valor de los campos BaseImponibleOimporteNoSujeto, CuotaRepercutida y CuotaRecargoEquivalencia suministrados.',
  2006: 'El campo CuotaTotal tiene un valor incorrecto para el valor de los campos CuotaRepercutida y CuotaRecargoEquivalencia suministrados.',
  2007: 'El valor del campo PrimerRegistro es incorrecto: ya existen registros de facturación anteriores para el obligado tributario.',
  2008: 'La huella del registro anterior coincide con la huella del propio registro.',
  3000: 'Registro de facturación duplicado.',
  3001: 'El registro de facturación ya ha sido anulado.',
  3002: 'No existe el registro de facturación.',
} as const satisfies Record<number, string>;

/** Tolerance of the totals against the breakdown (céntimos). */
export const TOTALS_TOLERANCE_CENTS = 2;

const FORBIDDEN = /[<>"'=]/;

/** The first text value with a forbidden character, as its element path. */
function forbiddenField(value: XmlNode, at: string): string | undefined {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? at : undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = forbiddenField(v, at);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = forbiddenField(v, at ? `${at}/${k}` : k);
      if (found) return found;
    }
  }
  return undefined;
}

/** "121.1" → 12110 céntimos; undefined when absent or not an AEAT amount. */
export function toCents(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^([+-])?(\d{1,14})(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] === '-' ? -cents : cents;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

interface Judgement {
  estado: EstadoRegistro;
  codigo?: number;
  descripcion?: string;
  duplicado?: DuplicateInfo;
}

const incorrect = (codigo: keyof typeof CODES, descripcion: string = CODES[codigo]): Judgement => ({
  estado: 'Incorrecto',
  codigo,
  descripcion,
});
const withErrors = (codigo: keyof typeof CODES, descripcion: string = CODES[codigo]): Judgement => ({
  estado: 'AceptadoConErrores',
  codigo,
  descripcion,
});

function duplicateOf(stored: StoredRecord, anulada: boolean): Judgement {
  return {
    ...incorrect(3000),
    duplicado: {
      idPeticion: stored.csv,
      estado: anulada ? 'Anulada' : stored.estado === 'Correcto' ? 'Correcta' : 'AceptadaConErrores',
      ...(stored.codigo !== undefined && !anulada
        ? { codigo: stored.codigo, descripcion: stored.descripcion }
        : {}),
    },
  };
}

/** The chain checks shared by alta and anulación: huella, PrimerRegistro, RegistroAnterior. */
function chainJudgement(
  state: SimulatorState,
  nif: string,
  record: XmlNode,
  ownHash: string,
): Judgement | undefined {
  const enc = record.Encadenamiento ?? {};
  const previous = enc.RegistroAnterior as XmlNode | undefined;
  const previousHash = previous ? text(previous.Huella) : null;
  const given = text(record.Huella);
  if (given !== ownHash) {
    return withErrors(2000, `${CODES[2000]} Huella esperada: ${ownHash}.`);
  }
  if (enc.PrimerRegistro === 'S') {
    return state.hasStored(nif) ? withErrors(2007) : undefined;
  }
  const last = state.lastOfChain(nif);
  if (previousHash !== null) {
    if (previousHash.length !== 64) return withErrors(2002);
    if (previousHash === given) return withErrors(2008);
    if (last && previousHash !== last.huella) {
      const which = state.data.chainRule === 'stored' ? 'almacenado' : 'recibido';
      return withErrors(2003, `${CODES[2003]} Último registro ${which}: ${last.key}, huella ${last.huella}.`);
    }
  }
  return undefined;
}

function totalsJudgement(alta: XmlNode): Judgement | undefined {
  const detalles: XmlNode[] = alta.Desglose?.DetalleDesglose ?? [];
  let cuota = 0;
  let importe = 0;
  for (const d of detalles) {
    const c = (toCents(d.CuotaRepercutida) ?? 0) + (toCents(d.CuotaRecargoEquivalencia) ?? 0);
    cuota += c;
    importe += (toCents(d.BaseImponibleOimporteNoSujeto) ?? 0) + c;
  }
  const cuotaTotal = toCents(alta.CuotaTotal);
  const importeTotal = toCents(alta.ImporteTotal);
  if (cuotaTotal === undefined || Math.abs(cuotaTotal - cuota) > TOTALS_TOLERANCE_CENTS)
    return withErrors(2006);
  if (importeTotal === undefined || Math.abs(importeTotal - importe) > TOTALS_TOLERANCE_CENTS) {
    return withErrors(2005);
  }
  return undefined;
}

function judgeAlta(state: SimulatorState, alta: XmlNode, id: IdFacturaKey, ownHash: string): Judgement {
  const bad = forbiddenField(alta, '');
  if (bad) return incorrect(1287, `El campo ${bad} contiene caracteres no permitidos (<, >, ", ', =).`);
  const existing = state.invoice(id);
  const subsanacion = alta.Subsanacion === 'S';
  const rechazo = text(alta.RechazoPrevio);
  if (rechazo === 'X' || !subsanacion) {
    // Alta inicial, or alta after a rejection: the invoice must not be at the AEAT yet.
    const stored = existing?.alta ?? existing?.anulacion;
    if (stored) return duplicateOf(existing?.alta ?? stored, Boolean(existing?.anulacion));
  } else {
    // Subsanación (RechazoPrevio absent, N or S): the invoice must be at the AEAT.
    if (!existing?.alta) return incorrect(3002);
    if (existing.anulacion) return incorrect(3001);
  }
  return chainJudgement(state, id.nif, alta, ownHash) ?? totalsJudgement(alta) ?? { estado: 'Correcto' };
}

function judgeAnulacion(state: SimulatorState, anul: XmlNode, id: IdFacturaKey, ownHash: string): Judgement {
  const bad = forbiddenField(anul, '');
  if (bad) return incorrect(1287, `El campo ${bad} contiene caracteres no permitidos (<, >, ", ', =).`);
  const existing = state.invoice(id);
  if (existing?.anulacion) return incorrect(3001);
  if (!existing?.alta && anul.SinRegistroPrevio !== 'S') return incorrect(3002);
  return chainJudgement(state, id.nif, anul, ownHash) ?? { estado: 'Correcto' };
}

function hashOf(kind: 'alta' | 'anulacion', record: XmlNode): string {
  const previous = record.Encadenamiento?.RegistroAnterior?.Huella;
  const previousHash = typeof previous === 'string' ? previous : null;
  try {
    if (kind === 'alta') {
      return computeVerifactuHash({
        kind,
        previousHash,
        fields: {
          IDEmisorFactura: text(record.IDFactura?.IDEmisorFactura),
          NumSerieFactura: text(record.IDFactura?.NumSerieFactura),
          FechaExpedicionFactura: text(record.IDFactura?.FechaExpedicionFactura),
          TipoFactura: text(record.TipoFactura),
          CuotaTotal: text(record.CuotaTotal),
          ImporteTotal: text(record.ImporteTotal),
          FechaHoraHusoGenRegistro: text(record.FechaHoraHusoGenRegistro),
        },
      });
    }
    return computeVerifactuHash({
      kind,
      previousHash,
      fields: {
        IDEmisorFacturaAnulada: text(record.IDFactura?.IDEmisorFacturaAnulada),
        NumSerieFacturaAnulada: text(record.IDFactura?.NumSerieFacturaAnulada),
        FechaExpedicionFacturaAnulada: text(record.IDFactura?.FechaExpedicionFacturaAnulada),
        FechaHoraHusoGenRegistro: text(record.FechaHoraHusoGenRegistro),
      },
    });
  } catch {
    // A field the hash needs is empty (the schema lets no such record through): it cannot match.
    return '';
  }
}

export interface ParsedRecord {
  kind: 'alta' | 'anulacion';
  record: XmlNode;
  id: IdFacturaKey;
  key: string;
  huella: string;
}

/** The records of a parsed RegFactuSistemaFacturacion, with their keys. */
export function recordsOf(message: XmlNode): ParsedRecord[] {
  const registros: XmlNode[] = message.RegistroFactura ?? [];
  return registros.map((r) => {
    if (r.RegistroAlta) {
      const rec = r.RegistroAlta;
      const id = {
        nif: text(rec.IDFactura?.IDEmisorFactura),
        numSerie: text(rec.IDFactura?.NumSerieFactura),
        fecha: text(rec.IDFactura?.FechaExpedicionFactura),
      };
      return { kind: 'alta', record: rec, id, key: invoiceKey(id), huella: text(rec.Huella) };
    }
    const rec = r.RegistroAnulacion ?? {};
    const id = {
      nif: text(rec.IDFactura?.IDEmisorFacturaAnulada),
      numSerie: text(rec.IDFactura?.NumSerieFacturaAnulada),
      fecha: text(rec.IDFactura?.FechaExpedicionFacturaAnulada),
    };
    return { kind: 'anulacion', record: rec, id, key: invoiceKey(id), huella: text(rec.Huella) };
  });
}

const outcomeLabel = (j: Judgement) => (j.codigo !== undefined ? `${j.estado} ${j.codigo}` : j.estado);

/**
 * Judges and stores every record of the message, in order. `presentedAt` is the AEAT's
 * TimestampPresentacion; record faults (reject / accept-with-errors) are taken from `faults`.
 */
export function processRegFactu(
  state: SimulatorState,
  faults: FaultQueue,
  message: XmlNode,
  ctx: { presenter: Presenter | null; presentedAt: string },
): RegFactuOutcome {
  const cabecera = message.Cabecera ?? {};
  const presenterNif = ctx.presenter?.nif || text(cabecera.ObligadoEmision?.NIF);
  const csv = state.nextCsv();
  const lines: LineResult[] = [];
  let storedAny = false;
  for (const p of recordsOf(message)) {
    const ownHash = hashOf(p.kind, p.record);
    const fault = faults.takeRecordFault({ nif: p.id.nif, numSerie: p.id.numSerie });
    let judgement: Judgement;
    if (fault?.kind === 'reject') {
      const codigo = fault.code ?? 1100;
      judgement = {
        estado: 'Incorrecto',
        codigo,
        descripcion: fault.description ?? CODES[codigo as keyof typeof CODES] ?? CODES[1100],
      };
    } else {
      judgement =
        p.kind === 'alta'
          ? judgeAlta(state, p.record, p.id, ownHash)
          : judgeAnulacion(state, p.record, p.id, ownHash);
      if (fault?.kind === 'accept-with-errors' && judgement.estado !== 'Incorrecto') {
        const codigo = fault.code ?? 2001;
        judgement = {
          estado: 'AceptadoConErrores',
          codigo,
          descripcion: fault.description ?? CODES[codigo as keyof typeof CODES] ?? CODES[2001],
        };
      }
    }
    if (judgement.estado !== 'Incorrecto') {
      storedAny = true;
      state.store({
        kind: p.kind,
        key: p.key,
        id: p.id,
        huella: p.huella,
        estado: judgement.estado,
        ...(judgement.codigo !== undefined
          ? { codigo: judgement.codigo, descripcion: judgement.descripcion }
          : {}),
        csv,
        presentedAt: ctx.presentedAt,
        presenterNif,
        ...(p.record.RefExterna ? { refExterna: text(p.record.RefExterna) } : {}),
        fields: p.record,
      });
    }
    state.received(p.key, p.huella, p.kind, outcomeLabel(judgement));
    state.processed(p.id.nif, p.key, p.huella);
    const r = p.record;
    lines.push({
      key: p.key,
      id: p.id,
      kind: p.kind,
      operacion:
        p.kind === 'alta'
          ? { tipo: 'Alta', subsanacion: r.Subsanacion, rechazoPrevio: r.RechazoPrevio }
          : { tipo: 'Anulacion', rechazoPrevio: r.RechazoPrevio, sinRegistroPrevio: r.SinRegistroPrevio },
      ...(r.RefExterna ? { refExterna: text(r.RefExterna) } : {}),
      huella: p.huella,
      ...judgement,
    });
  }
  const incorrectos = lines.filter((l) => l.estado === 'Incorrecto').length;
  const correctos = lines.filter((l) => l.estado === 'Correcto').length;
  const estadoEnvio =
    correctos === lines.length
      ? 'Correcto'
      : incorrectos === lines.length
        ? 'Incorrecto'
        : 'ParcialmenteCorrecto';
  state.save();
  return {
    cabecera,
    lines,
    ...(storedAny ? { csv } : {}),
    estadoEnvio,
    presentedAt: ctx.presentedAt,
    presenterNif,
  };
}
