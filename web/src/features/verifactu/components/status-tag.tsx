import type { SubmissionStatus } from '@shared/schemas/verifactu';
import { Tag } from 'antd';
import { SUBMISSION_STATUS_COLORS, SUBMISSION_STATUS_LABELS } from '../utils/labels';

export function SubmissionStatusTag({ status }: { status: SubmissionStatus }) {
  return <Tag color={SUBMISSION_STATUS_COLORS[status]}>{SUBMISSION_STATUS_LABELS[status] ?? status}</Tag>;
}
