/**
 * The client portal's view of documents (spec part 3 §7 "Uploads"): a client sees what it uploaded;
 * the company's staff, through the same calls, see every client upload. Pure.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import type { DocumentDetails, DocumentStatus } from '@shared/schemas/documents';
import { isClientCaller, visibleTo } from './listing';

export function inClientPortal(
  doc: Pick<DocumentDetails, 'uploadedBy' | 'isConfidential' | 'origin'>,
  auth: Pick<AuthContext, 'userId'>,
  scope: CompanyScope,
): boolean {
  return isClientCaller(scope) ? visibleTo(doc, auth, scope) : doc.origin === 'CLIENT_UPLOAD';
}

export interface ClientDocumentStatistics {
  total: number;
  byStatus: Partial<Record<DocumentStatus, number>>;
  pendingReview: number;
  processing: number;
  completed: number;
  failed: number;
}

const PROCESSING: readonly DocumentStatus[] = [
  'UPLOADING',
  'OCR_PENDING',
  'OCR_PROCESSING',
  'OCR_RETRY_SCHEDULED',
];
const FAILED: readonly DocumentStatus[] = ['FAILED', 'OCR_FAILED', 'TECHNICAL_ERROR', 'INVOICE_ERROR'];

export function clientStatistics(docs: DocumentDetails[]): ClientDocumentStatistics {
  const byStatus: Partial<Record<DocumentStatus, number>> = {};
  for (const d of docs) byStatus[d.status] = (byStatus[d.status] ?? 0) + 1;
  const processing = docs.filter((d) => PROCESSING.includes(d.status)).length;
  const failed = docs.filter((d) => FAILED.includes(d.status)).length;
  return {
    total: docs.length,
    byStatus,
    pendingReview: docs.filter((d) => d.review.status === 'PENDING').length,
    processing,
    completed: docs.length - processing - failed,
    failed,
  };
}
