import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { qrUrlOfRecord } from '@shared/fiscal/verifactu-record';
import { qrApplies } from '@shared/fiscal/verifactu-sending';
import {
  type SubmissionDetail,
  SubmissionPath,
  type VerifactuRecord,
  type VerifactuSubmission,
} from '@shared/schemas/verifactu';
import { submissionView } from '../model/submission-views';
import type { VerifactuDeps } from '../store/deps';
import { getRecord, getSubmission } from '../store/records';
import { sendingStateFor } from '../store/sending';
import { seqOfSubmissionId } from '../store/submission-queries';

export const SUBMISSION_NOT_FOUND = 'El envío VeriFacTu no existe.';

/**
 * A submission and its record by submission id (`<companyId>-<seq>`) within the scoped company:
 * an id of another company is 404, like a missing one (ids cannot be probed).
 */
export async function loadSubmission(
  deps: VerifactuDeps,
  companyId: string,
  submissionId: string,
): Promise<{ submission: VerifactuSubmission; record: VerifactuRecord }> {
  const seq = seqOfSubmissionId(companyId, submissionId);
  if (seq === null) throw new AppError('CORE_006', SUBMISSION_NOT_FOUND);
  const [submission, record] = await Promise.all([
    getSubmission(deps.db, deps.table, companyId, seq),
    getRecord(deps.db, deps.table, companyId, seq),
  ]);
  if (!submission || !record) throw new AppError('CORE_006', SUBMISSION_NOT_FOUND);
  return { submission, record };
}

/**
 * The detail the API shows: why a QUEUED record waits, and the QR URL only when the record's
 * invoice carries the QR (an alta really sent in VERI*FACTU mode: `qrApplies`).
 */
async function detailOf(
  deps: VerifactuDeps,
  companyId: string,
  submission: VerifactuSubmission,
  record: VerifactuRecord,
): Promise<SubmissionDetail> {
  const sending = await sendingStateFor(deps, companyId, [submission]);
  const qrUrl = qrApplies({ record, submission, sending }) ? qrUrlOfRecord(record) : null;
  return { ...submissionView(submission, sending), record, qrUrl };
}

/** GET /verifactu/submissions/{submissionId}: the submission state, its immutable record and QR URL. */
export const getSubmissionRoute = defineCompanyAction({
  params: SubmissionPath,
  run: async ({ scope, params }, deps: VerifactuDeps): Promise<SubmissionDetail> => {
    const companyId = scope.companyId;
    const { submission, record } = await loadSubmission(deps, companyId, params.submissionId);
    return detailOf(deps, companyId, submission, record);
  },
});

/** The detail of submission `seq` as stored now (after a write: strongly consistent reads). */
export async function submissionDetail(
  deps: VerifactuDeps,
  companyId: string,
  seq: number,
): Promise<SubmissionDetail> {
  const [submission, record] = await Promise.all([
    getSubmission(deps.db, deps.table, companyId, seq),
    getRecord(deps.db, deps.table, companyId, seq),
  ]);
  if (!submission || !record) throw new AppError('CORE_006', SUBMISSION_NOT_FOUND);
  return detailOf(deps, companyId, submission, record);
}
