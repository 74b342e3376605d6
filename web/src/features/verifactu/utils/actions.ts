/**
 * Which corrections a submission offers (reference §1.5, the AEAT operations matrix): a rejected or
 * accepted-with-errors alta can be resubmitted (alta tras rechazo / subsanación); an alta whose
 * outcome is known can be annulled. A record already corrected by a later one offers neither.
 * The server has the last word; this only decides which buttons to show.
 */
import { FINAL_SUBMISSION_STATUSES, type VerifactuSubmission } from '@shared/schemas/verifactu';

type S = Pick<VerifactuSubmission, 'kind' | 'status' | 'correctedBySeq'>;

export const canResubmit = (s: S) =>
  s.kind === 'ALTA' &&
  (s.status === 'ERROR' || s.status === 'ACCEPTED_WITH_ERRORS') &&
  s.correctedBySeq == null;

export const canAnnul = (s: S) =>
  s.kind === 'ALTA' && s.correctedBySeq == null && FINAL_SUBMISSION_STATUSES.includes(s.status);
