/**
 * The advisor's decisions on a document (spec part 3 §7 advisor reviews): approve with notes and
 * corrections, reject with a reason, category, confidential, reprocess. Each refreshes the
 * company's documents (the review queue, lists, details and statistics).
 */
import type {
  ApproveDocumentBody,
  RejectDocumentBody,
  SetConfidentialBody,
  SetDocumentCategoryBody,
} from '@shared/schemas/document-reviews';
import type { DocumentDetails } from '@shared/schemas/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshDocuments } from './keys';

export type ReviewCommand =
  | { kind: 'approve'; documentId: string; body: ApproveDocumentBody }
  | { kind: 'reject'; documentId: string; body: RejectDocumentBody }
  | { kind: 'category'; documentId: string; body: SetDocumentCategoryBody }
  | { kind: 'confidential'; documentId: string; body: SetConfidentialBody }
  | { kind: 'reprocess'; documentId: string };

const ROUTE_OF = {
  approve: 'documentReviews.approve',
  reject: 'documentReviews.reject',
  category: 'documentReviews.setCategory',
  confidential: 'documentReviews.setConfidential',
  reprocess: 'documentReviews.reprocess',
} as const;

export const REVIEW_DONE: Record<ReviewCommand['kind'], string> = {
  approve: 'Documento aprobado',
  reject: 'Documento rechazado',
  category: 'Categoría actualizada',
  confidential: 'Confidencialidad actualizada',
  reprocess: 'El documento se volverá a leer',
};

export function runReviewCommand(command: ReviewCommand, companyId: string | null) {
  return apiRequest<DocumentDetails | undefined>(ROUTE_OF[command.kind], {
    params: { documentId: command.documentId },
    body: 'body' in command ? command.body : undefined,
    companyId,
  });
}

export function useReviewCommand(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: ReviewCommand) => runReviewCommand(command, companyId),
    onSettled: () => refreshDocuments(queryClient, companyId),
  });
}
