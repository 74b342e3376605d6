/** Document items for the reviews, categories and metrics tests (D2): a read invoice awaiting review. */

import type { DocumentReview } from '@shared/schemas/documents';
import type { StoredDocument } from '../store/documents';
import { COMPANY, extraction, notes, T0 } from './documents-harness';

export const pendingReview = (over: Partial<DocumentReview> = {}): DocumentReview => ({
  status: 'PENDING',
  urgent: false,
  notes: null,
  reason: null,
  reviewedBy: null,
  reviewedAt: null,
  correctedFields: [],
  ...over,
});

export function storedDoc(documentId: string, over: Partial<StoredDocument> = {}): StoredDocument {
  return {
    documentId,
    uploadId: `up-${documentId}`,
    companyId: COMPANY,
    fileName: `${documentId}.pdf`,
    contentType: 'application/pdf',
    sizeBytes: 1000,
    sha256: `sha-${documentId}`,
    documentType: 'INVOICE',
    autoOcr: true,
    status: 'INVOICE_INCOMPLETE',
    origin: 'UPLOAD',
    inboxEmailId: null,
    uploadedBy: 'u-owner',
    description: null,
    categoryId: null,
    isConfidential: false,
    requiresAdvisorReview: false,
    priority: 'NORMAL',
    pages: 1,
    engine: 'PDF_TEXT',
    extraction: extraction(),
    notes: notes(),
    rejection: null,
    error: null,
    attempts: 1,
    receivedInvoiceId: `ri-${documentId}`,
    duplicateOf: null,
    review: pendingReview(),
    createdAt: T0.toISOString(),
    updatedAt: T0.toISOString(),
    processedAt: T0.toISOString(),
    processingMs: 500,
    s3Key: `incoming/${COMPANY}/${documentId}/x.pdf`,
    purpose: 'READ',
    rev: 1,
    textractJobId: null,
    textractPolls: 0,
    readingText: null,
    ...over,
  };
}
