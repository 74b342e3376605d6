import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { SII_STATUS_COLORS, SII_STATUS_LABELS } from '@web/lib/sii-labels';
import { Tag } from 'antd';

/** The received invoice's SII state (issue 16: its FR record); nothing outside the SII. */
export function ReceivedSiiTag({ invoice }: { invoice: Pick<ReceivedInvoice, 'siiStatus'> }) {
  if (!invoice.siiStatus) return null;
  return (
    <Tag color={SII_STATUS_COLORS[invoice.siiStatus]}>
      SII: {SII_STATUS_LABELS[invoice.siiStatus] ?? invoice.siiStatus}
    </Tag>
  );
}
