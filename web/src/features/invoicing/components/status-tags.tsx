import type { InvoiceStatus, InvoiceWithPayments, PaymentStatus, SiiStatus } from '@shared/schemas/invoices';
import { SII_STATUS_COLORS } from '@web/lib/sii-labels';
import { Tag } from 'antd';
import {
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
  SII_STATUS_LABELS,
  SUBSTITUTED_LABEL,
} from '../utils/labels';

/** 'Sustituida' when a rectificativa by substitution replaced the invoice, else its status. */
export function InvoiceStatusTag({
  status,
  substituted = false,
}: {
  status: InvoiceStatus;
  substituted?: boolean;
}) {
  if (substituted) return <Tag color="purple">{SUBSTITUTED_LABEL}</Tag>;
  return <Tag color={INVOICE_STATUS_COLORS[status]}>{INVOICE_STATUS_LABELS[status] ?? status}</Tag>;
}

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  return <Tag color={PAYMENT_STATUS_COLORS[status]}>{PAYMENT_STATUS_LABELS[status] ?? status}</Tag>;
}

export function SiiStatusTag({ status }: { status: SiiStatus }) {
  return <Tag color={SII_STATUS_COLORS[status]}>SII: {SII_STATUS_LABELS[status] ?? status}</Tag>;
}

/** The payment status shown for an invoice: only confirmed invoices are collected. */
export const paymentStatusOf = (
  invoice: Pick<InvoiceWithPayments, 'status' | 'paymentStatus' | 'substitutedBy'>,
): PaymentStatus | null =>
  invoice.status === 'CONFIRMED' && !invoice.substitutedBy ? (invoice.paymentStatus ?? 'PENDING') : null;
