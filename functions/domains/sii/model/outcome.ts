/**
 * What the AEAT's answers mean for one SII entry (pure): the sender side of THE PROTOCOL in the doc
 * comment of `SiiEntry` (shared/schemas/sii.ts). The store applies what this returns with
 * conditional writes on the entry's attemptId (store/submissions.ts).
 *
 * A sent attempt ends in one of these verdicts:
 *  - REGISTERED: the AEAT holds the record as sent (Correcto, or AceptadoConErrores: registered with
 *    its errors noted, to be fixed with an A1). Also what a ConsultaLR finds after an ambiguous
 *    outcome, or after a 3000 "Factura duplicada" answer to an A0;
 *  - REMOVED: a baja the AEAT took (or nothing left to remove: 3001 "ya dado de baja", 3002 "no
 *    existe" answered to a BAJA — the goal of the baja holds);
 *  - REJECTED: Incorrecto with its code (a correction and 'Reintento' resend it), a SOAP Client fault
 *    of a message of that one record, or a record our own writer refuses (never sent);
 *  - NOT_AT_AEAT: an A1 answered 3002 "No existe el Registro" (or 3001: the AEAT holds it annulled).
 *    We believed it registered and it is not: `registered` goes false and the record goes again as
 *    an alta A0 (`operationFor`). An A0 answered 3000 is asked with ConsultaLR first, so the
 *    A0 ↔ A1 round trip cannot loop: every claim counts in `attempts` and the technical cap ends it;
 *  - NOT_DELIVERED: the AEAT certainly does not have it (the request never left, or a ConsultaLR did
 *    not find it): back to QUEUED, or ERROR once `MAX_ATTEMPTS` sends of this content failed;
 *  - UNSUPPORTED: a modification or baja of a cobro/pago (RECC): the v1.1 services only add them, so
 *    nothing can be sent: PENDING_CORRECTION for the staff (the AEAT's web form).
 * After any verdict, a content that changed while the attempt was in flight (`sentContentVersion <
 * contentVersion`) is queued again with the operation due then (A1 once registered, BAJA once
 * withdrawn, nothing for a withdrawn record the AEAT never held).
 *
 * `attempts` counts the sends of the current content since the AEAT last answered for it: an answer
 * (registered, removed, rejected, not there) resets it, so a user's retry starts afresh.
 */

import type { SiiConsultaRecord, SiiLineState } from '@functions/lib/sii-xml';
import type {
  SiiAeatError,
  SiiEntry,
  SiiHistoryEntry,
  SiiOperation,
  SiiStatus,
  SiiSubmissionStatus,
} from '@shared/schemas/sii';
import { operationFor, SII_HISTORY_CAP } from './entry-rules';

/** Sends of one content that failed for technical reasons before the entry ends ERROR (issue 16 item 3). */
export const MAX_ATTEMPTS = 5;

/**
 * When the AEAT answers with a presentation CSV we compare CSVs; without one, its timestamps (second
 * precision, Madrid time) against our send time, with this margin for the two clocks.
 */
export const CLOCK_MARGIN_MS = 2_000;

export type Verdict =
  | {
      kind: 'REGISTERED';
      withErrors: boolean;
      code: string | null;
      message: string | null;
      csv: string | null;
      via: 'ANSWER' | 'CONSULTA';
    }
  | {
      kind: 'REMOVED';
      code: string | null;
      message: string | null;
      csv: string | null;
      via: 'ANSWER' | 'CONSULTA';
    }
  | { kind: 'REJECTED'; code: string; message: string }
  | { kind: 'NOT_AT_AEAT'; code: string | null; message: string }
  | { kind: 'NOT_DELIVERED'; reason: string; message: string }
  | { kind: 'UNSUPPORTED'; message: string }
  /**
   * The AEAT judged nothing (the whole message was refused with a SOAP Client fault, or our writer
   * refused another record of the message): back to QUEUED to go in a smaller message. Not a failed
   * send of this record, so it does not count as an attempt.
   */
  | { kind: 'RETRY_SPLIT'; message: string };

/** One RespuestaLinea as the sender reads it (the fields of sii-xml's SiiResponseLine it needs). */
export interface AnswerLine {
  state: SiiLineState;
  code: string | null;
  message: string | null;
  /** CSV of the record already registered (only on a rejected duplicate). */
  csv: string | null;
}

/** A line verdict, or "ask ConsultaLR first" (3000 duplicate of an A0). */
export type LineVerdict = Verdict | { kind: 'ASK'; code: string; message: string };

const trimmed = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/** The state of a record from its RespuestaLinea (`csv`: the message's CSV). */
export function verdictOfLine(
  entry: Pick<SiiEntry, 'sentOperation'>,
  line: AnswerLine,
  csv: string | null,
): LineVerdict {
  const code = trimmed(line.code);
  const message = trimmed(line.message);
  const op = entry.sentOperation;
  if (line.state !== 'Incorrecto') {
    if (op === 'BAJA') return { kind: 'REMOVED', code, message, csv, via: 'ANSWER' };
    return {
      kind: 'REGISTERED',
      withErrors: line.state === 'AceptadoConErrores',
      code,
      message,
      csv,
      via: 'ANSWER',
    };
  }
  const text = message ?? 'Registro rechazado por la AEAT';
  if (code === '3000' && op === 'A0') return { kind: 'ASK', code, message: text };
  if (op === 'BAJA' && (code === '3001' || code === '3002'))
    return {
      kind: 'REMOVED',
      code,
      message: `La AEAT ya no tenía el registro (${code}: ${text}); la baja no tiene nada que anular.`,
      csv: trimmed(line.csv),
      via: 'ANSWER',
    };
  if (op === 'A1' && (code === '3001' || code === '3002'))
    return {
      kind: 'NOT_AT_AEAT',
      code,
      message: `La AEAT no tiene el registro vigente (${code}: ${text}); se enviará como alta (A0).`,
    };
  return { kind: 'REJECTED', code: code ?? '', message: text };
}

/** The cobros/pagos of a RECC record all appear among the query's (date and amount). */
function paymentsPresent(
  entry: Pick<SiiEntry, 'record'>,
  rows: SiiConsultaRecord[],
): SiiConsultaRecord | null {
  if (entry.record.book !== 'RECC') return null;
  const wanted = entry.record.payments;
  if (wanted.length === 0) return null;
  const pool = rows.filter((r) => r.payment !== null);
  let last: SiiConsultaRecord | null = null;
  for (const p of wanted) {
    const i = pool.findIndex((r) => r.payment!.date === p.date && r.payment!.amountCents === p.amountCents);
    if (i === -1) return null;
    last = pool[i]!;
    pool.splice(i, 1);
  }
  return last;
}

/** Whether the presentation found is later than what we knew the AEAT held: our A1 landed. */
function modificationLanded(entry: Pick<SiiEntry, 'csv' | 'lastSentAt'>, row: SiiConsultaRecord): boolean {
  if (entry.csv && row.csv) return row.csv !== entry.csv;
  if (!row.timestamp || !entry.lastSentAt) return false;
  // Whole seconds at the AEAT: the request of `lastSentAt` is stored within the same second or later.
  return Date.parse(row.timestamp) >= Date.parse(entry.lastSentAt) - 1_000 - CLOCK_MARGIN_MS;
}

const NOT_FOUND = 'La AEAT no tiene el registro: se enviará de nuevo.';

/**
 * What a ConsultaLR says about a SENT entry whose attempt had no usable answer (or an A0 answered
 * 3000). `rows` are the query's records with the entry's key (`recordKey`).
 */
export function verdictOfConsulta(
  entry: Pick<SiiEntry, 'sentOperation' | 'record' | 'csv' | 'lastSentAt'>,
  rows: SiiConsultaRecord[],
): Verdict {
  const op = entry.sentOperation;
  if (entry.record.book === 'RECC') {
    const found = paymentsPresent(entry, rows);
    return found
      ? { kind: 'REGISTERED', withErrors: false, code: null, message: null, csv: found.csv, via: 'CONSULTA' }
      : { kind: 'NOT_DELIVERED', reason: 'NOT_AT_AEAT', message: NOT_FOUND };
  }
  const live = rows.find((r) => r.state !== 'Anulada') ?? null;
  const annulled = rows.find((r) => r.state === 'Anulada') ?? null;
  if (op === 'BAJA') {
    if (live)
      return {
        kind: 'NOT_DELIVERED',
        reason: 'NOT_AT_AEAT',
        message: 'La AEAT aún tiene el registro: la baja se enviará de nuevo.',
      };
    return { kind: 'REMOVED', code: null, message: null, csv: annulled?.csv ?? null, via: 'CONSULTA' };
  }
  const registered = (row: SiiConsultaRecord): Verdict => ({
    kind: 'REGISTERED',
    withErrors: row.state === 'AceptadaConErrores',
    code: trimmed(row.code),
    message: trimmed(row.message),
    csv: row.csv,
    via: 'CONSULTA',
  });
  if (op === 'A1') {
    if (!live)
      return {
        kind: 'NOT_AT_AEAT',
        code: null,
        message: 'La AEAT no tiene el registro vigente; se enviará como alta (A0).',
      };
    return modificationLanded(entry, live)
      ? registered(live)
      : {
          kind: 'NOT_DELIVERED',
          reason: 'NOT_AT_AEAT',
          message: 'La AEAT no tiene la modificación: se enviará de nuevo.',
        };
  }
  return live ? registered(live) : { kind: 'NOT_DELIVERED', reason: 'NOT_AT_AEAT', message: NOT_FOUND };
}

// --- moves ----------------------------------------------------------------------------------------

/** The fields of an entry a sender move writes (besides the index attributes and the mirror). */
export interface EntryChange {
  status: SiiStatus;
  registered: boolean;
  pendingOperation: SiiOperation | null;
  attemptId: string | null;
  attempts: number;
  acceptedAt: string | null;
  acceptedWithErrors: boolean;
  csv: string | null;
  lastError: SiiAeatError | null;
  lastSubmissionId: string | null;
  history: SiiHistoryEntry[];
  /** Claims only. */
  sentContentVersion?: number | null;
  sentOperation?: SiiOperation | null;
  lastSentAt?: string | null;
}

/** What the staff is told once the move is made (the move is conditional: only one sender makes it). */
export type Notice = 'REJECTED' | 'ERROR' | 'PENDING_CORRECTION' | null;

const OPERATION_TEXT: Record<SiiOperation, string> = {
  A0: 'alta (A0)',
  A1: 'modificación (A1)',
  BAJA: 'baja',
};

const withHistory = (history: SiiHistoryEntry[], h: SiiHistoryEntry) =>
  [...history, h].slice(-SII_HISTORY_CAP);

const historyEntry = (
  at: string,
  status: SiiStatus,
  operation: SiiOperation | null,
  submissionId: string | null,
  message: string,
  code?: string | null,
): SiiHistoryEntry => ({
  at,
  status,
  operation,
  ...(submissionId ? { submissionId } : {}),
  ...(code ? { code } : {}),
  message: message.slice(0, 500),
});

type Settled = Pick<
  SiiEntry,
  | 'status'
  | 'registered'
  | 'pendingOperation'
  | 'withdrawn'
  | 'attempts'
  | 'acceptedAt'
  | 'acceptedWithErrors'
  | 'csv'
  | 'lastError'
  | 'lastSubmissionId'
  | 'history'
  | 'contentVersion'
  | 'sentContentVersion'
  | 'sentOperation'
  | 'attemptId'
>;

/** QUEUED → SENT: this attempt holds the entry; what it sends is the content and operation of now. */
export function claimChange(
  entry: Settled,
  attemptId: string,
  at: string,
  submissionId: string,
): EntryChange {
  const op = entry.pendingOperation;
  return {
    status: 'SENT',
    registered: entry.registered,
    pendingOperation: op,
    attemptId,
    attempts: entry.attempts + 1,
    acceptedAt: entry.acceptedAt,
    acceptedWithErrors: entry.acceptedWithErrors,
    csv: entry.csv,
    lastError: entry.lastError,
    lastSubmissionId: submissionId,
    sentContentVersion: entry.contentVersion,
    sentOperation: op,
    lastSentAt: at,
    history: withHistory(
      entry.history,
      historyEntry(
        at,
        'SENT',
        op,
        submissionId,
        `Enviado al SII: ${op ? OPERATION_TEXT[op] : 'sin operación'}`,
      ),
    ),
  };
}

/** The entry stays SENT (outcome unknown): only the attempt is written down (reference §7, #4591). */
export function noteChange(
  entry: Settled,
  at: string,
  submissionId: string | null,
  message: string,
): EntryChange {
  return {
    ...sameAs(entry),
    history: withHistory(entry.history, historyEntry(at, 'SENT', entry.sentOperation, submissionId, message)),
  };
}

const sameAs = (e: Settled): EntryChange => ({
  status: e.status,
  registered: e.registered,
  pendingOperation: e.pendingOperation,
  attemptId: e.attemptId,
  attempts: e.attempts,
  acceptedAt: e.acceptedAt,
  acceptedWithErrors: e.acceptedWithErrors,
  csv: e.csv,
  lastError: e.lastError,
  lastSubmissionId: e.lastSubmissionId,
  history: e.history,
});

/**
 * SENT → next, for the attempt that sent it (or QUEUED → REJECTED / PENDING_CORRECTION for a record
 * refused before sending: then `submissionId` is null).
 */
export function settleChange(
  entry: Settled,
  verdict: Verdict,
  at: string,
  submissionId: string | null,
): { change: EntryChange; notice: Notice } {
  const sentOp = entry.sentOperation ?? entry.pendingOperation;
  const changed = entry.sentContentVersion !== null && entry.sentContentVersion < entry.contentVersion;
  const base = sameAs(entry);
  const answered = (registered: boolean) => ({ registered, attempts: 0 });
  const next = (registered: boolean) => operationFor({ registered, withdrawn: entry.withdrawn });

  /** The content changed while in flight: queue what is due now (or nothing, for a withdrawn record never held). */
  const requeueChanged = (registered: boolean, message: string, extra: Partial<EntryChange>) => {
    const op = next(registered);
    const status: SiiStatus = op === null ? 'NOT_SENT' : 'QUEUED';
    const text =
      op === null
        ? `${message} El origen se anuló antes de llegar a la AEAT: no hay nada que comunicar.`
        : `${message} El contenido cambió durante el envío: se enviará la ${OPERATION_TEXT[op]}.`;
    return {
      change: {
        ...base,
        ...extra,
        status,
        registered,
        pendingOperation: op,
        attemptId: null,
        attempts: 0,
        lastSubmissionId: submissionId ?? base.lastSubmissionId,
        history: withHistory(entry.history, historyEntry(at, status, op, submissionId, text)),
      },
      notice: null as Notice,
    };
  };

  switch (verdict.kind) {
    case 'REGISTERED': {
      const accepted = {
        ...answered(true),
        acceptedAt: at,
        acceptedWithErrors: verdict.withErrors,
        csv: verdict.csv ?? entry.csv,
        lastError: verdict.withErrors
          ? { code: verdict.code ?? '', message: verdict.message ?? 'Aceptado con errores' }
          : null,
      };
      const what =
        verdict.via === 'CONSULTA'
          ? 'La AEAT ya tenía el registro (ConsultaLR): no se vuelve a enviar.'
          : verdict.withErrors
            ? `Aceptado con errores${verdict.code ? ` (${verdict.code})` : ''}${verdict.message ? `: ${verdict.message}` : ''}`
            : 'Aceptado por la AEAT';
      if (changed || next(true) !== 'A1') return requeueChanged(true, what, accepted);
      return {
        change: {
          ...base,
          ...accepted,
          status: 'ACCEPTED',
          pendingOperation: null,
          lastSubmissionId: submissionId ?? base.lastSubmissionId,
          history: withHistory(
            entry.history,
            historyEntry(
              at,
              'ACCEPTED',
              sentOp,
              submissionId,
              what,
              verdict.withErrors ? verdict.code : null,
            ),
          ),
        },
        notice: null,
      };
    }
    case 'REMOVED': {
      const removed = {
        ...answered(false),
        acceptedAt: at,
        acceptedWithErrors: false,
        csv: verdict.csv ?? entry.csv,
        lastError: null,
      };
      const what = verdict.message ?? 'Baja aceptada por la AEAT';
      if (changed && next(false) !== null) return requeueChanged(false, what, removed);
      return {
        change: {
          ...base,
          ...removed,
          status: 'ACCEPTED',
          pendingOperation: null,
          lastSubmissionId: submissionId ?? base.lastSubmissionId,
          history: withHistory(entry.history, historyEntry(at, 'ACCEPTED', 'BAJA', submissionId, what)),
        },
        notice: null,
      };
    }
    case 'REJECTED': {
      const lastError = { code: verdict.code, message: verdict.message };
      const what = `Rechazado${verdict.code ? ` (${verdict.code})` : ''}: ${verdict.message}`;
      if (changed) return requeueChanged(entry.registered, what, { lastError, attempts: 0 });
      return {
        change: {
          ...base,
          ...answered(entry.registered),
          status: 'REJECTED',
          pendingOperation: sentOp,
          lastError,
          lastSubmissionId: submissionId ?? base.lastSubmissionId,
          history: withHistory(
            entry.history,
            historyEntry(at, 'REJECTED', sentOp, submissionId, what, verdict.code),
          ),
        },
        notice: 'REJECTED',
      };
    }
    case 'NOT_AT_AEAT': {
      const lastError = verdict.code ? { code: verdict.code, message: verdict.message } : entry.lastError;
      return requeueChanged(false, verdict.message, { lastError, acceptedWithErrors: false });
    }
    case 'NOT_DELIVERED': {
      const op = next(entry.registered);
      if (op !== null && entry.attempts >= MAX_ATTEMPTS && !changed) {
        const message = `${verdict.message} Tras ${entry.attempts} intentos fallidos por causas técnicas el registro queda en error: revisa la conexión con la AEAT y reinténtalo.`;
        return {
          change: {
            ...base,
            status: 'ERROR',
            pendingOperation: op,
            attemptId: null,
            lastError: { code: verdict.reason, message: message.slice(0, 500) },
            lastSubmissionId: submissionId ?? base.lastSubmissionId,
            history: withHistory(
              entry.history,
              historyEntry(at, 'ERROR', op, submissionId, message, verdict.reason),
            ),
          },
          notice: 'ERROR',
        };
      }
      if (changed) return requeueChanged(entry.registered, verdict.message, {});
      const status: SiiStatus = op === null ? 'NOT_SENT' : 'QUEUED';
      return {
        change: {
          ...base,
          status,
          pendingOperation: op,
          attemptId: null,
          lastSubmissionId: submissionId ?? base.lastSubmissionId,
          history: withHistory(
            entry.history,
            historyEntry(at, status, op, submissionId, verdict.message, verdict.reason),
          ),
        },
        notice: null,
      };
    }
    case 'RETRY_SPLIT': {
      if (changed) return requeueChanged(entry.registered, verdict.message, {});
      const op = next(entry.registered);
      const status: SiiStatus = op === null ? 'NOT_SENT' : 'QUEUED';
      return {
        change: {
          ...base,
          status,
          pendingOperation: op,
          attemptId: null,
          attempts: Math.max(0, entry.attempts - 1),
          history: withHistory(entry.history, historyEntry(at, status, op, submissionId, verdict.message)),
        },
        notice: null,
      };
    }
    case 'UNSUPPORTED':
      return {
        change: {
          ...base,
          status: 'PENDING_CORRECTION',
          attemptId: null,
          lastError: { code: 'NO_ADMITIDO', message: verdict.message },
          history: withHistory(
            entry.history,
            historyEntry(at, 'PENDING_CORRECTION', sentOp, submissionId, verdict.message),
          ),
        },
        notice: 'PENDING_CORRECTION',
      };
  }
}

/** A change of a cobro/pago the AEAT already holds cannot be sent (the RECC services only add). */
export const UNSUPPORTED_CASH_CHANGE =
  'El SII no admite modificar ni dar de baja un cobro o pago ya comunicado (criterio de caja): corrígelo en la sede electrónica de la AEAT.';

// --- submissions ----------------------------------------------------------------------------------

/** How one record of a message ended, as the submission lists it (the AEAT's judgement of it). */
export function recordResult(verdict: LineVerdict): {
  status: SiiStatus;
  code: string | null;
  message: string | null;
} {
  switch (verdict.kind) {
    case 'REGISTERED':
    case 'REMOVED':
      return { status: 'ACCEPTED', code: verdict.code, message: verdict.message };
    case 'REJECTED':
    case 'NOT_AT_AEAT':
    case 'ASK':
      return { status: 'REJECTED', code: verdict.code, message: verdict.message };
    case 'UNSUPPORTED':
      return { status: 'PENDING_CORRECTION', code: null, message: verdict.message };
    case 'NOT_DELIVERED':
    case 'RETRY_SPLIT':
      return { status: 'QUEUED', code: null, message: verdict.message };
  }
}

/** The status of an answered message from its records' results (every record rejected: REJECTED). */
export function submissionStatus(results: SiiStatus[]): SiiSubmissionStatus {
  const accepted = results.filter((s) => s === 'ACCEPTED').length;
  if (accepted === results.length) return 'ACCEPTED';
  return accepted === 0 ? 'REJECTED' : 'PARTIALLY_ACCEPTED';
}
