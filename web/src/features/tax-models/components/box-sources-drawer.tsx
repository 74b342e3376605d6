/**
 * The invoices behind one box (issue 14 item 7: "a click shows the invoices behind a box"): each
 * issued invoice links to its page, each received invoice to the expenses list searched by its
 * number; with its date, counterparty, base, cuota and what it adds to the box. On a phone one
 * column sums each invoice up.
 */
import type { BoxSourceRow } from '@shared/schemas/tax-models';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import type { BoxRow } from '@web/components/tax-models/box-table';
import { formatBoxValue } from '@web/components/tax-models/box-table';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { withholdingOfSourceKey } from '@web/lib/tax-labels';
import type { ModelRef } from '@web/lib/tax-models-api';
import { Drawer, Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BOX_SOURCES_PAGE_SIZE, useBoxSources } from '../api/box-sources';

const BOOK_LABELS: Record<BoxSourceRow['book'], string> = {
  ISSUED: 'Emitida',
  RECEIVED: 'Recibida',
};

/** Where a document opens: an issued invoice's page, or the received invoices searched by number. */
export function documentPath(d: Pick<BoxSourceRow, 'book' | 'id' | 'number'>): string {
  if (d.book === 'ISSUED') return paths.app.invoicing.invoice(d.id);
  const search = new URLSearchParams({ search: d.number });
  return `${paths.app.invoicing.expenses}?${search}`;
}

const WIDE = ['sm'] as const;
const NARROW = ['xs'] as const;

/**
 * What a document withheld, when every key it adds to the box is a withholding's: those lines carry
 * `totalCents = −irpfCents` (shared/fiscal/aggregate-keys.ts); null for VAT lines.
 */
export function withheldOf(d: Pick<BoxSourceRow, 'keys' | 'totalCents'>): number | null {
  if (d.keys.length === 0 || !d.keys.every((k) => withholdingOfSourceKey(k) !== null)) return null;
  return -d.totalCents;
}

/** The kinds of withholding a document adds to the box, in words ('Arrendamiento de inmuebles urbanos'). */
const withholdingKinds = (d: BoxSourceRow): string =>
  [...new Set(d.keys.map((k) => withholdingOfSourceKey(k)).filter((t): t is string => t !== null))].join(
    ', ',
  );

/** The cuota a document adds: its VAT (and recargo, when any), or what it withheld. */
const cuota = (d: BoxSourceRow) => {
  const withheld = withheldOf(d);
  if (withheld !== null) return `Retención ${formatCents(withheld)}`;
  return d.recargoCents !== 0
    ? `${formatCents(d.vatCents)} + recargo ${formatCents(d.recargoCents)}`
    : formatCents(d.vatCents);
};

const columns: TableColumnsType<BoxSourceRow> = [
  {
    title: 'Factura',
    key: 'summary',
    responsive: [...NARROW],
    render: (_, d) => (
      <Flex vertical gap={2}>
        <Flex gap={8} align="baseline" wrap>
          <Link to={documentPath(d)}>{d.number || 'Sin número'}</Link>
          <Tag style={{ marginInlineEnd: 0 }}>{BOOK_LABELS[d.book]}</Tag>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {formatDate(d.date)}
          {d.counterpartyName ? ` · ${d.counterpartyName}` : ''}
        </Typography.Text>
        <Typography.Text style={{ fontSize: 13 }}>
          Base {formatCents(d.baseCents)} · {withheldOf(d) !== null ? cuota(d) : `Cuota ${cuota(d)}`}
        </Typography.Text>
        {withheldOf(d) === null ? (
          <Typography.Text strong style={{ fontSize: 13 }}>
            Total {formatCents(d.totalCents)}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Factura',
    key: 'number',
    responsive: [...WIDE],
    render: (_, d) => (
      <Flex vertical gap={2}>
        <Link to={documentPath(d)}>{d.number || 'Sin número'}</Link>
        <Tag style={{ marginInlineEnd: 0, width: 'fit-content' }}>{BOOK_LABELS[d.book]}</Tag>
        {withheldOf(d) !== null ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {withholdingKinds(d)}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  { title: 'Fecha', key: 'date', width: 110, responsive: [...WIDE], render: (_, d) => formatDate(d.date) },
  {
    title: 'Cliente o proveedor',
    key: 'counterparty',
    responsive: [...WIDE],
    render: (_, d) => (
      <Flex vertical>
        <span>{d.counterpartyName || 'Sin identificar'}</span>
        {d.counterpartyTaxId ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.counterpartyTaxId}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Base',
    key: 'base',
    align: 'right',
    responsive: [...WIDE],
    render: (_, d) => formatCents(d.baseCents),
  },
  {
    title: 'Cuota o retención',
    key: 'vat',
    align: 'right',
    responsive: [...WIDE],
    render: (_, d) => cuota(d),
  },
  {
    title: 'Total',
    key: 'total',
    align: 'right',
    responsive: [...WIDE],
    // A withholding line carries no invoice total (only −irpf): nothing to add up there.
    render: (_, d) => (withheldOf(d) !== null ? '—' : <strong>{formatCents(d.totalCents)}</strong>),
  },
];

export function BoxSourcesDrawer({
  companyId,
  model,
  row,
  onClose,
}: {
  companyId: string;
  model: ModelRef;
  row: BoxRow | null;
  onClose: () => void;
}) {
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(0);
  const sources = useBoxSources(companyId, row ? { ...model, box: row.box, page } : null);
  const phone = screens.md === false;
  const data = sources.data;
  const documents = data?.content ?? [];
  const close = () => {
    setPage(0);
    onClose();
  };
  return (
    <Drawer
      title={row ? `Casilla ${row.box}: facturas` : 'Facturas de la casilla'}
      open={row !== null}
      onClose={close}
      size={phone ? '100%' : 880}
      destroyOnHidden
    >
      {row ? (
        <Flex vertical gap={16}>
          <Flex vertical gap={4}>
            <Typography.Text>{row.label}</Typography.Text>
            <Typography.Text strong>
              Importe de la casilla: {formatBoxValue(row.value, row.unit)}
            </Typography.Text>
            {data && data.totalElements > 0 ? (
              <Typography.Text type="secondary">
                {data.totalElements === 1
                  ? '1 factura suma en esta casilla.'
                  : `${data.totalElements} facturas suman en esta casilla.`}
              </Typography.Text>
            ) : null}
          </Flex>
          {sources.isPending ? (
            <LoadingBlock label="Cargando las facturas de la casilla" />
          ) : sources.isError ? (
            <LoadError
              title="Error cargando las facturas de la casilla"
              error={sources.error}
              onRetry={() => void sources.refetch()}
            />
          ) : documents.length === 0 ? (
            <EmptyState description="Ninguna factura del periodo suma en esta casilla." />
          ) : (
            <Table<BoxSourceRow>
              rowKey={(d) => `${d.book}:${d.id}`}
              size="small"
              columns={columns}
              dataSource={documents}
              loading={sources.isFetching}
              scroll={screens.xs ? undefined : { x: 800 }}
              onRow={(d) => ({ 'aria-label': `Factura ${d.number}` })}
              pagination={
                (data?.totalPages ?? 1) > 1
                  ? {
                      current: page + 1,
                      pageSize: BOX_SOURCES_PAGE_SIZE,
                      total: data?.totalElements ?? 0,
                      showSizeChanger: false,
                      onChange: (next) => setPage(next - 1),
                    }
                  : false
              }
            />
          )}
        </Flex>
      ) : null}
    </Drawer>
  );
}
