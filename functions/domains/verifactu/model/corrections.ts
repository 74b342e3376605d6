/**
 * What a resubmission or a cancellation of a VeriFacTu submission does (reference/verifactu-sii.md
 * §1.5 operation matrix, §4.5 states). Every correction is a NEW record chained after the issuer's
 * last one; the corrected record is never touched (only its submission is marked `correctedBySeq`).
 *
 *  - alta ERROR rejected by the AEAT (Incorrecto)      → alta tras rechazo (Subsanacion=S, RechazoPrevio=X)
 *  - alta ACCEPTED_WITH_ERRORS (AceptadoConErrores)    → subsanación (Subsanacion=S, no RechazoPrevio)
 *  - anulación ERROR rejected by the AEAT              → anulación tras rechazo (RechazoPrevio=S)
 *  - ERROR the AEAT never judged (technical failure)   → back to QUEUED, no new record
 *  - VERIFIED / QUEUED / SENT, or already corrected    → refused (409)
 *
 * The invoice itself is immutable and this domain may not read the invoices domain, so a corrected
 * alta is rebuilt from the previous record's AEAT fields (`buildAltaFromPrevious`) with the user's
 * corrections. Pure.
 */

import { AppError } from '@shared/api/errors';
import { buildAltaFromPrevious, type ChainLink, isAlta } from '@shared/fiscal/verifactu-record';
import type {
  RegistroAltaFields,
  ResubmitBody,
  SistemaInformatico,
  VerifactuRecord,
  VerifactuSubmission,
} from '@shared/schemas/verifactu';

export type Corrections = NonNullable<ResubmitBody['corrections']>;

/** The AEAT's EstadoRegistro of a rejected record. */
export const REJECTED_STATE = 'Incorrecto';

export const isRejected = (s: Pick<VerifactuSubmission, 'status' | 'aeatState'>): boolean =>
  s.status === 'ERROR' && s.aeatState === REJECTED_STATE;

export type ResubmitPlan =
  | { kind: 'NEW_ALTA'; operation: 'SUBSANACION' | 'ALTA_TRAS_RECHAZO' }
  | { kind: 'NEW_ANULACION'; operation: 'ANULACION_TRAS_RECHAZO' }
  | { kind: 'REQUEUE' };

const conflict = (message: string, reason: string) =>
  new AppError('DOC_047', message, { details: { reason } });

/**
 * What resubmitting `submission` (of `record`) does. `laterRecordSeq` is the seq of a later record of
 * the same invoice, if any: a correction or anulación already supersedes this record.
 */
export function resubmitPlan(
  submission: VerifactuSubmission,
  record: Pick<VerifactuRecord, 'kind'>,
  laterRecordSeq: number | null,
): ResubmitPlan {
  if (submission.correctedBySeq != null) {
    throw conflict(
      `Este envío ya se corrigió con el registro nº ${submission.correctedBySeq}.`,
      'ALREADY_CORRECTED',
    );
  }
  switch (submission.status) {
    case 'VERIFIED':
      throw conflict('La AEAT ya aceptó este registro: no hay nada que reenviar.', 'ALREADY_VERIFIED');
    case 'QUEUED':
      throw conflict('El registro está en cola: se enviará a la AEAT en breve.', 'IN_QUEUE');
    case 'SENT':
      throw conflict(
        'El registro se ha enviado y se espera la respuesta de la AEAT: no se puede reenviar todavía.',
        'AWAITING_RESPONSE',
      );
    default:
      break;
  }
  if (submission.status === 'ERROR' && !isRejected(submission)) return { kind: 'REQUEUE' };
  if (laterRecordSeq !== null) {
    throw conflict(
      `La factura ya tiene un registro posterior (nº ${laterRecordSeq}): corrige ese registro.`,
      'SUPERSEDED',
    );
  }
  if (submission.status === 'ERROR') {
    return record.kind === 'ALTA'
      ? { kind: 'NEW_ALTA', operation: 'ALTA_TRAS_RECHAZO' }
      : { kind: 'NEW_ANULACION', operation: 'ANULACION_TRAS_RECHAZO' };
  }
  // ACCEPTED_WITH_ERRORS
  if (record.kind !== 'ALTA') {
    throw conflict('La AEAT aceptó la anulación: no admite subsanación.', 'ANULACION_ACCEPTED');
  }
  return { kind: 'NEW_ALTA', operation: 'SUBSANACION' };
}

/**
 * The fields of the corrected alta: the previous alta's invoice data with `corrections` applied,
 * flagged for `operation`, chained to `link`, stamped and hashed (recomputeHuella matches).
 */
export function correctedAltaFields(input: {
  previous: VerifactuRecord;
  operation: 'SUBSANACION' | 'ALTA_TRAS_RECHAZO';
  corrections?: Corrections | undefined;
  link: ChainLink | null;
  timestamp: string;
  system: SistemaInformatico;
}): RegistroAltaFields {
  const previous = input.previous.fields;
  if (!isAlta(previous)) throw new Error('correctedAltaFields: the previous record is not an alta');
  const c = input.corrections;
  if (c?.recipient) {
    if (previous.TipoFactura === 'F2' || previous.TipoFactura === 'R5') {
      throw new AppError(
        'CORE_004',
        'Una factura simplificada no lleva destinatario: no se puede corregir el destinatario.',
        { field: 'corrections.recipient', details: { reason: 'SIMPLIFIED_HAS_NO_RECIPIENT' } },
      );
    }
    if (!c.recipient.nif && !c.recipient.idOtro) {
      throw new AppError('CORE_004', 'Indica el NIF o la identificación extranjera del destinatario.', {
        field: 'corrections.recipient',
        details: { reason: 'RECIPIENT_ID_REQUIRED' },
      });
    }
  }
  return buildAltaFromPrevious({
    previous,
    link: input.link,
    timestamp: input.timestamp,
    system: input.system,
    operation: input.operation,
    ...(c ? { corrections: c } : {}),
  });
}

export type CancelPlanOperation = 'ANULACION_SIN_REGISTRO_PREVIO' | 'ANULACION_TRAS_RECHAZO';

export const LIVE_INVOICE_MESSAGE =
  'Para anular una factura emitida, anúlala desde Facturación: se generará el registro de anulación.';

/**
 * Which anulación `verifactu.cancelSubmission` may create for an invoice, from its records (chain
 * order) and their submissions: only for an invoice the AEAT never registered (every alta ERROR) →
 * anulación sin registro previo, or after a rejected anulación → anulación tras rechazo. A live
 * invoice is cancelled from invoicing (its cancel writes the anulación in its own transaction).
 */
export function cancelPlan(
  records: VerifactuRecord[],
  submissions: VerifactuSubmission[],
): { operation: CancelPlanOperation; target: VerifactuRecord; correctsSeq: number | null } {
  const statusOf = (seq: number) => submissions.find((s) => s.seq === seq);
  const altas = records.filter((r) => r.kind === 'ALTA');
  const target = altas.at(-1);
  const latest = records.at(-1);
  if (!target || !latest) {
    throw new AppError('CORE_006', 'La factura no tiene registro de alta VeriFacTu.');
  }
  if (latest.kind === 'ANULACION') {
    const s = statusOf(latest.seq);
    if (s && isRejected(s) && s.correctedBySeq == null) {
      return { operation: 'ANULACION_TRAS_RECHAZO', target, correctsSeq: latest.seq };
    }
    if (s?.status === 'ERROR' && !isRejected(s)) {
      throw conflict(
        'La anulación no se pudo enviar por un error técnico: reenvíala en lugar de crear otra.',
        'ANULACION_TECHNICAL_ERROR',
      );
    }
    throw conflict('La factura ya tiene un registro de anulación.', 'ALREADY_ANNULLED');
  }
  const inFlight = altas.some((r) => {
    const st = statusOf(r.seq)?.status;
    return st === 'QUEUED' || st === 'SENT';
  });
  const accepted = altas.some((r) => {
    const st = statusOf(r.seq)?.status;
    return st === 'VERIFIED' || st === 'ACCEPTED_WITH_ERRORS';
  });
  if (accepted || inFlight) throw conflict(LIVE_INVOICE_MESSAGE, 'LIVE_INVOICE');
  return { operation: 'ANULACION_SIN_REGISTRO_PREVIO', target, correctsSeq: null };
}
