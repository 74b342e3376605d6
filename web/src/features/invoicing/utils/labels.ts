/** Spanish names of the invoice codes the API speaks, and the colours of their tags. */
import type { OperationKind } from '@shared/fiscal/vat';
import type {
  InvoiceStatus,
  InvoiceType,
  PaymentMethod,
  PaymentStatus,
  RectificationMethod,
  RectificativaType,
} from '@shared/schemas/invoices';

export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  F1: 'F1 · Factura completa',
  F2: 'F2 · Factura simplificada',
  F3: 'F3 · Sustitutiva de simplificadas',
  R1: 'R1 · Rectificativa (error fundado en derecho, art. 80.1, 80.2 y 80.6)',
  R2: 'R2 · Rectificativa (concurso de acreedores, art. 80.3)',
  R3: 'R3 · Rectificativa (créditos incobrables, art. 80.4)',
  R4: 'R4 · Rectificativa (resto de causas)',
  R5: 'R5 · Rectificativa de facturas simplificadas',
};

/** Short name for tables and tags. */
export const invoiceTypeShort = (type: InvoiceType): string =>
  type.startsWith('R')
    ? `Rectificativa ${type}`
    : type === 'F2'
      ? 'Simplificada'
      : type === 'F3'
        ? 'Sustitutiva'
        : 'Completa';

export const RECTIFICATIVA_DESCRIPTIONS: Record<RectificativaType, string> = {
  R1: 'Error fundado en derecho y causas del art. 80.1, 80.2 y 80.6 LIVA (devoluciones, descuentos, resolución de operaciones)',
  R2: 'Concurso de acreedores del destinatario (art. 80.3 LIVA)',
  R3: 'Créditos total o parcialmente incobrables (art. 80.4 LIVA)',
  R4: 'Resto de causas (errores en datos de la factura)',
  R5: 'Rectificación de facturas simplificadas',
};

export const RECTIFICATION_METHOD_LABELS: Record<RectificationMethod, string> = {
  SUBSTITUTION: 'Por sustitución',
  DIFFERENCES: 'Por diferencias',
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  DRAFT: 'Borrador',
  CONFIRMED: 'Confirmada',
  CANCELLED: 'Anulada',
};
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  DRAFT: 'default',
  CONFIRMED: 'blue',
  CANCELLED: 'red',
};

/** A confirmed invoice replaced by a rectificativa by substitution. */
export const SUBSTITUTED_LABEL = 'Sustituida';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Pendiente',
  PARTIAL: 'Parcial',
  PAID: 'Cobrada',
  OVERDUE: 'Vencida',
};
export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  PENDING: 'gold',
  PARTIAL: 'orange',
  PAID: 'green',
  OVERDUE: 'red',
};

/** The SII states (issue 16): one set of words for the invoices, the received invoices and the SII pages. */
export { SII_STATUS_LABELS } from '@web/lib/sii-labels';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  TRANSFER: 'Transferencia',
  DIRECT_DEBIT: 'Domiciliación',
  CARD: 'Tarjeta',
  CASH: 'Efectivo',
  OTHER: 'Otro',
};

/** How a line is taxed: the operation kind (CalificacionOperacion / OperacionExenta). */
export const LINE_TREATMENT_LABELS: Record<OperationKind, string> = {
  S1: 'Sujeta y no exenta',
  S2: 'Inversión del sujeto pasivo',
  N1: 'No sujeta (arts. 7 y 14)',
  N2: 'No sujeta por localización',
  E1: 'Exenta art. 20',
  E2: 'Exenta art. 21 (exportación)',
  E3: 'Exenta art. 22',
  E4: 'Exenta arts. 23 y 24',
  E5: 'Exenta art. 25 (intracomunitaria)',
  E6: 'Exenta por otras causas',
};

export const EMAIL_STATUS_LABELS: Record<string, string> = {
  QUEUED: 'En cola',
  PENDING: 'En cola',
  SENT: 'Enviado',
  DELIVERED: 'Enviado',
  ERROR: 'Error',
  FAILED: 'Error',
};
export const EMAIL_STATUS_COLORS: Record<string, string> = {
  QUEUED: 'gold',
  PENDING: 'gold',
  SENT: 'green',
  DELIVERED: 'green',
  ERROR: 'red',
  FAILED: 'red',
};

export const BULK_ACTION_LABELS: Record<string, string> = {
  CONFIRM: 'Confirmar',
  SEND_EMAIL: 'Enviar por e-mail',
  MARK_PAID: 'Marcar como cobradas',
  DELETE_DRAFTS: 'Eliminar borradores',
  DOWNLOAD_PDFS: 'Descargar PDFs',
};

export const BULK_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pendiente',
  QUEUED: 'En cola',
  RUNNING: 'En curso',
  IN_PROGRESS: 'En curso',
  PROCESSING: 'En curso',
  COMPLETED: 'Completada',
  FAILED: 'Fallida',
};
