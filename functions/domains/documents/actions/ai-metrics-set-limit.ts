/**
 * POST admin/gemini-metrics/company/{targetCompanyId}/limits/{type} `{ limit }` (ADMIN): sets (or,
 * with null, removes) a company's monthly reading limit; answers the limits as GET shows them.
 */

import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type ReadingLimits, SetLimitBody, SetLimitPath } from '@shared/schemas/ai-metrics';
import type { DocumentsDeps } from '../store/deps';
import { companyExists, putLimit } from '../store/metrics';
import { readingLimits } from './ai-metrics-get-limits';

export const aiMetricsSetLimitRoute = defineUserAction({
  params: SetLimitPath,
  body: SetLimitBody,
  run: async ({ params, body, auth }, deps: DocumentsDeps): Promise<ReadingLimits> => {
    if (!(await companyExists(deps, params.targetCompanyId)))
      throw new AppError('CORE_006', 'La empresa no existe.', { field: 'targetCompanyId' });
    await putLimit(deps, {
      companyId: params.targetCompanyId,
      type: params.type,
      limit: body.limit,
      updatedAt: deps.now().toISOString(),
      updatedBy: auth.userId,
    });
    return readingLimits(deps, params.targetCompanyId);
  },
});
