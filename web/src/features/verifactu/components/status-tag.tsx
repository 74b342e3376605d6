import type { PendingReason, SubmissionStatus } from '@shared/schemas/verifactu';
import { Flex, Tag, Typography } from 'antd';
import { PENDING_REASON_LABELS, SUBMISSION_STATUS_COLORS, SUBMISSION_STATUS_LABELS } from '../utils/labels';

/**
 * The state of a submission. A QUEUED one the company cannot send is 'Pendiente' with the reason in
 * a few words and in full: never a silent 'En cola'.
 */
export function SubmissionStatusTag({
  status,
  pendingReason,
}: {
  status: SubmissionStatus;
  pendingReason?: PendingReason | null;
}) {
  if (status === 'QUEUED' && pendingReason) {
    return (
      <Flex vertical gap={2} align="flex-start">
        <Tag color="warning" title={pendingReason.message}>
          Pendiente · {PENDING_REASON_LABELS[pendingReason.code] ?? pendingReason.code}
        </Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 320 }}>
          {pendingReason.message}
        </Typography.Text>
      </Flex>
    );
  }
  return <Tag color={SUBMISSION_STATUS_COLORS[status]}>{SUBMISSION_STATUS_LABELS[status] ?? status}</Tag>;
}
