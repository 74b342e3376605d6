import type { ObligationStatus } from '@shared/fiscal/fiscal-alerts';
import { Tag } from 'antd';
import { OBLIGATION_STATUS_COLORS, OBLIGATION_STATUS_LABELS } from '../utils/labels';

export function ObligationStatusTag({ status }: { status: ObligationStatus }) {
  return <Tag color={OBLIGATION_STATUS_COLORS[status]}>{OBLIGATION_STATUS_LABELS[status]}</Tag>;
}
