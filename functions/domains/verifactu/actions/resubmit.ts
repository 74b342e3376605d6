import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { buildAnulacionFields, isAlta } from '@shared/fiscal/verifactu-record';
import { ResubmitBody, type SubmissionDetail, SubmissionPath } from '@shared/schemas/verifactu';
import { correctedAltaFields, resubmitPlan } from '../model/corrections';
import type { VerifactuDeps } from '../store/deps';
import { appendRecord, recordsOfInvoice } from '../store/records';
import { isMarkRefused, markCorrectedItem, wakeSender } from '../store/submission-writes';
import { requeueSubmission } from '../store/submissions';
import { loadSubmission, submissionDetail } from './get-submission';

export const CHANGED_MESSAGE = 'El envío ha cambiado de estado mientras se corregía: recarga la página.';

/**
 * POST /verifactu/submissions/{submissionId}/resubmit: corrects a submission the AEAT did not take
 * as it was (reference §1.5, model/corrections.ts):
 *  - alta rejected (Incorrecto) → NEW alta tras rechazo (Subsanacion=S, RechazoPrevio=X);
 *  - alta accepted with errors → NEW subsanación (Subsanacion=S);
 *  - anulación rejected → NEW anulación tras rechazo (RechazoPrevio=S);
 *  - technical ERROR (never judged by the AEAT) → the same record back to QUEUED.
 * A new record goes through `appendRecord` with the corrected submission's `correctedBySeq` mark in
 * the same transaction. Answers the detail of the submission that will now be sent.
 */
export const resubmitRoute = defineCompanyAction({
  params: SubmissionPath,
  body: ResubmitBody,
  run: async ({ auth, scope, params, body, log }, deps: VerifactuDeps): Promise<SubmissionDetail> => {
    const companyId = scope.companyId;
    const { submission, record } = await loadSubmission(deps, companyId, params.submissionId);
    const records = await recordsOfInvoice(deps.db, deps.table, companyId, record.invoiceId);
    const later = records.filter((r) => r.seq > record.seq).at(-1)?.seq ?? null;
    const plan = resubmitPlan(submission, record, later);
    if (body.corrections && plan.kind !== 'NEW_ALTA') {
      throw new AppError(
        'CORE_004',
        'Las correcciones solo se aplican a un registro de alta rechazado o aceptado con errores.',
        { field: 'corrections', details: { reason: 'CORRECTIONS_NOT_APPLICABLE' } },
      );
    }

    let seq = record.seq;
    if (plan.kind === 'REQUEUE') {
      if (!(await requeueSubmission(deps, companyId, record.seq))) {
        throw new AppError('DOC_047', CHANGED_MESSAGE, { details: { reason: 'STATE_CHANGED' } });
      }
    } else {
      const reason = body.reason?.trim() || null;
      const createdBy = auth.userId;
      const base = {
        invoiceId: record.invoiceId,
        invoiceNumber: record.invoiceNumber,
        invoiceDate: record.invoiceDate,
        invoiceType: record.invoiceType,
        reason,
        correctsSeq: record.seq,
        createdBy,
      };
      try {
        const created = await appendRecord(
          deps,
          companyId,
          (ctx) => {
            if (plan.kind === 'NEW_ALTA') {
              return {
                ...base,
                kind: 'ALTA',
                operation: plan.operation,
                totalCents: record.totalCents,
                customerName: body.corrections?.recipient?.name ?? record.customerName,
                fields: correctedAltaFields({
                  previous: record,
                  operation: plan.operation,
                  corrections: body.corrections,
                  link: ctx.link,
                  timestamp: ctx.timestamp,
                  system: ctx.system,
                }),
              };
            }
            const alta = records.filter((r) => r.kind === 'ALTA').at(-1);
            if (!alta || !isAlta(alta.fields))
              throw new AppError('CORE_006', 'La factura no tiene registro de alta.');
            return {
              ...base,
              kind: 'ANULACION',
              operation: plan.operation,
              totalCents: 0,
              customerName: record.customerName,
              fields: buildAnulacionFields({
                target: alta.fields.IDFactura,
                link: ctx.link,
                timestamp: ctx.timestamp,
                system: ctx.system,
                operation: plan.operation,
              }),
            };
          },
          (rec) => [
            markCorrectedItem(deps.table, companyId, record.seq, submission.status, rec.seq, rec.createdAt),
          ],
          { correctedStatus: submission.status },
        );
        seq = created.seq;
      } catch (e) {
        if (isMarkRefused(e))
          throw new AppError('DOC_047', CHANGED_MESSAGE, { details: { reason: 'STATE_CHANGED' } });
        throw e;
      }
    }
    // The new record's stream event wakes the sender too; a requeued one is woken here (or by the sweep).
    if (plan.kind === 'REQUEUE') {
      try {
        await wakeSender(companyId, deps.now());
      } catch (e) {
        log.warn('verifactu sender trigger failed', { companyId, error: (e as Error).name });
      }
    }
    return submissionDetail(deps, companyId, seq);
  },
});
