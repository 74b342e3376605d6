import { defineCompanyAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { VerifactuInvoicePath } from '@shared/schemas/verifactu';
import { isRejected } from '../model/corrections';
import type { VerifactuDeps } from '../store/deps';
import { readVerifactuConfig } from '../store/records';
import { readCompanySiiEnabled } from '../store/submission-queries';
import { wakeSender } from '../store/submission-writes';
import { requeueSubmission } from '../store/submissions';
import { invoiceRecords } from './get-invoice-status';

export type SubmitOutcome = 'QUEUED' | 'ALREADY_SENT' | 'NOT_APPLICABLE' | 'NEEDS_CORRECTION';

export interface SubmitResult {
  invoiceId: string;
  result: SubmitOutcome;
  message: string;
}

export const NOT_CONFIGURED_MESSAGE = 'VeriFacTu no está configurado para esta empresa.';

/** How many invoices are looked at concurrently (each is one Query plus a GetItem per record). */
const CONCURRENCY = 8;

async function mapLimited<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Sends invoices' records now: a record still QUEUED (or SENT, awaiting its outcome) wakes the
 * company's sender at once (one FIFO message for the whole request); one in ERROR for a technical
 * reason goes back to QUEUED first; one rejected or accepted with errors needs a correction
 * (resubmit); one verified is already sent. The records themselves are never changed.
 */
export async function submitInvoices(
  deps: VerifactuDeps,
  companyId: string,
  invoiceIds: string[],
  log?: Logger,
): Promise<SubmitResult[]> {
  const [config, sii] = await Promise.all([
    readVerifactuConfig(deps.db, deps.table, companyId),
    readCompanySiiEnabled(deps, companyId),
  ]);
  if (!config || config.enabled === false) {
    throw new AppError('DOC_047', NOT_CONFIGURED_MESSAGE, { details: { reason: 'NOT_CONFIGURED' } });
  }
  let wake = false;
  const results = await mapLimited(
    [...new Set(invoiceIds)],
    CONCURRENCY,
    async (invoiceId): Promise<SubmitResult> => {
      const r = (result: SubmitOutcome, message: string): SubmitResult => ({ invoiceId, result, message });
      if (sii) return r('NOT_APPLICABLE', 'La empresa lleva el SII: VeriFacTu no se aplica.');
      const { records, submissions } = await invoiceRecords(deps, companyId, invoiceId);
      const latest = records.at(-1);
      const sub = latest ? submissions.find((s) => s.seq === latest.seq) : undefined;
      if (!latest || !sub) return r('NOT_APPLICABLE', 'La factura no tiene registro VeriFacTu.');
      if (config.mode !== 'VERIFACTU') {
        return r('NOT_APPLICABLE', 'En modalidad NO VERI*FACTU los registros no se envían a la AEAT.');
      }
      switch (sub.status) {
        case 'QUEUED':
          wake = true;
          return r('QUEUED', 'El registro se envía a la AEAT ahora.');
        case 'SENT':
          // An ambiguous SENT is resolved by the sender (ConsultaLR before any resend).
          wake = true;
          return r('ALREADY_SENT', 'El registro ya se envió: se espera la respuesta de la AEAT.');
        case 'VERIFIED':
          return r('ALREADY_SENT', 'La AEAT ya aceptó el registro.');
        case 'ACCEPTED_WITH_ERRORS':
          return r('NEEDS_CORRECTION', 'La AEAT aceptó el registro con errores: envía una subsanación.');
        case 'ERROR': {
          if (isRejected(sub) || sub.correctedBySeq != null) {
            return r('NEEDS_CORRECTION', 'La AEAT rechazó el registro: corrígelo y vuelve a enviarlo.');
          }
          if (await requeueSubmission(deps, companyId, sub.seq)) {
            wake = true;
            return r('QUEUED', 'El registro vuelve a la cola y se envía a la AEAT ahora.');
          }
          return r('ALREADY_SENT', 'El estado del registro ha cambiado: recarga la página.');
        }
      }
    },
  );
  if (wake) {
    try {
      await wakeSender(companyId, deps.now());
    } catch (e) {
      // Not fatal: the sweep (every minute) wakes every company with pending records.
      log?.warn('verifactu sender trigger failed', { companyId, error: (e as Error).name });
    }
  }
  return results;
}

/** POST /verifactu/invoices/{invoiceId}/submit: send this invoice's record now (see submitInvoices). */
export const submitInvoiceRoute = defineCompanyAction({
  params: VerifactuInvoicePath,
  run: async ({ scope, params, log }, deps: VerifactuDeps): Promise<SubmitResult> => {
    const [result] = await submitInvoices(deps, scope.companyId, [params.invoiceId], log);
    return result!;
  },
});
