/** GET admin/gemini-metrics/company/{targetCompanyId}?fromDate&toDate (ADMIN): one company's reading metrics. */

import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { MetricsPeriodQuery, TargetCompanyPath } from '@shared/schemas/ai-metrics';
import type { DocumentsDeps } from '../store/deps';
import { companyExists } from '../store/metrics';
import { companyReadingMetrics } from './documents-ai-metrics';

export const aiMetricsCompanyRoute = defineUserAction({
  params: TargetCompanyPath,
  query: MetricsPeriodQuery,
  run: async ({ params, query }, deps: DocumentsDeps) => {
    if (!(await companyExists(deps, params.targetCompanyId)))
      throw new AppError('CORE_006', 'La empresa no existe.', { field: 'targetCompanyId' });
    return companyReadingMetrics({ companyId: params.targetCompanyId, query }, deps);
  },
});
