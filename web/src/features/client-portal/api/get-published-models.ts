import type { Page } from '@shared/api/envelope';
import type { PublishedModelView } from '@shared/schemas/tax-models';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxQueryOptions } from '@web/lib/tax-api';
import { taxModelKeys } from '@web/lib/tax-models-api';

/** Under the company's models: publishing (or filing) a model refreshes the client's list. */
export const publishedModelsKey = (companyId: string) =>
  [...taxModelKeys.all(companyId), 'published'] as const;

/** Period order inside a year: months, then their quarter, the annual return last. */
const periodRank = (period: string) =>
  period === '0A' ? 99 : /T$/.test(period) ? Number(period[0]) * 3 + 0.5 : Number(period);

/** Newest period first; the same period by the latest publication. */
export function newestFirst(a: PublishedModelView, b: PublishedModelView): number {
  return (
    b.year - a.year ||
    periodRank(b.period) - periodRank(a.period) ||
    b.publishedAt.localeCompare(a.publishedAt) ||
    a.modelType.localeCompare(b.modelType)
  );
}

/**
 * `GET taxModels.published`: the models the gestoría published to the company (its 'Mis documentos
 * fiscales'), newest first. A company publishes a handful a year: one answer, sorted here too.
 */
export async function getPublishedModels(
  companyId: string,
  signal?: AbortSignal,
): Promise<PublishedModelView[]> {
  const answer = await apiRequest<Page<PublishedModelView> | PublishedModelView[]>('taxModels.published', {
    params: { companyId },
    query: { page: 0, size: 100 },
    companyId,
    signal,
  });
  const content = Array.isArray(answer) ? answer : answer.content;
  return [...content].sort(newestFirst);
}

export const publishedModelsQueryOptions = (companyId: string, enabled = true) =>
  queryOptions({
    queryKey: publishedModelsKey(companyId),
    queryFn: ({ signal }) => getPublishedModels(companyId, signal),
    enabled,
  });

/** `enabled`: the tax profile's `profileReady` (without a profile the call answers 4xx). */
export function usePublishedModels(companyId: string, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery(publishedModelsQueryOptions(companyId, enabled));
}
