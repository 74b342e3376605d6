/**
 * The table columns that the gestoría's list of its shares (document-sharing) and the client's
 * 'Compartidos por tu gestoría' (client-portal) have in common: 'Compartido', 'Caduca' and 'Estado'
 * (the share's status and, when one was asked for, its approval with the client's comments). Each
 * page places them among its own columns.
 */
import {
  SHARE_APPROVAL_LABELS,
  SHARE_STATUS_LABELS,
  type SharedDocument,
  type ShareStatus,
} from '@shared/schemas/sharing';
import { formatDate, formatDateTime } from '@web/lib/format';
import { Flex, type TableColumnType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

const STATUS_COLORS: Record<ShareStatus, string> = { ACTIVE: 'blue', EXPIRED: 'default', REVOKED: 'red' };
const APPROVAL_COLORS = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red' } as const;

type Column = TableColumnType<SharedDocument>;

/** `afterStatus`: what a page adds to 'Estado' between the status and the approval. */
export function sharedDocumentColumns({
  afterStatus,
}: {
  afterStatus?: (s: SharedDocument) => ReactNode;
} = {}): { sharedAt: Column; expiresAt: Column; status: Column } {
  return {
    sharedAt: { title: 'Compartido', dataIndex: 'sharedAt', render: (d: string) => formatDateTime(d) },
    expiresAt: {
      title: 'Caduca',
      dataIndex: 'expiresAt',
      render: (d: string | null) => (d ? formatDate(d) : 'Sin caducidad'),
    },
    status: {
      title: 'Estado',
      key: 'status',
      render: (_, s) => (
        <Flex gap={4} wrap>
          <Tag color={STATUS_COLORS[s.status]}>{SHARE_STATUS_LABELS[s.status]}</Tag>
          {afterStatus?.(s)}
          {s.approval ? (
            <Tag color={APPROVAL_COLORS[s.approval.status]}>{SHARE_APPROVAL_LABELS[s.approval.status]}</Tag>
          ) : null}
          {s.approval?.comments ? (
            <Typography.Text type="secondary">{s.approval.comments}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  };
}
