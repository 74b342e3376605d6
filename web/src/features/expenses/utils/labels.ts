/** Spanish labels and tag colours of the received invoices' states (approval, payment, SII). */
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
  };
