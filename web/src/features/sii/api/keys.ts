/** react-query keys of the SII feature, so mutations invalidate exactly what they change. */
export const siiKeys = {
  all: ['sii'] as const,
  company: (companyId: string | null) => ['sii', companyId] as const,
  config: (companyId: string) => ['sii', companyId, 'config'] as const,
  certificates: (companyId: string) => ['sii', companyId, 'certificates'] as const,
  statistics: (companyId: string | null) => ['sii', companyId, 'statistics'] as const,
  submissions: (companyId: string | null) => ['sii', companyId, 'submissions'] as const,
  submission: (companyId: string | null, submissionId: string) =>
    ['sii', companyId, 'submission', submissionId] as const,
  submissionDetails: (companyId: string | null, submissionId: string) =>
    ['sii', companyId, 'submission', submissionId, 'details'] as const,
  entry: (companyId: string | null, entryId: string) => ['sii', companyId, 'entry', entryId] as const,
};

/** Records move in the background (the sender, the AEAT, the daily sweep): a short freshness. */
export const SII_STALE_MS = 15_000;

type Invalidator = { invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void> };

/** After a submit or retry: every statistic, list and detail of the company's SII. */
export const refreshSii = (queryClient: Invalidator, companyId: string | null) =>
  queryClient.invalidateQueries({ queryKey: siiKeys.company(companyId) });
