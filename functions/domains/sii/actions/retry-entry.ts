import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { applyCorrections, entrySummary } from '@shared/fiscal/sii-record';
import { SiiRetryBody, type SiiStatus } from '@shared/schemas/sii';
import { operationFor, type StoredSiiEntry, sameContent } from '../model/entry-rules';
import type { SiiDeps } from '../store/deps';
import { getEntry } from '../store/queries';
import { ENTRY_NOT_FOUND, moveEntry } from '../store/user-moves';
import { entryRow, requireSiiCompany, SiiEntryPath, type SiiEntryRow } from './sii-scope';
import { queuedEntry, wakeCompanySender } from './submit-invoice';

/** Spec part 2 §4 / part 3: the success message of an SII retry. */
export const RETRY_STARTED = 'Reintento iniciado';

/** The states a retry takes: the AEAT refused the record, it needs a correction, or sending failed. */
export const RETRYABLE: readonly SiiStatus[] = ['REJECTED', 'ERROR', 'PENDING_CORRECTION'];

const NOT_RETRYABLE: Partial<Record<SiiStatus, string>> = {
  NOT_SENT: 'El registro aún no se ha enviado al SII: usa «Enviar al SII».',
  QUEUED: 'El registro ya está en cola de envío al SII.',
  SENT: 'El registro se está enviando al SII: espera la respuesta de la AEAT.',
  ACCEPTED: 'La AEAT ya ha aceptado el registro: no hay nada que reintentar.',
};

const conflict = (message: string, reason: string) =>
  new AppError('DOC_047', message, { details: { reason } });

/**
 * The entry a retry queues (pure): the corrections merged into its record (shared/fiscal/sii-record.ts
 * `applyCorrections`, a new content version when they change it), the operation due (A0 unless the
 * AEAT holds the record, then A1; BAJA for a withdrawn one). 409 in any other state.
 */
export function retriedEntry(
  e: StoredSiiEntry,
  corrections: SiiRetryBody['corrections'],
  at: string,
  by: string,
): StoredSiiEntry {
  if (!RETRYABLE.includes(e.status))
    throw conflict(
      NOT_RETRYABLE[e.status] ?? 'El registro no admite un reintento en su estado actual.',
      'NOT_RETRYABLE',
    );
  const operation = operationFor(e);
  if (operation === null)
    throw conflict(
      'El documento está anulado y la AEAT no tiene su registro: no hay nada que reintentar.',
      'NOTHING_DUE',
    );
  if (corrections && operation === 'BAJA')
    throw new AppError('CORE_004', 'Las correcciones no se aplican a una baja: se reintenta tal cual.', {
      field: 'corrections',
    });
  const record = corrections ? applyCorrections(e.record, corrections) : e.record;
  const changed = !sameContent(record, e.record);
  const summary = changed ? entrySummary(record) : null;
  const corrected: StoredSiiEntry = summary
    ? {
        ...e,
        record,
        contentVersion: e.contentVersion + 1,
        counterpartyName: summary.counterpartyName,
        counterpartyTaxId: summary.counterpartyTaxId,
      }
    : e;
  return queuedEntry(corrected, at, by, changed ? `${RETRY_STARTED} con correcciones` : RETRY_STARTED);
}

export interface SiiRetryResult {
  message: string;
  entry: SiiEntryRow;
}

/**
 * POST /sii/entries/{book}/{documentId}/retry: a REJECTED, ERROR or PENDING_CORRECTION record back
 * to QUEUED, with the user's corrections; wakes the sender. 'Reintento iniciado'.
 */
export const retryEntryRoute = defineCompanyAction({
  params: SiiEntryPath,
  body: SiiRetryBody,
  run: async ({ auth, scope, params, body, log }, deps: SiiDeps): Promise<SiiRetryResult> => {
    const companyId = scope.companyId;
    await requireSiiCompany(deps, companyId);
    const read = await getEntry(deps, companyId, params.book, params.documentId);
    if (!read) throw new AppError('CORE_006', ENTRY_NOT_FOUND);
    const { entry } = await moveEntry(deps, read, (current) =>
      retriedEntry(current, body.corrections, deps.now().toISOString(), auth.userId),
    );
    await wakeCompanySender(deps, companyId, log);
    return { message: RETRY_STARTED, entry: entryRow(entry) };
  },
});
