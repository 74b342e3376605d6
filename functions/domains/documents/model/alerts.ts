/**
 * Document alerts (spec part 3 "Document alert"), derived from the stored documents: one alert per
 * document for the last thing that happened to it. Pure.
 */

import type { DocumentDetails } from '@shared/schemas/documents';

export type DocumentAlertType =
  | 'document_ocr_started'
  | 'document_ocr_completed'
  | 'document_ocr_failed'
  | 'document_invoice_created'
  | 'document_classification_completed'
  | 'document_fully_processed';

export interface DocumentAlert {
  id: string;
  type: DocumentAlertType;
  status: 'success' | 'warning' | 'error' | 'info';
  title: string;
  message: string;
  timestamp: string;
  filename: string;
  confidence: number | null;
  invoiceNumber: string | null;
  documentType: DocumentDetails['documentType'];
  category: string | null;
}

/** The mean of the reading's field confidences (0..1), or null when nothing was read. */
export function meanConfidence(d: Pick<DocumentDetails, 'extraction'>): number | null {
  const values = Object.values(d.extraction?.confidence ?? {}).filter(
    (c): c is number => typeof c === 'number',
  );
  if (values.length === 0) return null;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000;
}

export function documentAlertOf(d: DocumentDetails): DocumentAlert | null {
  const base = {
    id: `${d.documentId}-${d.status}`,
    timestamp: d.updatedAt,
    filename: d.fileName,
    confidence: meanConfidence(d),
    invoiceNumber: d.extraction?.invoiceNumber ?? null,
    documentType: d.documentType,
    category: d.categoryId,
  };
  switch (d.status) {
    case 'OCR_PENDING':
    case 'OCR_PROCESSING':
    case 'OCR_RETRY_SCHEDULED':
      return {
        ...base,
        type: 'document_ocr_started',
        status: 'info',
        title: 'Leyendo documento',
        message: `Se está leyendo "${d.fileName}".`,
      };
    case 'OCR_COMPLETED':
      return {
        ...base,
        type: 'document_ocr_completed',
        status: 'success',
        title: 'Documento leído',
        message: `"${d.fileName}" se ha leído.`,
      };
    case 'OCR_COMPLETED_PENDING':
      return {
        ...base,
        type: 'document_ocr_completed',
        status: 'warning',
        title: 'Posible factura duplicada',
        message: `"${d.fileName}" repite una factura ya registrada: revísala.`,
      };
    case 'INVOICE_CREATED':
      return {
        ...base,
        type: 'document_invoice_created',
        status: 'success',
        title: 'Factura creada',
        message: `Se ha creado el borrador de la factura${base.invoiceNumber ? ` ${base.invoiceNumber}` : ''} desde "${d.fileName}".`,
      };
    case 'INVOICE_INCOMPLETE':
      return {
        ...base,
        type: 'document_invoice_created',
        status: 'warning',
        title: 'Factura incompleta',
        message: `El borrador creado desde "${d.fileName}" necesita revisión.`,
      };
    case 'INVOICE_ERROR':
    case 'OCR_FAILED':
    case 'TECHNICAL_ERROR':
      return {
        ...base,
        type: 'document_ocr_failed',
        status: 'error',
        title: 'Error al leer el documento',
        message: d.error?.message ?? `No se ha podido leer "${d.fileName}".`,
      };
    case 'FAILED':
      return {
        ...base,
        type: 'document_ocr_failed',
        status: 'error',
        title: 'Documento rechazado',
        message: d.rejection?.reason ?? d.error?.message ?? `"${d.fileName}" no se ha aceptado.`,
      };
    case 'COMPLETED':
      return {
        ...base,
        type: 'document_fully_processed',
        status: 'success',
        title: 'Documento guardado',
        message: `"${d.fileName}" se ha guardado.`,
      };
    case 'UPLOADING':
      return null;
  }
}

/** The latest alerts first, at most `limit` (spec: default 10). */
export function documentAlerts(docs: DocumentDetails[], limit = 10): DocumentAlert[] {
  return docs
    .map(documentAlertOf)
    .filter((a): a is DocumentAlert => a !== null)
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .slice(0, limit);
}
