import type { BatchGenerateBody, BatchGenerateResult } from '@shared/schemas/tax-models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';

/**
 * `POST taxModels.batchGenerate {year, quarter | month, models, regenerate}`: several models of one
 * period at once (spec part 2 §5: year 2000-2100, quarter 1-4, month 1-12, 1 to 20 models), each
 * with its own outcome.
 */
export function batchGenerate(companyId: string, body: BatchGenerateBody): Promise<BatchGenerateResult> {
  return apiRequest<BatchGenerateResult>('taxModels.batchGenerate', {
    params: { companyId },
    body,
    companyId,
  });
}

/** One request per period group; the outcomes of every group together. */
export async function batchGenerateAll(
  companyId: string,
  bodies: readonly BatchGenerateBody[],
): Promise<BatchGenerateResult['results']> {
  const results: BatchGenerateResult['results'] = [];
  for (const body of bodies) results.push(...(await batchGenerate(companyId, body)).results);
  return results;
}

export function useBatchGenerate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bodies: readonly BatchGenerateBody[]) => batchGenerateAll(companyId, bodies),
    // Also after a partial failure: the groups already generated are stored.
    onSettled: () => refreshTaxQueries(queryClient, companyId),
  });
}
