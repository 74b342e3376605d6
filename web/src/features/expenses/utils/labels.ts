/** Spanish labels and tag colours of the received invoices' states (approval, payment, SII). */
import type { ExtractionSource } from '@shared/schemas/documents';
import type { DraftField } from '@shared/schemas/received-invoice-draft';
import type { ApprovalStatus, ReceivedPaymentStatus } from '@shared/schemas/received-invoices';

export const APPROVAL_LABELS: Record<ApprovalStatus, { label: string; color: string }> = {
  PENDING: { label: 'Pendiente', color: 'warning' },
  APPROVED: { label: 'Aprobada', color: 'success' },
  REJECTED: { label: 'Rechazada', color: 'error' },
};

export const RECEIVED_PAYMENT_STATUS_LABELS: Record<ReceivedPaymentStatus, { label: string; color: string }> =
  {
    PENDING: { label: 'Pendiente de pago', color: 'gold' },
    PARTIAL: { label: 'Pago parcial', color: 'orange' },
    PAID: { label: 'Pagada', color: 'green' },
    OVERDUE: { label: 'Vencida', color: 'red' },
  };

/** The fields a draft read from a document may lack (issue 17: `draft.incompleteFields`). */
export const DRAFT_FIELD_LABELS: Record<DraftField, string> = {
  supplierName: 'Nombre del proveedor',
  supplierNif: 'NIF del proveedor',
  customerName: 'Nombre del cliente',
  customerNif: 'NIF del cliente',
  invoiceNumber: 'Número de factura',
  issueDate: 'Fecha de expedición',
  bases: 'Bases e IVA',
  recargo: 'Recargo de equivalencia',
  irpf: 'Retención IRPF',
  totalCents: 'Total',
  currency: 'Moneda',
  rectifiedInvoice: 'Factura rectificada',
};

/** How the document was read (`draft.source`). */
export const DRAFT_SOURCE_LABELS: Record<ExtractionSource, string> = {
  EINVOICE: 'factura electrónica',
  QR: 'código QR VeriFactu',
  TEXT: 'texto del PDF',
  OCR: 'OCR',
};

/**
 * What an incomplete draft could not read (issue 17: a draft kept out of the book stores '' for
 * its missing number, date or tax id): shown as 'Sin leer', never as an empty cell.
 */
export const UNREAD = 'Sin leer';
export const orUnread = (text: string | null | undefined): string => (text?.trim() ? text : UNREAD);
