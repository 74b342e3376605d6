/**
 * The staff's side of document sharing (issue 21 item 2): the company's shares and the clients one
 * may share with (`sharedDocuments.listByCompany`), share (`sharedDocuments.share`), revoke
 * (`sharedDocuments.revoke`), and the company's documents to pick from (`documents.listByCompany`).
 */
import type { Page } from '@shared/api/envelope';
import type { DocumentSummary } from '@shared/schemas/documents';
import type {
  CompanySharesAnswer,
  ShareDocumentAnswer,
  ShareDocumentBody,
  SharedDocument,
  ShareStatus,
} from '@shared/schemas/sharing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const COMPANY_SHARES_PAGE_SIZE = 20;

export const companySharesKey = (companyId: string) => ['document-shares', companyId] as const;

export function useCompanyShares(companyId: string, page: number, status?: ShareStatus) {
  return useQuery({
    queryKey: [...companySharesKey(companyId), { page, status }],
    queryFn: ({ signal }) =>
      apiRequest<CompanySharesAnswer>('sharedDocuments.listByCompany', {
        params: { companyId },
        query: { page, size: COMPANY_SHARES_PAGE_SIZE, status },
        companyId,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The company's newest documents (the share modal's picker; it searches by name on the server). */
export function useShareableDocuments(companyId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['documents', companyId, 'shareable', { search }],
    queryFn: ({ signal }) =>
      apiRequest<Page<DocumentSummary>>('documents.listByCompany', {
        params: { companyId },
        query: { page: 0, size: 50, search: search || undefined },
        companyId,
        signal,
      }),
    enabled,
  });
}

export function useShareDocument(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, body }: { documentId: string; body: ShareDocumentBody }) =>
      apiRequest<ShareDocumentAnswer>('sharedDocuments.share', {
        params: { companyId, documentId },
        body,
        companyId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companySharesKey(companyId) }),
  });
}

export function useRevokeShare(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiRequest<SharedDocument>('sharedDocuments.revoke', { params: { companyId, shareId }, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companySharesKey(companyId) }),
  });
}
