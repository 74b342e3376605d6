/**
 * GET admin/gemini-metrics/company/{targetCompanyId}/limits (ADMIN): the company's reading limits per
 * type (PAGES_PER_MONTH, DOCUMENTS_PER_MONTH) and this month's use of each (Spanish calendar month).
 */

import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  READING_LIMIT_TYPES,
  type ReadingLimit,
  type ReadingLimits,
  type ReadingLimitType,
  TargetCompanyPath,
} from '@shared/schemas/ai-metrics';
import { metricsWindow, usageReport } from '../model/accuracy';
import type { DocumentsDeps } from '../store/deps';
import { companyExists, companyReadings, listLimits, type StoredLimit } from '../store/metrics';

/** This month's use per limit type: pages read, documents received. */
export async function monthUse(
  deps: DocumentsDeps,
  companyId: string,
): Promise<{ month: string; use: Record<ReadingLimitType, number> }> {
  const w = metricsWindow({}, deps.now());
  const docs = await companyReadings(deps, companyId, w);
  return {
    month: w.fromDate.slice(0, 7),
    use: {
      PAGES_PER_MONTH: usageReport(docs).pages,
      DOCUMENTS_PER_MONTH: docs.filter((d) => d.status !== 'FAILED').length,
    },
  };
}

export function limitsView(stored: StoredLimit[], use: Record<ReadingLimitType, number>): ReadingLimit[] {
  return READING_LIMIT_TYPES.map((type) => {
    const s = stored.find((l) => l.type === type);
    const limit = s?.limit ?? null;
    return {
      type,
      limit,
      used: use[type],
      exceeded: limit !== null && use[type] > limit,
      updatedAt: s?.updatedAt ?? null,
      updatedBy: s?.updatedBy ?? null,
    };
  });
}

export async function readingLimits(deps: DocumentsDeps, companyId: string): Promise<ReadingLimits> {
  if (!(await companyExists(deps, companyId)))
    throw new AppError('CORE_006', 'La empresa no existe.', { field: 'targetCompanyId' });
  const [stored, { month, use }] = await Promise.all([
    listLimits(deps, companyId),
    monthUse(deps, companyId),
  ]);
  return { companyId, month, limits: limitsView(stored, use) };
}

export const aiMetricsGetLimitsRoute = defineUserAction({
  params: TargetCompanyPath,
  run: ({ params }, deps: DocumentsDeps) => readingLimits(deps, params.targetCompanyId),
});
