/** The calendar as a table: Modelo, Descripción, Periodo, Plazo, Vencimiento, Domiciliación, Días, Estado. */
import type { ObligationView } from '@shared/schemas/tax';
import { formatDate } from '@web/lib/format';
import { daysLeftTone, TONE_COLORS } from '@web/lib/tax-api';
import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import { daysText } from '../utils/labels';
import { ObligationStatusTag } from './obligation-status-tag';

function Days({ o }: { o: ObligationView }) {
  if (o.status === 'OVERDUE') {
    return <Typography.Text type="danger">−{daysText(o.daysOverdue ?? 0)}</Typography.Text>;
  }
  if (o.status !== 'PENDING') return <Typography.Text type="secondary">—</Typography.Text>;
  const tone = daysLeftTone(o.daysRemaining);
  return <span style={{ color: tone ? TONE_COLORS[tone] : undefined }}>{daysText(o.daysRemaining)}</span>;
}

const columns: TableColumnsType<ObligationView> = [
  { title: 'Modelo', dataIndex: 'modelType', width: 90, render: (m: string) => <Tag>{m}</Tag> },
  { title: 'Descripción', dataIndex: 'modelName', ellipsis: true },
  { title: 'Periodo', dataIndex: 'periodLabel', width: 170 },
  {
    title: 'Plazo',
    key: 'window',
    width: 190,
    render: (_, o) => `${formatDate(o.windowStart)} – ${formatDate(o.dueDate)}`,
  },
  { title: 'Vencimiento', dataIndex: 'dueDate', width: 120, render: (d: string) => formatDate(d) },
  {
    title: 'Domiciliación',
    key: 'domiciliation',
    width: 160,
    render: (_, o) =>
      o.domiciliationDueDate ? (
        <>
          {formatDate(o.domiciliationDueDate)}
          {o.paidByDomiciliation ? (
            <Tag color="geekblue" style={{ marginLeft: 6 }}>
              Domiciliado
            </Tag>
          ) : null}
        </>
      ) : (
        '—'
      ),
  },
  { title: 'Días', key: 'days', width: 90, render: (_, o) => <Days o={o} /> },
  {
    title: 'Estado',
    dataIndex: 'status',
    width: 160,
    render: (_, o) => <ObligationStatusTag status={o.status} />,
  },
];

export function CalendarList({
  obligations,
  loading,
  onOpen,
}: {
  obligations: ObligationView[];
  loading: boolean;
  onOpen: (o: ObligationView) => void;
}) {
  return (
    <Table<ObligationView>
      rowKey="obligationId"
      size="middle"
      columns={columns}
      dataSource={obligations}
      loading={loading}
      scroll={{ x: 1000 }}
      pagination={obligations.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: 'No hay datos disponibles' }}
      onRow={(o) => ({
        onClick: () => onOpen(o),
        onKeyDown: (event) => {
          if (event.key === 'Enter') onOpen(o);
        },
        tabIndex: 0,
        style: { cursor: 'pointer' },
        'aria-label': `Modelo ${o.modelType} · ${o.periodLabel}`,
      })}
    />
  );
}
