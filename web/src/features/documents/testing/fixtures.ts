import type { PendingReview, ReviewStatistics } from '@shared/schemas/document-reviews';
import type { DocumentDetails, Extraction, OcrStatistics } from '@shared/schemas/documents';

export const extraction = (over: Partial<Extraction> = {}): Extraction => ({
  supplierName: 'Suministros Levante SL',
  supplierNif: 'B12345678',
  customerName: 'Panadería La Espiga SL',
  customerNif: 'B87654321',
  invoiceNumber: 'F-2026-101',
  issueDate: '2026-03-14',
  bases: [{ rateBp: 2100, baseCents: 10000, quotaCents: 2100 }],
  recargo: [],
  irpf: null,
  totalCents: 12100,
  currency: 'EUR',
  confidence: { supplierNif: 1, supplierName: 0.95, totalCents: 0.5, bases: 0.9 },
  source: 'TEXT',
  ...over,
});

export const documentDetails = (over: Partial<DocumentDetails> = {}): DocumentDetails => ({
  documentId: 'd-1',
  uploadId: 'up-00000001',
  companyId: 'c-1',
  fileName: 'factura-levante.pdf',
  contentType: 'application/pdf',
  sizeBytes: 20_000,
  sha256: 'ab',
  documentType: 'INVOICE',
  autoOcr: true,
  status: 'INVOICE_CREATED',
  origin: 'UPLOAD',
  inboxEmailId: null,
  uploadedBy: 'u-1',
  description: null,
  categoryId: null,
  isConfidential: false,
  requiresAdvisorReview: false,
  priority: 'NORMAL',
  pages: 1,
  engine: 'PDF_TEXT',
  extraction: extraction(),
  notes: {
    arithmeticOk: true,
    quotasOk: true,
    mentions: [],
    fieldSources: {},
    qr: null,
    warnings: ['El nombre del cliente se ha deducido del NIF.'],
  },
  rejection: null,
  error: null,
  attempts: 1,
  receivedInvoiceId: 'ri-1',
  duplicateOf: null,
  review: {
    status: 'PENDING',
    urgent: false,
    notes: null,
    reason: null,
    reviewedBy: null,
    reviewedAt: null,
    correctedFields: [],
  },
  createdAt: '2026-03-15T09:00:00.000Z',
  updatedAt: '2026-03-15T09:00:10.000Z',
  processedAt: '2026-03-15T09:00:10.000Z',
  processingMs: 1200,
  ...over,
});

export const page = <T>(content: T[]) => ({
  content,
  page: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
});

export const ocrStatistics = (over: Partial<OcrStatistics> = {}): OcrStatistics => ({
  period: 'MONTH',
  from: '2026-03-01',
  to: '2026-03-31',
  totalDocuments: 12,
  byStatus: {},
  bySource: {},
  invoicesCreated: 9,
  incomplete: 2,
  failed: 1,
  rejected: 0,
  duplicates: 1,
  averageConfidence: 0.91,
  averageProcessingMs: 2300,
  pages: 15,
  straightThroughRate: 0.75,
  ...over,
});

export const pendingReview = (over: Partial<PendingReview> = {}): PendingReview => {
  const { notes: _notes, ...summary } = documentDetails({ status: 'INVOICE_INCOMPLETE' });
  return { ...summary, waitingHours: 5, ...over };
};

export const reviewStatistics = (): ReviewStatistics => ({
  pending: 3,
  urgent: 1,
  approvedToday: 2,
  rejectedToday: 0,
  approvedThisMonth: 20,
  rejectedThisMonth: 1,
  averageHoursToReview: 4.5,
  accuracy: 0.93,
  reviewedThisMonth: 21,
});
