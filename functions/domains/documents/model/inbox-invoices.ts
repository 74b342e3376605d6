/**
 * The smart inbox's views, pure (issue 17 item 4; spec part 3 "Smart inbox", §4 widget status): a
 * processed invoice is a document of an inbox mail, seen through its reading and its review; the
 * statistics, the system status and the widget's activity are computed from the mails and documents.
 */

import { fold } from '@shared/api/listing';
import type { DocumentDetails, Extraction } from '@shared/schemas/documents';
import {
  ERROR_RATE_ERROR,
  ERROR_RATE_WARNING,
  type InboxEmail,
  type InboxSystemStatus,
  type InboxWidget,
  type ProcessedInvoice,
  type ProcessedInvoiceListQuery,
  type ProcessedInvoiceStatus,
  WIDGET_ACTIVITY,
} from '@shared/schemas/inbox';

/** Mean of the extraction's field confidences (0..1, 4 decimals); null when nothing was read. */
export function meanConfidence(extraction: Extraction | null): number | null {
  if (!extraction) return null;
  const values = Object.values(extraction.confidence).filter((v): v is number => typeof v === 'number');
  if (values.length === 0) return null;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10_000) / 10_000;
}

export function processedStatusOf(doc: DocumentDetails): ProcessedInvoiceStatus {
  if (doc.review.status === 'APPROVED') return 'APPROVED';
  if (doc.review.status === 'REJECTED') return 'REJECTED';
  switch (doc.status) {
    case 'UPLOADING':
    case 'OCR_PENDING':
    case 'OCR_PROCESSING':
    case 'OCR_RETRY_SCHEDULED':
      return 'PROCESSING';
    case 'OCR_COMPLETED_PENDING':
      return 'DUPLICATE';
    case 'INVOICE_INCOMPLETE':
      return 'INCOMPLETE';
    case 'INVOICE_CREATED':
    case 'OCR_COMPLETED':
    case 'COMPLETED':
      return 'PENDING_REVIEW';
    default:
      return 'FAILED';
  }
}

export function toProcessedInvoice(doc: DocumentDetails, email: InboxEmail | undefined): ProcessedInvoice {
  const e = doc.extraction;
  const decidedAt = doc.review.reviewedAt;
  return {
    processedInvoiceId: doc.documentId,
    id: doc.documentId,
    inboxId: doc.inboxEmailId ?? email?.inboxId ?? '',
    fileName: doc.fileName,
    sender: email?.sender ?? null,
    invoiceNumber: e?.invoiceNumber ?? null,
    supplierName: e?.supplierName ?? null,
    supplierNif: e?.supplierNif ?? null,
    issueDate: e?.issueDate ?? null,
    totalAmount: e?.totalCents ?? null,
    currency: e?.currency ?? 'EUR',
    extractedData: e,
    aiConfidence: meanConfidence(e),
    status: processedStatusOf(doc),
    approvedAt: doc.review.status === 'APPROVED' ? decidedAt : null,
    rejectedAt: doc.review.status === 'REJECTED' ? decidedAt : null,
    rejectionReason: doc.review.status === 'REJECTED' ? doc.review.reason : null,
    receivedInvoiceId: doc.receivedInvoiceId,
    duplicateOf: doc.duplicateOf,
    documentStatus: doc.status,
    receivedAt: email?.receivedAt ?? doc.createdAt,
  };
}

/** The spec's filters of processed invoices (status, dates of reception, supplier, amounts). */
export function matchesInvoiceQuery(p: ProcessedInvoice, q: ProcessedInvoiceListQuery): boolean {
  if (q.status && p.status !== q.status) return false;
  const day = p.receivedAt.slice(0, 10);
  if (q.dateFrom && day < q.dateFrom) return false;
  if (q.dateTo && day > q.dateTo) return false;
  if (q.supplierName && !fold(p.supplierName ?? '').includes(fold(q.supplierName))) return false;
  if (q.amountMin !== undefined && (p.totalAmount ?? Number.NEGATIVE_INFINITY) < q.amountMin) return false;
  if (q.amountMax !== undefined && (p.totalAmount ?? Number.POSITIVE_INFINITY) > q.amountMax) return false;
  if (q.search) {
    const hay = fold([p.supplierName, p.invoiceNumber, p.fileName, p.sender].filter(Boolean).join(' '));
    if (!hay.includes(fold(q.search))) return false;
  }
  return true;
}

// --- health ---------------------------------------------------------------------------------------

/** Ignored because something of ours failed (not a spoof, spam or a sender's choice). */
const isErrorEmail = (e: InboxEmail) =>
  e.status === 'FAILED' || (e.status === 'IGNORED' && e.ignoredReason?.code === 'NOT_AUTHENTICATED');

export function errorRate(emails: readonly InboxEmail[]): number {
  if (emails.length === 0) return 0;
  return Math.round((emails.filter(isErrorEmail).length / emails.length) * 10_000) / 10_000;
}

/** Spec part 3 §4: ERROR above 0.10, WARNING above 0.05, else HEALTHY (an IMAP error is a warning). */
export function systemStatusOf(rate: number, imapError: string | null): InboxSystemStatus {
  if (rate > ERROR_RATE_ERROR) return 'ERROR';
  if (rate > ERROR_RATE_WARNING || imapError) return 'WARNING';
  return 'HEALTHY';
}

/** The widget's latest activities, newest first: mails received, invoices read, approved, errors. */
export function recentActivity(
  emails: readonly InboxEmail[],
  docs: readonly DocumentDetails[],
  limit = WIDGET_ACTIVITY,
): InboxWidget['recentActivity'] {
  const out: InboxWidget['recentActivity'] = [];
  for (const e of emails) {
    out.push({
      id: `mail-${e.inboxId}`,
      type: e.status === 'FAILED' ? 'ERROR' : 'EMAIL_RECEIVED',
      description:
        e.status === 'FAILED'
          ? `Error al procesar el correo de ${e.sender || 'remitente desconocido'}`
          : `Correo de ${e.sender || 'remitente desconocido'}: ${e.subject || '(sin asunto)'}`,
      timestamp: e.receivedAt,
    });
  }
  for (const d of docs) {
    const status = processedStatusOf(d);
    const who = d.extraction?.supplierName ?? d.fileName;
    if (status === 'APPROVED' && d.review.reviewedAt) {
      out.push({
        id: `ok-${d.documentId}`,
        type: 'INVOICE_APPROVED',
        description: `Factura de ${who} aprobada`,
        timestamp: d.review.reviewedAt,
      });
    } else if (status === 'FAILED') {
      out.push({
        id: `err-${d.documentId}`,
        type: 'ERROR',
        description: `No se ha podido leer ${d.fileName}`,
        timestamp: d.updatedAt,
      });
    } else if (d.processedAt) {
      out.push({
        id: `inv-${d.documentId}`,
        type: 'INVOICE_PROCESSED',
        description: `Factura de ${who} leída`,
        timestamp: d.processedAt,
      });
    }
  }
  return out
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
    .slice(0, limit);
}

/** Mean of the documents' confidences (the mail's aiConfidence, computed on read). */
export function emailConfidence(
  email: InboxEmail,
  docs: ReadonlyMap<string, DocumentDetails>,
): number | null {
  const values = email.attachments
    .map((a) => (a.documentId ? meanConfidence(docs.get(a.documentId)?.extraction ?? null) : null))
    .filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10_000) / 10_000;
}
