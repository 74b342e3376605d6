/**
 * The lines of a legal statement as the PGC's model prints them (balance sheet, P&L): code,
 * heading and amount, indented by level; totals (A, B... and the A)–D) results) in bold.
 */
import type { StatementLine } from '@shared/schemas/accounting';
import { formatCents } from '@web/lib/format';
import { Table, type TableColumnsType } from 'antd';

const columns: TableColumnsType<StatementLine> = [
  {
    title: 'Partida',
    key: 'label',
    render: (_, line) => (
      <span
        style={{
          paddingLeft: line.level * 16,
          fontWeight: line.isTotal || line.level === 0 ? 600 : undefined,
        }}
      >
        {line.code ? `${line.code} ` : ''}
        {line.label}
      </span>
    ),
  },
  {
    title: 'Importe',
    key: 'amount',
    align: 'right',
    width: 180,
    render: (_, line) => (
      <span
        data-testid={`line-${line.code}`}
        style={{
          fontWeight: line.isTotal || line.level === 0 ? 600 : undefined,
          color: line.amountCents < 0 ? '#cf1322' : undefined,
          whiteSpace: 'nowrap',
        }}
      >
        {formatCents(line.amountCents)}
      </span>
    ),
  },
];

export function StatementLines({ lines, label }: { lines: readonly StatementLine[]; label: string }) {
  return (
    <Table<StatementLine>
      aria-label={label}
      size="small"
      rowKey={(line) => `${line.code}|${line.label}`}
      columns={columns}
      dataSource={[...lines]}
      pagination={false}
    />
  );
}
