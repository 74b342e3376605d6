/**
 * The modelo 369's lines (one-stop shop, régimen de la Unión): one per member state of consumption and
 * VAT rate with its base and VAT, then the corrections of earlier periods by state. What the person
 * types into the Sede electrónica's form (the 369 has no AEAT file; the same lines download as CSV or
 * Excel). On a phone one column sums each line up.
 */
import type { DeclaredRecord } from '@shared/schemas/tax-models';
import { formatCents } from '@web/lib/format';
import { formatBp } from '@web/lib/money-input';
import { modelPeriodLabel } from '@web/lib/tax-labels';
import { Card, Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';

const RATE_KEY_LABELS: Record<string, string> = { S: 'General', R: 'Reducido' };

const rowKey = (r: DeclaredRecord) =>
  `${r.kind}:${r.counterpartyKey}:${r.correctedYear ?? ''}${r.correctedPeriod ?? ''}`;

function what(r: DeclaredRecord): string {
  if (r.kind === 'RECTIFICATION') {
    return `Corrección de ${modelPeriodLabel('369', r.correctedPeriod ?? '', r.correctedYear ?? 0)}`;
  }
  const rate = r.vatRateBp !== undefined ? formatBp(r.vatRateBp) : '';
  return `${rate} · ${RATE_KEY_LABELS[r.key] ?? r.key}`;
}

export function OssLinesCard({ records }: { records: readonly DeclaredRecord[] }) {
  const screens = Grid.useBreakpoint();
  const columns: TableColumnsType<DeclaredRecord> = [
    {
      title: 'Estado miembro de consumo',
      key: 'state',
      render: (_, r) => (
        <Flex vertical gap={2}>
          <Flex gap={8} align="baseline" wrap>
            <span>{r.name}</span>
            <Tag style={{ marginInlineEnd: 0 }}>{r.country}</Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {what(r)}
            {screens.sm || r.baseCents === undefined ? '' : ` · Base ${formatCents(r.baseCents)}`}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Base imponible',
      key: 'base',
      align: 'right',
      responsive: ['sm'],
      width: 140,
      render: (_, r) => (r.baseCents === undefined ? '' : formatCents(r.baseCents)),
    },
    {
      title: 'Cuota de IVA',
      key: 'vat',
      align: 'right',
      width: 130,
      render: (_, r) => <strong style={{ whiteSpace: 'nowrap' }}>{formatCents(r.amountCents)}</strong>,
    },
  ];
  return (
    <Card size="small" title={`Líneas por Estado miembro (${records.length})`}>
      <Flex vertical gap={8}>
        <Table<DeclaredRecord>
          rowKey={rowKey}
          size="small"
          columns={columns}
          dataSource={[...records]}
          pagination={false}
          locale={{ emptyText: 'No hay ventas acogidas a la ventanilla única en el trimestre.' }}
          onRow={(r) => ({ 'aria-label': `${r.name} · ${what(r)}` })}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          El modelo 369 se presenta en el formulario de la Sede electrónica de la AEAT: descarga estas líneas
          en CSV o Excel para trasladarlas.
        </Typography.Text>
      </Flex>
    </Card>
  );
}
