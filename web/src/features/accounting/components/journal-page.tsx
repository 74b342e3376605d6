/**
 * /app/accounting/journal: 'Libro diario' (spec part 2 §2, §4, §7; issue 18 item 3). The entries
 * filtered by dates, text, account, source and 'solo desbloqueados' (kept in the URL), each opening its
 * lines (Debe / Haber) with its source; lock and unlock; edit and delete of unlocked manual entries
 * (automatic ones are corrected from their document); export to Excel and PDF.
 */
import LockOutlined from '@ant-design/icons/LockOutlined';
import {
  displayAccountCode,
  ENTRY_SOURCES,
  type EntryLine,
  type EntrySource,
  entrySourceLabels,
  type JournalEntry,
} from '@shared/schemas/accounting';
import { LinkButton } from '@web/components/link-button';
import { EmptyState } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { useUrlListState } from '@web/lib/use-url-list-state';
import {
  Button,
  Card,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { Link } from 'react-router-dom';
import { type EntryCommand, useEntryCommand } from '../api/entry-actions';
import { ENTRIES_PAGE_SIZE, useEntries } from '../api/get-entries';
import { AccountSelect } from './account-select';
import { AccountingLoadError, toastFailure } from './accounting-error';
import { DateRange } from './date-range';
import { ExportButtons } from './export-buttons';

export const SOURCE_COLORS: Record<JournalEntry['source'], string> = {
  MANUAL: 'default',
  ISSUED_INVOICE: 'green',
  ISSUED_PAYMENT: 'cyan',
  RECEIVED_INVOICE: 'orange',
  RECEIVED_PAYMENT: 'gold',
  BANK_RECONCILIATION: 'geekblue',
  REGULARIZATION: 'purple',
  CLOSING: 'magenta',
  OPENING: 'blue',
};

/** The source filter's choices: every source the API knows (EntryListQuery.source), in its order. */
const SOURCE_OPTIONS = ENTRY_SOURCES.map((s) => ({ value: s, label: entrySourceLabels[s] }));

/** `?source=` as the API accepts it; anything else in the URL is ignored. */
const sourceFromUrl = (value: string | undefined): EntrySource | undefined =>
  ENTRY_SOURCES.find((s) => s === value);

/** A person changes only manual entries that are neither locked nor in a closed month. */
export const isEditable = (e: JournalEntry) => e.source === 'MANUAL' && !e.locked && !e.periodClosed;

export function JournalPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Libro diario" />
        <EmptyState description="Selecciona una empresa para ver su libro diario." />
      </>
    );
  }
  return <JournalContent companyId={companyId} />;
}

function JournalContent({ companyId }: { companyId: string }) {
  const list = useUrlListState(ENTRIES_PAGE_SIZE);
  const fromDate = list.param('fromDate');
  const toDate = list.param('toDate');
  const accountId = list.param('accountId');
  const onlyUnlocked = list.param('onlyUnlocked') === 'true';
  const source = sourceFromUrl(list.param('source'));
  const entries = useEntries(
    {
      page: list.page,
      size: list.size,
      fromDate,
      toDate,
      accountId,
      onlyUnlocked,
      ...(source ? { source } : {}),
      ...(list.search ? { search: list.search } : {}),
    },
    companyId,
  );
  const command = useEntryCommand(companyId);
  const can = useCanCall();

  const run = (c: EntryCommand, done: string, fallback: string) =>
    command.mutate(c, {
      onSuccess: () => showToast('success', done),
      onError: (e) => toastFailure(e, fallback),
    });

  const columns: TableColumnsType<JournalEntry> = [
    { title: 'Nº', key: 'number', width: 70, render: (_, e) => <strong>{e.entryNumber}</strong> },
    { title: 'Fecha', key: 'date', width: 110, render: (_, e) => formatDate(e.entryDate) },
    {
      title: 'Descripción',
      key: 'description',
      render: (_, e) => (
        <Flex vertical>
          <span>{e.description}</span>
          {e.document?.documentNumber ? (
            <span style={{ fontSize: 12, opacity: 0.7 }}>{e.document.documentNumber}</span>
          ) : null}
          {e.reversalOf ? <span style={{ fontSize: 12, opacity: 0.7 }}>Contraasiento</span> : null}
        </Flex>
      ),
    },
    {
      title: 'Origen',
      key: 'source',
      render: (_, e) => <Tag color={SOURCE_COLORS[e.source]}>{entrySourceLabels[e.source]}</Tag>,
    },
    { title: 'Debe', key: 'debit', align: 'right', render: (_, e) => formatCents(e.totalDebitCents) },
    { title: 'Haber', key: 'credit', align: 'right', render: (_, e) => formatCents(e.totalCreditCents) },
    {
      title: 'Estado',
      key: 'state',
      render: (_, e) => (
        <Space size={4} wrap>
          {e.locked ? (
            <Tag icon={<LockOutlined />} color="gold">
              Bloqueado
            </Tag>
          ) : (
            <Tag>Desbloqueado</Tag>
          )}
          {e.periodClosed ? <Tag color="default">Periodo cerrado</Tag> : null}
        </Space>
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, e) => (
        <Space size={4} wrap>
          {!e.locked && !e.periodClosed && can('accounting.lockEntry') ? (
            <Button
              size="small"
              type="link"
              onClick={() =>
                run({ kind: 'lock', entryId: e.entryId }, 'Asiento bloqueado', 'Error bloqueando asiento')
              }
            >
              Bloquear
            </Button>
          ) : null}
          {e.locked && !e.periodClosed && can('accounting.unlockEntry') ? (
            <Button
              size="small"
              type="link"
              onClick={() =>
                run(
                  { kind: 'unlock', entryId: e.entryId },
                  'Asiento desbloqueado',
                  'Error desbloqueando asiento',
                )
              }
            >
              Desbloquear
            </Button>
          ) : null}
          {isEditable(e) && can('accounting.updateEntry') ? (
            <LinkButton size="small" type="link" to={paths.app.accounting.entryEdit(e.entryId)}>
              Editar
            </LinkButton>
          ) : null}
          {isEditable(e) && can('accounting.deleteEntry') ? (
            <Popconfirm
              title={`¿Eliminar el asiento ${e.entryNumber}?`}
              okText="Eliminar"
              cancelText="Cancelar"
              onConfirm={() =>
                run({ kind: 'delete', entryId: e.entryId }, 'Asiento eliminado', 'Error eliminando asiento')
              }
            >
              <Button size="small" type="link" danger>
                Eliminar
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Libro diario"
        meta={<span>Asientos automáticos de facturas, gastos y pagos, y asientos manuales</span>}
        actions={
          <>
            <ExportButtons
              companyId={companyId}
              exportOf={(format) => ({ kind: 'entries', body: { format, fromDate, toDate } })}
            />
            {can('accounting.createEntry') ? (
              <LinkButton type="primary" to={paths.app.accounting.entryCreate}>
                Nuevo asiento
              </LinkButton>
            ) : null}
          </>
        }
      />
      <Card>
        <Flex vertical gap={12}>
          <Flex gap={8} wrap role="search" aria-label="Filtros del libro diario">
            <DateRange
              from={fromDate}
              to={toDate}
              onChange={(from, to) => list.setParams({ fromDate: from, toDate: to })}
            />
            <Input.Search
              allowClear
              aria-label="Buscar asiento"
              placeholder="Buscar por descripción o documento"
              style={{ width: 260 }}
              value={list.searchText}
              onChange={(e) => list.setSearchText(e.target.value)}
            />
            <AccountSelect
              companyId={companyId}
              ariaLabel="Filtrar por cuenta"
              placeholder="Todas las cuentas"
              value={accountId}
              selectedLabel={accountId ? displayAccountCode(accountId) : undefined}
              onChange={(id) => list.setParams({ accountId: id })}
            />
            <Select<EntrySource>
              allowClear
              aria-label="Filtrar por origen"
              placeholder="Todos los orígenes"
              style={{ width: 200 }}
              value={source}
              options={SOURCE_OPTIONS}
              onChange={(v) => list.setParams({ source: v })}
            />
            <Flex gap={6} align="center">
              <Switch
                aria-label="Solo desbloqueados"
                checked={onlyUnlocked}
                onChange={(on) => list.setParams({ onlyUnlocked: on ? 'true' : undefined })}
              />
              <span>Solo desbloqueados</span>
            </Flex>
          </Flex>
          {entries.isError ? (
            <AccountingLoadError
              title="Error obteniendo asientos"
              error={entries.error}
              onRetry={() => void entries.refetch()}
            />
          ) : (
            <Table<JournalEntry>
              aria-label="Asientos"
              size="small"
              rowKey="entryId"
              loading={entries.isFetching}
              columns={columns}
              dataSource={entries.data?.content ?? []}
              locale={{ emptyText: 'No hay asientos en este periodo' }}
              expandable={{
                expandedRowRender: (e) => <EntryLines lines={e.lines} />,
                rowExpandable: (e) => e.lines.length > 0,
              }}
              pagination={{
                current: list.page + 1,
                pageSize: list.size,
                total: entries.data?.totalElements ?? 0,
                onChange: (next, size) => list.goToPage(next - 1, size),
              }}
            />
          )}
        </Flex>
      </Card>
    </>
  );
}

const lineColumns: TableColumnsType<EntryLine> = [
  {
    title: 'Cuenta',
    key: 'account',
    render: (_, l) => (
      <Link to={paths.app.accounting.ledger(l.accountId)}>
        <span style={{ fontFamily: 'monospace' }}>{l.displayCode}</span> {l.accountName}
      </Link>
    ),
  },
  { title: 'Concepto', key: 'description', render: (_, l) => l.description || '—' },
  {
    title: 'Debe',
    key: 'debit',
    align: 'right',
    render: (_, l) => (l.debitCents ? formatCents(l.debitCents) : ''),
  },
  {
    title: 'Haber',
    key: 'credit',
    align: 'right',
    render: (_, l) => (l.creditCents ? formatCents(l.creditCents) : ''),
  },
];

/** An entry's lines, Debe and Haber. */
export function EntryLines({ lines }: { lines: readonly EntryLine[] }) {
  return (
    <Table<EntryLine>
      aria-label="Líneas del asiento"
      size="small"
      rowKey="lineNumber"
      columns={lineColumns}
      dataSource={[...lines]}
      pagination={false}
    />
  );
}
