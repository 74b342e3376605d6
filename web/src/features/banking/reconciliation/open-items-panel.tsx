/**
 * The right side of a session: the open items (issued invoices to collect, received invoices to pay)
 * with their outstanding, due date and party; searchable and filtered by direction. With one movement
 * selected they come ranked by the matcher's score for it (`movementId`), the score shown as a tag.
 */
import type { OpenItemCandidate, OpenItemDirection } from '@shared/schemas/reconciliation';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { formatCents, formatDate } from '@web/lib/format';
import { Alert, Card, Flex, Input, Segmented, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSessionOpenItems } from '../api/reconciliation';
import { ScoreTag } from './ui';

export type DirectionFilter = 'ALL' | OpenItemDirection;

const DIRECTION_FILTERS: { value: DirectionFilter; label: string }[] = [
  { value: 'ALL', label: 'Todos' },
  { value: 'RECEIVABLE', label: 'A cobrar' },
  { value: 'PAYABLE', label: 'A pagar' },
];

const SEARCH_DELAY_MS = 300;

export function OpenItemsPanel({
  companyId,
  sessionId,
  rankFor,
  direction,
  onDirectionChange,
  selectable,
  selected,
  onSelectedChange,
}: {
  companyId: string;
  sessionId: string;
  /** The one selected movement the candidates are ranked for, if any. */
  rankFor: string | null;
  direction: DirectionFilter;
  onDirectionChange: (direction: DirectionFilter) => void;
  selectable: boolean;
  selected: readonly OpenItemCandidate[];
  onSelectedChange: (items: OpenItemCandidate[]) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const items = useSessionOpenItems(
    sessionId,
    {
      search: search || undefined,
      direction: direction === 'ALL' ? undefined : direction,
      movementId: rankFor ?? undefined,
    },
    companyId,
  );
  const selectedIds = selected.map((item) => item.documentId);

  const columns: TableColumnsType<OpenItemCandidate> = [
    {
      title: 'Documento',
      key: 'document',
      render: (_, item) => (
        <Flex vertical>
          <Flex gap={6} align="center" wrap>
            <span>{item.number}</span>
            <Tag color={item.direction === 'RECEIVABLE' ? 'green' : 'volcano'}>
              {item.direction === 'RECEIVABLE' ? 'Cobro' : 'Pago'}
            </Tag>
            {item.usedInSession ? <Tag>Ya conciliado</Tag> : null}
          </Flex>
          <span style={{ opacity: 0.65 }}>
            {item.partyName}
            {item.partyNif ? ` · ${item.partyNif}` : ''}
          </span>
        </Flex>
      ),
    },
    {
      title: 'Vence',
      key: 'due',
      width: 96,
      render: (_, item) => formatDate(item.nextDueDate) || '—',
    },
    {
      title: 'Pendiente',
      key: 'outstanding',
      align: 'right',
      width: 120,
      render: (_, item) => (
        <Flex vertical align="flex-end">
          <span style={{ whiteSpace: 'nowrap' }}>{formatCents(item.outstandingCents)}</span>
          {item.outstandingCents !== item.totalCents ? (
            <span style={{ opacity: 0.65, whiteSpace: 'nowrap' }}>de {formatCents(item.totalCents)}</span>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Puntuación',
      key: 'score',
      width: 96,
      render: (_, item) =>
        item.score !== null ? <ScoreTag score={item.score} reasons={item.reasons} /> : null,
    },
  ];

  return (
    <Card title="Documentos pendientes" styles={{ body: { padding: 12 } }}>
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <Input.Search
            aria-label="Buscar documentos"
            placeholder="Número, tercero, NIF o importe"
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(value) => {
              setText(value);
              setSearch(value.trim());
            }}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Segmented<DirectionFilter>
            aria-label="Filtrar por sentido"
            options={DIRECTION_FILTERS}
            value={direction}
            onChange={onDirectionChange}
          />
        </Flex>
        {items.isPending ? (
          <LoadingBlock label="Cargando los documentos pendientes" />
        ) : items.isError ? (
          <LoadError
            title="Error obteniendo los documentos pendientes"
            error={items.error}
            onRetry={() => void items.refetch()}
          />
        ) : items.data.items.length === 0 ? (
          <EmptyState
            description={
              search
                ? 'Ningún documento pendiente coincide con la búsqueda.'
                : 'No hay documentos pendientes.'
            }
          />
        ) : (
          <>
            {items.data.truncated ? (
              <Alert type="info" showIcon title="Hay más documentos: afina la búsqueda para verlos." />
            ) : null}
            <Table<OpenItemCandidate>
              aria-label="Documentos pendientes"
              size="small"
              rowKey="documentId"
              columns={columns}
              dataSource={items.data.items}
              loading={items.isFetching && items.isPlaceholderData}
              pagination={false}
              scroll={{ y: 560 }}
              rowSelection={
                selectable
                  ? {
                      selectedRowKeys: selectedIds,
                      // Kept as objects: a later search may hide a selected item, its amount still counts.
                      onSelect: (item, checked) =>
                        onSelectedChange(
                          checked
                            ? [...selected.filter((s) => s.documentId !== item.documentId), item]
                            : selected.filter((s) => s.documentId !== item.documentId),
                        ),
                      hideSelectAll: true,
                      getCheckboxProps: (item) => ({
                        disabled: item.usedInSession || item.outstandingCents === 0,
                        'aria-label': `Seleccionar ${item.number}`,
                      }),
                    }
                  : undefined
              }
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
