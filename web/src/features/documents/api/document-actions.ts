/**
 * `POST documents.reprocess`, `POST documents.cancel`, `DELETE documents.delete`: the row actions
 * of the documents list. Each refreshes the company's documents (lists, details, statistics).
 */
import type { DocumentDetails } from '@shared/schemas/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshDocuments } from './keys';

export type DocumentAction = 'reprocess' | 'cancel' | 'delete';

const ROUTE_OF = {
  reprocess: 'documents.reprocess',
  cancel: 'documents.cancel',
  delete: 'documents.delete',
} as const;

/** The success texts of each action. */
export const ACTION_DONE: Record<DocumentAction, string> = {
  reprocess: 'El documento se volverá a leer',
  cancel: 'Documento cancelado',
  delete: 'Documento eliminado',
};

export function runDocumentAction(action: DocumentAction, documentId: string, companyId: string | null) {
  return apiRequest<DocumentDetails | undefined>(ROUTE_OF[action], { params: { documentId }, companyId });
}

export function useDocumentAction(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, documentId }: { action: DocumentAction; documentId: string }) =>
      runDocumentAction(action, documentId, companyId),
    onSettled: () => refreshDocuments(queryClient, companyId),
  });
}
