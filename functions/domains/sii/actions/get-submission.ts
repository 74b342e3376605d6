import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { SiiSubmission } from '@shared/schemas/sii';
import type { SiiDeps } from '../store/deps';
import { getSubmission } from '../store/queries';
import { requireSiiCompany, SiiSubmissionPath } from './sii-scope';

export const SUBMISSION_NOT_FOUND = 'El envío al SII no existe.';

/** A submission of the scoped company; another company's id is 404 like a missing one. */
export async function loadSubmission(
  deps: SiiDeps,
  companyId: string,
  submissionId: string,
): Promise<SiiSubmission> {
  const submission = await getSubmission(deps, companyId, submissionId);
  if (!submission) throw new AppError('CORE_006', SUBMISSION_NOT_FOUND);
  return submission;
}

/** GET /sii/submissions/{submissionId}: one exchange with its per-record answers. */
export const getSubmissionRoute = defineCompanyAction({
  params: SiiSubmissionPath,
  run: async ({ scope, params }, deps: SiiDeps): Promise<SiiSubmission> => {
    await requireSiiCompany(deps, scope.companyId);
    return loadSubmission(deps, scope.companyId, params.submissionId);
  },
});
