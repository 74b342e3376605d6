/**
 * What the AEAT's answer means for one submission (pure). The sender parses the SOAP answer into
 * these neutral shapes (store/aeat-client.ts adapts the XML module's output) and asks here which
 * state each record moves to. Reference/verifactu-sii.md §4.5–4.7.
 */

import type { RecordKind, SubmissionStatus, VerifactuRecord } from '@shared/schemas/verifactu';
import { aeatCodeClass, aeatCodeText } from './aeat-codes';

export interface AeatIdFactura {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
}

/** EstadoRegistroDuplicado / the state a ConsultaLR row reports. */
export type RegisteredState = 'Correcta' | 'AceptadaConErrores' | 'Anulada';

/** One RespuestaLinea. */
export interface ResponseLine {
  idFactura: AeatIdFactura;
  operation: 'Alta' | 'Anulacion';
  estadoRegistro: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  code: string | null;
  message: string | null;
  duplicate: { estado: RegisteredState; code: string | null; message: string | null } | null;
}

/** The answer to a RegFactuSistemaFacturacion call. */
export type SubmitAnswer =
  | {
      kind: 'response';
      estadoEnvio: string;
      csv: string | null;
      /** TiempoEsperaEnvio in seconds (null when absent). */
      waitSeconds: number | null;
      lines: ResponseLine[];
    }
  | { kind: 'fault'; faultCode: 'Client' | 'Server'; code: string | null; message: string }
  /** Not a response we can read (garbled, empty, another document). */
  | { kind: 'unreadable'; message: string };

/** The answer to a ConsultaFactuSistemaFacturacion about one record. */
export type ConsultaAnswer =
  | { kind: 'found'; estado: RegisteredState; code: string | null; message: string | null }
  | { kind: 'not-found' }
  | { kind: 'ambiguous'; message: string };

/** One row of a ConsultaLR answer. */
export interface ConsultaRow {
  idFactura: AeatIdFactura;
  estado: RegisteredState;
  huella: string | null;
  code: string | null;
  message: string | null;
}

export type FinalStatus = Extract<SubmissionStatus, 'VERIFIED' | 'ACCEPTED_WITH_ERRORS' | 'ERROR'>;

export interface LineOutcome {
  status: FinalStatus;
  /** EstadoRegistro as received (or the duplicate's / query's state). */
  aeatState: string;
  aeatCode: string | null;
  aeatMessage: string | null;
  /** SubmissionAttempt.outcome for the history. */
  outcome: 'SENT_OK' | 'ACCEPTED_WITH_ERRORS' | 'REJECTED' | 'DUPLICATE' | 'CONSULTED' | 'SOAP_FAULT';
}

/** The IDFactura a record is answered under (…Anulada values for an anulación). */
export function idFacturaOfRecord(record: Pick<VerifactuRecord, 'fields'>): AeatIdFactura {
  const id = record.fields.IDFactura as Record<string, string>;
  if ('IDEmisorFacturaAnulada' in id)
    return {
      IDEmisorFactura: id.IDEmisorFacturaAnulada!,
      NumSerieFactura: id.NumSerieFacturaAnulada!,
      FechaExpedicionFactura: id.FechaExpedicionFacturaAnulada!,
    };
  return {
    IDEmisorFactura: id.IDEmisorFactura!,
    NumSerieFactura: id.NumSerieFactura!,
    FechaExpedicionFactura: id.FechaExpedicionFactura!,
  };
}

export const operationOfKind = (kind: RecordKind): ResponseLine['operation'] =>
  kind === 'ANULACION' ? 'Anulacion' : 'Alta';

/** Key that matches a RespuestaLinea to the record it answers. */
export const lineKey = (id: AeatIdFactura, operation: ResponseLine['operation']): string =>
  [
    id.IDEmisorFactura.trim().toUpperCase(),
    id.NumSerieFactura.trim(),
    id.FechaExpedicionFactura.trim(),
    operation,
  ].join('|');

/** The state a record takes from what the AEAT holds (duplicate or query). */
function fromRegistered(
  estado: RegisteredState,
  code: string | null,
  message: string | null,
  outcome: LineOutcome['outcome'],
): LineOutcome {
  // Anulada: the record reached the AEAT (an alta later cancelled, or the anulación itself).
  const status: FinalStatus = estado === 'AceptadaConErrores' ? 'ACCEPTED_WITH_ERRORS' : 'VERIFIED';
  return { status, aeatState: estado, aeatCode: code, aeatMessage: message, outcome };
}

/** The new state of a record from its RespuestaLinea. */
export function outcomeOfLine(line: ResponseLine): LineOutcome {
  const code = line.code?.trim() || null;
  const message = aeatCodeText(code, line.message);
  if (line.estadoRegistro === 'Correcto')
    return {
      status: 'VERIFIED',
      aeatState: 'Correcto',
      aeatCode: code,
      aeatMessage: line.message ?? null,
      outcome: 'SENT_OK',
    };
  if (line.estadoRegistro === 'AceptadoConErrores')
    return {
      status: 'ACCEPTED_WITH_ERRORS',
      aeatState: 'AceptadoConErrores',
      aeatCode: code,
      aeatMessage: message,
      outcome: 'ACCEPTED_WITH_ERRORS',
    };
  // Incorrecto. 3000: the AEAT already holds this record (a resend after a lost answer).
  if (aeatCodeClass(code) === 'duplicate') {
    const dup = line.duplicate;
    const note = `Registro duplicado: la AEAT ya lo tenía${dup ? ` (${dup.estado})` : ''}.`;
    if (!dup)
      return {
        status: 'VERIFIED',
        aeatState: 'Duplicado',
        aeatCode: code,
        aeatMessage: note,
        outcome: 'DUPLICATE',
      };
    const registered = fromRegistered(dup.estado, dup.code ?? code, note, 'DUPLICATE');
    if (registered.status === 'ACCEPTED_WITH_ERRORS' && dup.code)
      registered.aeatMessage = `${note} ${aeatCodeText(dup.code, dup.message)}`;
    return registered;
  }
  return {
    status: 'ERROR',
    aeatState: 'Incorrecto',
    aeatCode: code,
    aeatMessage: message,
    outcome: 'REJECTED',
  };
}

/**
 * Whether a ConsultaLR row is this record. An alta is found when the AEAT holds its IDFactura with
 * the record's huella (a row without huella is taken by IDFactura): a subsanación that did not land
 * leaves the original's huella there. An anulación is found when the invoice is Anulada.
 */
export function consultaMatch(
  record: Pick<VerifactuRecord, 'fields' | 'kind' | 'huella'>,
  rows: ConsultaRow[],
): ConsultaAnswer {
  const id = idFacturaOfRecord(record);
  const key = lineKey(id, 'Alta');
  for (const row of rows) {
    if (lineKey(row.idFactura, 'Alta') !== key) continue;
    if (record.kind === 'ANULACION') {
      if (row.estado === 'Anulada')
        return { kind: 'found', estado: 'Anulada', code: row.code, message: row.message };
      continue;
    }
    if (row.huella && row.huella.toUpperCase() !== record.huella.toUpperCase()) continue;
    return { kind: 'found', estado: row.estado, code: row.code, message: row.message };
  }
  return { kind: 'not-found' };
}

/** The new state of a record the query found at the AEAT. */
export function outcomeOfConsulta(found: Extract<ConsultaAnswer, { kind: 'found' }>): LineOutcome {
  return fromRegistered(found.estado, found.code, aeatCodeText(found.code, found.message), 'CONSULTED');
}
