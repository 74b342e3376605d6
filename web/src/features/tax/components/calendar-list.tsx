/**
 * The calendar as a table: Modelo (with its name), Periodo, Plazo de presentación (its last day is
 * the due date), Domiciliación, Días, Estado. On a phone one column sums each obligation up, so the
 * table fits the screen instead of scrolling sideways.
 */
import type { ObligationView } from '@shared/schemas/tax';
import { formatDate } from '@web/lib/format';
import { daysLeftTone, TONE_COLORS } from '@web/lib/tax-api';
import { daysText } from '@web/lib/tax-labels';
import { Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { ObligationStatusTag } from './obligation-status-tag';

function Days({ o }: { o: ObligationView }) {
  if (o.status === 'OVERDUE') {
    return <Typography.Text type="danger">Hace {daysText(o.daysOverdue ?? 0)}</Typography.Text>;
  }
  if (o.status !== 'PENDING') return <Typography.Text type="secondary">—</Typography.Text>;
  const tone = daysLeftTone(o.daysRemaining);
  return (
    <span style={{ color: tone ? TONE_COLORS[tone] : undefined }}>
      {o.daysRemaining === 0 ? 'Hoy' : `Quedan ${daysText(o.daysRemaining)}`}
    </span>
  );
}

/** Shown at 576 px and wider. */
const WIDE = ['sm'] as const;
/** Shown below 576 px. */
const NARROW = ['xs'] as const;

const columns: TableColumnsType<ObligationView> = [
  {
    title: 'Obligación',
    key: 'summary',
    responsive: [...NARROW],
    render: (_, o) => (
      <Flex vertical gap={2}>
        <Typography.Text strong>
          Modelo {o.modelType} · {o.periodLabel}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {o.modelName}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Vence el {formatDate(o.dueDate)}
          {o.paidByDomiciliation && o.domiciliationDueDate
            ? ` · domiciliado: presentar hasta el ${formatDate(o.domiciliationDueDate)}`
            : ''}
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          <ObligationStatusTag status={o.status} />
          <Days o={o} />
        </Flex>
      </Flex>
    ),
  },
  {
    title: 'Modelo',
    dataIndex: 'modelType',
    width: 290,
    responsive: [...WIDE],
    render: (_, o) => (
      <Flex gap={8} align="baseline">
        <Tag style={{ marginInlineEnd: 0 }}>{o.modelType}</Tag>
        <span>{o.modelName}</span>
      </Flex>
    ),
  },
  { title: 'Periodo', dataIndex: 'periodLabel', width: 150, responsive: [...WIDE] },
  {
    title: 'Plazo de presentación',
    key: 'window',
    width: 200,
    responsive: [...WIDE],
    render: (_, o) => (
      <>
        {formatDate(o.windowStart)} – <strong>{formatDate(o.dueDate)}</strong>
      </>
    ),
  },
  {
    title: 'Domiciliación',
    key: 'domiciliation',
    width: 140,
    responsive: [...WIDE],
    render: (_, o) =>
      o.domiciliationDueDate ? (
        <Flex vertical align="flex-start">
          <span>Hasta el {formatDate(o.domiciliationDueDate)}</span>
          {o.paidByDomiciliation ? <Tag color="geekblue">Domiciliado</Tag> : null}
        </Flex>
      ) : (
        '—'
      ),
  },
  { title: 'Días', key: 'days', width: 120, responsive: [...WIDE], render: (_, o) => <Days o={o} /> },
  {
    title: 'Estado',
    dataIndex: 'status',
    width: 120,
    responsive: [...WIDE],
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
  const screens = Grid.useBreakpoint();
  return (
    <Table<ObligationView>
      rowKey="obligationId"
      size="middle"
      columns={columns}
      dataSource={obligations}
      loading={loading}
      // The columns' widths; on a phone the one summary column needs no sideways scroll.
      scroll={screens.xs ? undefined : { x: 1020 }}
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
