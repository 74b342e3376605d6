/** react-query keys of the documents feature, so mutations invalidate exactly what they change. */
export const documentKeys = {
  all: ['documents'] as const,
  company: (companyId: string | null) => ['documents', companyId] as const,
  list: (companyId: string | null) => ['documents', companyId, 'list'] as const,
  detail: (companyId: string | null, documentId: string) =>
    ['documents', companyId, 'detail', documentId] as const,
  statistics: (companyId: string | null) => ['documents', companyId, 'ocr-statistics'] as const,
  aiMetrics: (companyId: string | null) => ['documents', companyId, 'ai-metrics'] as const,
  reviews: (companyId: string | null) => ['documents', companyId, 'reviews'] as const,
  categories: (companyId: string | null) => ['documents', companyId, 'categories'] as const,
};

/** Documents move in the background (the reader, the sweep): a short freshness. */
export const DOCUMENTS_STALE_MS = 10_000;

type Invalidator = { invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void> };

/** After any change to a document: its lists, details, statistics and the review queue. */
export const refreshDocuments = (queryClient: Invalidator, companyId: string | null) =>
  queryClient.invalidateQueries({ queryKey: documentKeys.company(companyId) });
