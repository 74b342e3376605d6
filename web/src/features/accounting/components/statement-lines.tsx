/**
 * The lines of a legal statement as the PGC's model prints them (balance sheet, P&L): code,
 * heading and amount, indented by level; totals (A, B... and the A)–D) results) in bold.
 */
import type { StatementLine } from '@shared/schemas/accounting';
import { formatCents } from '@web/lib/format';
import { Table, type TableColumnsType } from 'antd';

/**
 * The numbering the PGC's models print at the start of a line (the server's labels carry it, e.g.
 * 'D) RESULTADO DEL EJERCICIO (C + 20)', 'VII. Resultado del ejercicio', 'A-1) Fondos propios',
 * '1. Clientes...', 'a) ...').
 */
const MODEL_NUMBERING = /^(?:[A-Z](?:-\d)?\)|[IVXL]+\.|\d+\.|[a-z]\))\s+/;

/**
 * A statement line as the model prints it: a label that carries its numbering is shown as it is
 * (never 'D D) RESULTADO...'); the internal codes of the totals ('TOTAL_ACTIVO') are not shown; a
 * bare label is preceded by its code.
 */
export function lineLabel(code: string, label: string): string {
  if (!code || MODEL_NUMBERING.test(label) || code.startsWith('TOTAL')) return label;
  return `${code} ${label}`;
}

/**
 * A balance-sheet category in a flat list, where the full code gives the context the indentation
 * gives in the model ('B.III.1' and 'C.V.1' are both '1.'): the code, then the label without its
 * own numbering ('B.VII Efectivo y otros activos líquidos equivalentes').
 */
export function categoryLabel(code: string, name: string): string {
  const bare = name.replace(MODEL_NUMBERING, '');
  return code ? `${code} ${bare}` : bare;
}

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
        {lineLabel(line.code, line.label)}
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
