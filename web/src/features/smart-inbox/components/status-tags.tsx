import {
  INBOX_EMAIL_STATUS_LABELS,
  INBOX_SYSTEM_STATUS_LABELS,
  type InboxEmailStatus,
  type InboxSystemStatus,
  PROCESSED_INVOICE_STATUS_LABELS,
  type ProcessedInvoiceStatus,
} from '@shared/schemas/inbox';
import { Tag } from 'antd';

const SYSTEM_COLORS: Record<InboxSystemStatus, string> = {
  HEALTHY: 'green',
  WARNING: 'orange',
  ERROR: 'red',
};

export function SystemStatusTag({ status }: { status: InboxSystemStatus | null | undefined }) {
  if (!status || !(status in SYSTEM_COLORS)) return <Tag>Desconocido</Tag>;
  return <Tag color={SYSTEM_COLORS[status]}>{INBOX_SYSTEM_STATUS_LABELS[status]}</Tag>;
}

const EMAIL_COLORS: Record<InboxEmailStatus, string> = {
  RECEIVED: 'blue',
  PROCESSING: 'processing',
  PROCESSED: 'green',
  IGNORED: 'default',
  FAILED: 'red',
};

export const EmailStatusTag = ({ status }: { status: InboxEmailStatus }) => (
  <Tag color={EMAIL_COLORS[status]}>{INBOX_EMAIL_STATUS_LABELS[status]}</Tag>
);

const INVOICE_COLORS: Record<ProcessedInvoiceStatus, string> = {
  PROCESSING: 'processing',
  PENDING_REVIEW: 'purple',
  INCOMPLETE: 'orange',
  DUPLICATE: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
  FAILED: 'red',
};

export const InvoiceStatusTag = ({ status }: { status: ProcessedInvoiceStatus }) => (
  <Tag color={INVOICE_COLORS[status]}>{PROCESSED_INVOICE_STATUS_LABELS[status]}</Tag>
);

/** 0.934 → '93 %'. */
export const percent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : `${Math.round(value * 100)} %`;
