import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { buildAnulacionFields, isAlta } from '@shared/fiscal/verifactu-record';
import {
  CancelSubmissionBody,
  type SubmissionDetail,
  SubmissionPath,
  type VerifactuRecord,
} from '@shared/schemas/verifactu';
import { cancelPlan } from '../model/corrections';
import type { VerifactuDeps } from '../store/deps';
import { appendRecord } from '../store/records';
import { isMarkRefused, markCorrectedItem } from '../store/submission-writes';
import { invoiceRecords } from './get-invoice-status';
import { loadSubmission, submissionDetail } from './get-submission';
import { CHANGED_MESSAGE } from './resubmit';

/**
 * POST /verifactu/submissions/{submissionId}/cancel {reason}: a registro de anulación for the
 * submission's invoice, only where the AEAT matrix (reference §1.5) leaves it to VeriFacTu:
 *  - the invoice's alta was never registered (every alta in ERROR) → anulación sin registro previo;
 *    the rejected alta's submission is marked `correctedBySeq` (it cannot be corrected any more);
 *  - an earlier anulación was rejected → anulación tras rechazo (it corrects that anulación).
 * A live invoice is annulled from invoicing (409): its cancel writes the anulación in the same
 * transaction as the invoice. The mark is a conditional Update in the record's transaction, so two
 * concurrent cancellations cannot both write an anulación.
 */
export const cancelSubmissionRoute = defineCompanyAction({
  params: SubmissionPath,
  body: CancelSubmissionBody,
  status: 201,
  run: async ({ auth, scope, params, body }, deps: VerifactuDeps): Promise<SubmissionDetail> => {
    const companyId = scope.companyId;
    const { record } = await loadSubmission(deps, companyId, params.submissionId);
    const { records, submissions } = await invoiceRecords(deps, companyId, record.invoiceId);
    const plan = cancelPlan(records, submissions);
    const target = plan.target;
    if (!isAlta(target.fields)) throw new AppError('CORE_006', 'La factura no tiene registro de alta.');
    const targetId = target.fields.IDFactura;
    const marked = plan.correctsSeq ?? target.seq;
    const markedStatus = submissions.find((s) => s.seq === marked)?.status ?? 'ERROR';
    let created: VerifactuRecord;
    try {
      created = await appendRecord(
        deps,
        companyId,
        (ctx) => ({
          kind: 'ANULACION',
          operation: plan.operation,
          invoiceId: target.invoiceId,
          invoiceNumber: target.invoiceNumber,
          invoiceDate: target.invoiceDate,
          invoiceType: target.invoiceType,
          totalCents: 0,
          customerName: target.customerName,
          fields: buildAnulacionFields({
            target: targetId,
            link: ctx.link,
            timestamp: ctx.timestamp,
            system: ctx.system,
            operation: plan.operation,
          }),
          reason: body.reason,
          correctsSeq: plan.correctsSeq,
          createdBy: auth.userId,
        }),
        (rec) => [markCorrectedItem(deps.table, companyId, marked, markedStatus, rec.seq, rec.createdAt)],
        { correctedStatus: markedStatus },
      );
    } catch (e) {
      if (isMarkRefused(e))
        throw new AppError('DOC_047', CHANGED_MESSAGE, { details: { reason: 'STATE_CHANGED' } });
      throw e;
    }
    return submissionDetail(deps, companyId, created.seq);
  },
});
