import type { InstalmentState } from '@shared/fiscal/due-dates';
import { formatCents, formatDate } from '@web/lib/format';
import { Table, Tag } from 'antd';

/**
 * 'Vencimientos' of an invoice or a received invoice (issue 19): each due date with its amount,
 * what the payments cover of it (oldest first) and what is pending, tagged 'Vencido' when overdue.
 */
export function DueDatesTable({ instalments }: { instalments: readonly InstalmentState[] }) {
  return (
    <Table<InstalmentState & { key: number }>
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={instalments.map((i, key) => ({ ...i, key }))}
      locale={{ emptyText: 'Sin vencimientos' }}
      columns={[
        { title: 'Vencimiento', dataIndex: 'dueDate', render: (d: string) => formatDate(d) },
        { title: 'Importe', dataIndex: 'amountCents', align: 'right', render: (c: number) => formatCents(c) },
        { title: 'Pagado', dataIndex: 'paidCents', align: 'right', render: (c: number) => formatCents(c) },
        {
          title: 'Pendiente',
          dataIndex: 'pendingCents',
          align: 'right',
          render: (c: number) => formatCents(c),
        },
        {
          title: 'Estado',
          key: 'state',
          render: (_: unknown, i: InstalmentState) =>
            i.overdue ? (
              <Tag color="red">Vencido</Tag>
            ) : i.pendingCents === 0 ? (
              <Tag color="green">Pagado</Tag>
            ) : i.paidCents !== 0 ? (
              <Tag color="orange">Parcial</Tag>
            ) : (
              <Tag color="gold">Pendiente</Tag>
            ),
        },
      ]}
    />
  );
}
