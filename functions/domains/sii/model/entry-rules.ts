/**
 * How a change of a source document moves one SII entry (pure). THE PROTOCOL is the doc comment of
 * `SiiEntry` (shared/schemas/sii.ts); this file is the registration side of it:
 *
 *  - a new content while the AEAT holds nothing goes as A0, once it holds the record as A1, and a
 *    withdrawal (cancelled issued invoice, deleted received invoice or payment) as a BAJA;
 *  - a withdrawal of a record the AEAT never held needs nothing: the entry stays as the trace that
 *    the document existed, final (no operation, out of both indexes, not counted as pending);
 *  - while SENT (an attempt in flight) a change only bumps `contentVersion`: the sender, resolving
 *    the attempt, sees `sentContentVersion < contentVersion` and queues it again with the operation
 *    `operationFor` gives then (it knows by then whether the AEAT registered the record);
 *  - a received invoice not APPROVED while the configuration holds them is `held` (NOT_SENT, out of
 *    the sender's index) and released when it is approved; in MANUAL mode new content waits as
 *    NOT_SENT for the user's 'Enviar';
 *  - events arrive out of order (a standard queue): every target carries an `order` (the source's
 *    version or payment revision, a withdrawal after the content it withdraws) and an entry never
 *    goes back to an older one. A cancellation that arrives before its confirmation still ends
 *    withdrawn, and the late confirmation is ignored.
 */

import { addWorkingDays } from '@shared/fiscal/sii-deadlines';
import {
  SII_WORKING_DAYS,
  type SiiBook,
  type SiiConfig,
  type SiiEntry,
  type SiiHistoryEntry,
  type SiiOperation,
  type SiiPeriod,
  type SiiRecord,
  type SiiStatus,
} from '@shared/schemas/sii';

/** History entries kept on an entry (the newest). */
export const SII_HISTORY_CAP = 50;

/**
 * The stored entry: `SiiEntry` plus `sourceOrder`, the order of the source change it reflects
 * (compared as text; see `EntryTarget.order`). Absent on entries written before it existed.
 */
export type StoredSiiEntry = SiiEntry & { sourceOrder?: string };

/** The facts of the document an entry shows in lists (documentNumber … period of `SiiEntry`). */
export interface EntryFacts {
  documentNumber: string;
  counterpartyName: string | null;
  counterpartyTaxId: string | null;
  issueDate: string;
  totalCents: number;
  period: SiiPeriod;
}

/** What one source change says one entry should be. */
export interface EntryTarget {
  book: SiiBook;
  documentId: string;
  source: SiiEntry['source'];
  record: SiiRecord;
  facts: EntryFacts;
  /** The last day to send it (shared/fiscal/sii-deadlines.ts). */
  deadline: string;
  /** The source was cancelled or deleted. */
  withdrawn: boolean;
  /** Received invoices: is it APPROVED? null for issued invoices (never held). */
  approved: boolean | null;
  /**
   * Orders the changes of one entry's source: a target whose order is not greater than the stored
   * one is stale (or a repeat) and changes nothing. Built with `sourceOrder`.
   */
  order: string;
}

export type RuleConfig = Pick<SiiConfig, 'submissionMode' | 'holdUnapprovedReceived'>;

const pad = (n: number) => String(Math.max(0, Math.trunc(n))).padStart(10, '0');

/**
 * The order of a source change, comparable as text:
 *  - issued invoices never change after confirmation: confirmation `0`, cancellation `1`;
 *  - received invoices: their `version` (every write increments it), a deletion after it;
 *  - payments: their `revision`, then the time of the change, a recorded payment before a deletion
 *    of the same revision at the same time (a correction is DELETED of revision n + RECORDED n+1).
 */
export const sourceOrder = {
  issued: (withdrawn: boolean): string => (withdrawn ? '1' : '0'),
  received: (version: number, withdrawn: boolean): string => `${pad(version)}#${withdrawn ? 1 : 0}`,
  payment: (revision: number, at: string, withdrawn: boolean): string =>
    `${pad(revision)}#${at}#${withdrawn ? 1 : 0}`,
};

/** The operation an entry has due: A0 until the AEAT holds it, then A1, BAJA once withdrawn; none for a withdrawn record it never held. */
export function operationFor(e: Pick<SiiEntry, 'registered' | 'withdrawn'>): SiiOperation | null {
  if (e.withdrawn) return e.registered ? 'BAJA' : null;
  return e.registered ? 'A1' : 'A0';
}

/** Whether a target is held: not approved while the configuration holds unapproved received invoices. */
export const isHeld = (t: Pick<EntryTarget, 'approved' | 'withdrawn'>, config: RuleConfig): boolean =>
  !t.withdrawn && t.approved === false && config.holdUnapprovedReceived;

/** The status of an entry with an operation due that is not in flight: queued, unless held or manual. */
export const waitingStatus = (held: boolean, config: RuleConfig): SiiStatus =>
  held || config.submissionMode === 'MANUAL' ? 'NOT_SENT' : 'QUEUED';

/**
 * Deep equality of two records (plain JSON data), independent of key order: a content that did
 * not change is not sent again.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameContent(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameContent(ra[k], rb[k]));
}

const withHistory = (history: SiiHistoryEntry[], entry: SiiHistoryEntry): SiiHistoryEntry[] =>
  [...history, entry].slice(-SII_HISTORY_CAP);

/** The Spanish history text of a registration change. */
function historyMessage(op: SiiOperation | null, status: SiiStatus, held: boolean, isNew: boolean): string {
  if (op === null) return 'Origen anulado antes de enviarse al SII: no hay nada que comunicar';
  const what =
    op === 'BAJA'
      ? 'Baja pendiente de comunicar'
      : op === 'A1'
        ? 'Modificación pendiente de comunicar (A1)'
        : isNew
          ? 'Registro creado (alta A0)'
          : 'Contenido actualizado (alta A0)';
  if (held) return `${what}: retenido hasta que la factura recibida se apruebe`;
  if (status === 'SENT') return `${what}: se enviará cuando se resuelva el envío en curso`;
  if (status === 'NOT_SENT') return `${what}: pendiente de envío manual`;
  return what;
}

/**
 * A modification or baja of a record the AEAT already holds has no deadline of its own in art.
 * 69.Tres RIVA: it is given the four working days from the change, never less than the original.
 */
function deadlineAfterChange(original: string, at: string): string {
  const fromChange = addWorkingDays(at.slice(0, 10), SII_WORKING_DAYS);
  return fromChange > original ? fromChange : original;
}

function newEntry(companyId: string, t: EntryTarget, config: RuleConfig, at: string): StoredSiiEntry {
  const held = isHeld(t, config);
  const pendingOperation = t.withdrawn ? null : 'A0';
  const status: SiiStatus = pendingOperation === null ? 'NOT_SENT' : waitingStatus(held, config);
  return {
    entryId: `${t.book}:${t.documentId}`,
    companyId,
    book: t.book,
    documentId: t.documentId,
    source: t.source,
    ...t.facts,
    record: t.record,
    contentVersion: 1,
    status,
    pendingOperation,
    registered: false,
    withdrawn: t.withdrawn,
    held,
    deadline: t.deadline,
    sentContentVersion: null,
    sentOperation: null,
    attemptId: null,
    attempts: 0,
    lastSubmissionId: null,
    lastSentAt: null,
    acceptedAt: null,
    acceptedWithErrors: false,
    csv: null,
    lastError: null,
    reconciliation: null,
    history: [
      {
        at,
        status,
        operation: pendingOperation,
        message: historyMessage(pendingOperation, status, held, true),
      },
    ],
    createdAt: at,
    updatedAt: at,
    sourceOrder: t.order,
  };
}

/** An entry whose operation may move with a release or a hold (not in flight, not yet answered). */
const waiting = (e: SiiEntry) => e.status === 'NOT_SENT' || e.status === 'QUEUED';

/**
 * The entry after one source change, or null when the change changes nothing (stale, repeated, or
 * the same content). `at` is the time of the registration (ISO instant).
 */
export function nextEntry(
  current: StoredSiiEntry | null,
  companyId: string,
  target: EntryTarget,
  config: RuleConfig,
  at: string,
): StoredSiiEntry | null {
  if (!current) return newEntry(companyId, target, config, at);
  if (current.sourceOrder !== undefined && target.order <= current.sourceOrder) return null;

  const contentChanged =
    current.withdrawn !== target.withdrawn ||
    (!target.withdrawn && !sameContent(current.record, target.record));
  const held = isHeld(target, config);

  if (!contentChanged) {
    // Same content: only an approval or its withdrawal can move an entry that is still waiting.
    if (current.held === held || !waiting(current) || current.pendingOperation === null) return null;
    const status = waitingStatus(held, config);
    return {
      ...current,
      held,
      status,
      sourceOrder: target.order,
      updatedAt: at,
      history: withHistory(current.history, {
        at,
        status,
        operation: current.pendingOperation,
        message: held
          ? 'Retenido: la factura recibida ya no está aprobada'
          : 'Liberado: la factura recibida se ha aprobado',
      }),
    };
  }

  const withdrawn = target.withdrawn;
  const pendingOperation = operationFor({ registered: current.registered, withdrawn });
  const inFlight = current.status === 'SENT';
  const entryHeld = pendingOperation !== null && !inFlight && held;
  const status: SiiStatus = inFlight
    ? 'SENT'
    : pendingOperation === null
      ? 'NOT_SENT'
      : waitingStatus(entryHeld, config);
  return {
    ...current,
    // A baja identifies the record the AEAT holds: it keeps the last content and facts.
    ...(withdrawn ? {} : { ...target.facts, record: target.record, source: target.source }),
    contentVersion: current.contentVersion + 1,
    withdrawn,
    held: entryHeld,
    pendingOperation,
    status,
    deadline: current.registered ? deadlineAfterChange(target.deadline, at) : target.deadline,
    sourceOrder: target.order,
    updatedAt: at,
    history: withHistory(current.history, {
      at,
      status,
      operation: pendingOperation,
      message: historyMessage(pendingOperation, status, entryHeld, false),
    }),
  };
}
