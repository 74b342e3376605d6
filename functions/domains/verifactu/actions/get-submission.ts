import { getRecord, getSubmission } from '@functions/lib/verifactu-chain';
import { defineAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { qrUrlOfRecord } from '@shared/fiscal/verifactu-record';
import {
  type SubmissionDetail,
  SubmissionPath,
  type VerifactuRecord,
  type VerifactuSubmission,
} from '@shared/schemas/verifactu';
import { assertCanRead } from '../model/permissions';
import type { VerifactuDeps } from '../store/deps';
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

/** GET /verifactu/submissions/{submissionId}: the submission state, its immutable record and QR URL. */
export const getSubmissionRoute = defineAction({
  params: SubmissionPath,
  run: async ({ auth, scope, params }, deps: VerifactuDeps): Promise<SubmissionDetail> => {
    assertCanRead(auth, scope);
    const { submission, record } = await loadSubmission(deps, scope!.companyId, params.submissionId);
    return { ...submission, record, qrUrl: qrUrlOfRecord(record) };
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
  return { ...submission, record, qrUrl: qrUrlOfRecord(record) };
}
