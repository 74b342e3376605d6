/**
 * The records an informative return declares (349 operators and rectifications, 347 parties and
 * properties): who (NIF or EU VAT number and name), the operation key in words and the amount; for
 * the 347 its four quarters and the cash collected, for a 349 rectification the corrected period and
 * what was declared before. On a phone one column sums each record up.
 */
import type { DeclaredRecord } from '@shared/schemas/tax-models';
import { formatCents } from '@web/lib/format';
import { modelPeriodLabel, recordKeyLabel } from '@web/lib/tax-labels';
import { Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';

const KIND_LABELS: Record<DeclaredRecord['kind'], string | null> = {
  OPERATOR: null,
  RECTIFICATION: 'Rectificación',
  PROPERTY: 'Inmueble',
};

function Details({ modelType, r }: { modelType: string; r: DeclaredRecord }) {
  return (
    <Flex vertical gap={2}>
      {r.kind === 'RECTIFICATION' && r.correctedYear && r.correctedPeriod ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Rectifica {modelPeriodLabel(modelType, r.correctedPeriod, r.correctedYear)}
          {r.previouslyDeclaredCents !== undefined
            ? ` (declarado antes: ${formatCents(r.previouslyDeclaredCents)})`
            : ''}
        </Typography.Text>
      ) : null}
      {r.quarterAmountsCents ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Trimestres: {r.quarterAmountsCents.map((q) => formatCents(q)).join(' · ')}
        </Typography.Text>
      ) : null}
      {r.withholdingCents !== undefined ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Retención: {formatCents(r.withholdingCents)}
          {r.inKindValueCents ? ` · En especie: ${formatCents(r.inKindValueCents)}` : ''}
          {r.origin === 'ENTERED' ? ' · Añadido a mano' : ''}
        </Typography.Text>
      ) : null}
      {r.cashAmountCents ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          En metálico: {formatCents(r.cashAmountCents)}
          {r.cashYear ? ` (operaciones de ${r.cashYear})` : ''}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

export function DeclaredRecords({
  modelType,
  records,
}: {
  modelType: string;
  records: readonly DeclaredRecord[];
}) {
  const screens = Grid.useBreakpoint();
  const who = (r: DeclaredRecord) => (
    <Flex vertical gap={2}>
      <Flex gap={8} align="baseline" wrap>
        <span>{r.name || r.taxId}</span>
        {KIND_LABELS[r.kind] ? <Tag style={{ marginInlineEnd: 0 }}>{KIND_LABELS[r.kind]}</Tag> : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {r.taxId}
      </Typography.Text>
    </Flex>
  );
  const columns: TableColumnsType<DeclaredRecord> = [
    {
      title: 'Declarado',
      key: 'who',
      render: (_, r) => (
        <Flex vertical gap={2}>
          {who(r)}
          <Typography.Text style={{ fontSize: 13 }}>
            {recordKeyLabel(modelType, r.key, r.subkey)}
          </Typography.Text>
          {screens.sm ? null : <Details modelType={modelType} r={r} />}
        </Flex>
      ),
    },
    {
      title: 'Detalle',
      key: 'details',
      responsive: ['sm'],
      render: (_, r) => <Details modelType={modelType} r={r} />,
    },
    {
      title: 'Importe',
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_, r) => <strong style={{ whiteSpace: 'nowrap' }}>{formatCents(r.amountCents)}</strong>,
    },
  ];
  return (
    <Table<DeclaredRecord>
      rowKey={(r) =>
        `${r.kind}:${r.counterpartyKey}:${r.key}:${r.correctedYear ?? ''}${r.correctedPeriod ?? ''}`
      }
      size="small"
      columns={columns}
      dataSource={[...records]}
      pagination={records.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: 'No hay operaciones que declarar en el periodo.' }}
      onRow={(r) => ({
        'aria-label': `${r.name || r.taxId} · ${recordKeyLabel(modelType, r.key, r.subkey)}`,
      })}
    />
  );
}
