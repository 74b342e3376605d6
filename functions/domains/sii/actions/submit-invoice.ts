import { defineCompanyAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { type SiiStatus, SiiSubmitBody } from '@shared/schemas/sii';
import { operationFor, SII_HISTORY_CAP, type StoredSiiEntry } from '../model/entry-rules';
import type { SiiDeps } from '../store/deps';
import { entriesOfInvoice } from '../store/queries';
import { wakeSender } from '../store/trigger';
import { moveEntry } from '../store/user-moves';
import { entryRow, requireSiiCompany, type SiiEntryRow } from './sii-scope';

/** States a user's 'Enviar' queues: waiting (MANUAL mode), failed, refused (resent as it is now). */
export const SUBMITTABLE: readonly SiiStatus[] = ['NOT_SENT', 'ERROR', 'REJECTED', 'PARTIALLY_SENT'];

/** Why an entry was not queued by 'Enviar'. */
export type SubmitSkip =
  | 'ALREADY_QUEUED'
  | 'IN_FLIGHT'
  | 'ACCEPTED'
  | 'HELD'
  | 'NOTHING_DUE'
  | 'NEEDS_CORRECTION';

export const SKIP_TEXT: Record<SubmitSkip, string> = {
  ALREADY_QUEUED: 'Ya está en cola de envío.',
  IN_FLIGHT: 'Se está enviando: espera la respuesta de la AEAT.',
  ACCEPTED: 'La AEAT ya lo ha aceptado.',
  HELD: 'Retenida hasta que se apruebe la factura recibida.',
  NOTHING_DUE: 'El documento está anulado y la AEAT no tiene su registro: no hay nada que enviar.',
  NEEDS_CORRECTION: 'Necesita una corrección: usa «Reintentar» en el registro.',
};

/** Whether 'Enviar' queues the entry, or why not. Pure. */
export function submitDecision(e: StoredSiiEntry): { queue: true } | { queue: false; skip: SubmitSkip } {
  if (e.status === 'QUEUED') return { queue: false, skip: 'ALREADY_QUEUED' };
  if (e.status === 'SENT') return { queue: false, skip: 'IN_FLIGHT' };
  if (operationFor(e) === null) return { queue: false, skip: 'NOTHING_DUE' };
  if (e.status === 'ACCEPTED') return { queue: false, skip: 'ACCEPTED' };
  if (e.status === 'PENDING_CORRECTION') return { queue: false, skip: 'NEEDS_CORRECTION' };
  if (e.held) return { queue: false, skip: 'HELD' };
  return SUBMITTABLE.includes(e.status) ? { queue: true } : { queue: false, skip: 'NOTHING_DUE' };
}

/**
 * The entry queued by a user: the operation due now (A0 until the AEAT holds the record, then A1,
 * BAJA once withdrawn), a fresh count of technical attempts (model/outcome.ts: a user's retry
 * starts afresh), and the step in its history. Pure.
 */
export function queuedEntry(e: StoredSiiEntry, at: string, by: string, message: string): StoredSiiEntry {
  const operation = operationFor(e);
  return {
    ...e,
    status: 'QUEUED',
    pendingOperation: operation,
    attempts: 0,
    updatedAt: at,
    history: [...e.history, { at, status: 'QUEUED' as const, operation, by, message }].slice(
      -SII_HISTORY_CAP,
    ),
  };
}

/**
 * Wakes the company's sender after a user queued records. A failed wake-up is only logged: the
 * `sii-sweep` schedule wakes every company with queued records within a minute.
 */
export async function wakeCompanySender(deps: SiiDeps, companyId: string, log: Logger): Promise<void> {
  try {
    await wakeSender(deps, companyId, `${companyId}:user:${deps.newId()}`);
  } catch (e) {
    log.warn('sii sender trigger failed', { companyId, error: (e as Error).name });
  }
}

export interface SiiEntryOutcome extends SiiEntryRow {
  /** Queued by this request. */
  queued: boolean;
  /** Why not, when it was not (Spanish). */
  reason: string | null;
}

/** Queues what 'Enviar' queues among `entries`; answers each entry as it is afterwards. */
export async function submitEntries(
  deps: SiiDeps,
  entries: StoredSiiEntry[],
  userId: string,
): Promise<SiiEntryOutcome[]> {
  const out: SiiEntryOutcome[] = [];
  for (const read of entries) {
    let skip: SubmitSkip | null = null;
    const { entry, moved } = await moveEntry(deps, read, (current) => {
      const decision = submitDecision(current);
      if (!decision.queue) {
        skip = decision.skip;
        return null;
      }
      skip = null;
      return queuedEntry(current, deps.now().toISOString(), userId, 'Envío solicitado por el usuario');
    });
    out.push({ ...entryRow(entry), queued: moved, reason: skip ? SKIP_TEXT[skip] : null });
  }
  return out;
}

export interface SiiInvoiceSubmitResult {
  invoiceId: string;
  /** Entries queued by this request. */
  queued: number;
  entries: SiiEntryOutcome[];
}

export const NO_ENTRY = 'La factura no tiene registros en el SII.';

/**
 * POST /sii/submit { invoiceId }: sends an issued or received invoice's records (of every book) that
 * wait or failed: NOT_SENT, ERROR, REJECTED → QUEUED, and wakes the sender. 404 when the invoice
 * has no SII record; 409 when none of them can go (accepted, held, in flight…); a record already
 * queued or in flight is left as it is (asking twice is harmless).
 */
export const submitInvoiceRoute = defineCompanyAction({
  body: SiiSubmitBody,
  run: async ({ auth, scope, body, log }, deps: SiiDeps): Promise<SiiInvoiceSubmitResult> => {
    const companyId = scope.companyId;
    await requireSiiCompany(deps, companyId);
    const entries = await entriesOfInvoice(deps, companyId, body.invoiceId);
    if (entries.length === 0) throw new AppError('CORE_006', NO_ENTRY);
    const outcomes = await submitEntries(deps, entries, auth.userId);
    const queued = outcomes.filter((o) => o.queued).length;
    const pending = outcomes.some((o) => o.status === 'QUEUED' || o.status === 'SENT');
    if (!pending) {
      const reasons = [...new Set(outcomes.map((o) => o.reason).filter((r): r is string => r !== null))];
      throw new AppError(
        'DOC_047',
        `No hay nada que enviar al SII de esta factura. ${reasons.join(' ')}`.trim(),
        {
          details: { reason: 'NOTHING_TO_SEND' },
        },
      );
    }
    if (queued > 0) await wakeCompanySender(deps, companyId, log);
    return { invoiceId: body.invoiceId, queued, entries: outcomes };
  },
});
