import type { ObligationStatus } from '@shared/fiscal/fiscal-alerts';
import { OBLIGATION_STATUS_COLORS, OBLIGATION_STATUS_LABELS } from '@web/lib/tax-labels';
import { Tag } from 'antd';

export function ObligationStatusTag({ status }: { status: ObligationStatus }) {
  return <Tag color={OBLIGATION_STATUS_COLORS[status]}>{OBLIGATION_STATUS_LABELS[status]}</Tag>;
}
