/**
 * 'Libros' of /app/tax/sii (spec part 2 §7 "SII submissions": by book and period): the records of one
 * book (FE, FR, BI, OI, RECC) for a year and a month ('0A' for the annual BI book), optionally of one
 * state, with their pending communication (A0 alta, A1 modificación, baja), deadline ('Urgente' at
 * one day or fewer, 'Vencido' once past), last AEAT error and conciliation. A row opens the record
 * (history, submissions, 'Reintentar'); 'Consultar en la AEAT' runs a ConsultaLR of the book and
 * period and shows what coincides and what does not.
 */
import { SII_BOOKS, SII_STATUSES, type SiiBook, type SiiStatus } from '@shared/schemas/sii';
import { LoadError } from '@web/components/load-states';
import { YearSelect } from '@web/components/year-select';
import { useCan } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { formatCents, formatDate, formatDateTime, formatInteger } from '@web/lib/format';
import { SII_BOOK_LABELS, SII_OPERATION_LABELS, SII_STATUS_LABELS } from '@web/lib/sii-labels';
import { spanishToday } from '@web/lib/spanish-today';
import { showToast } from '@web/lib/toast';
import { PAGE_SIZES } from '@web/lib/use-url-list-state';
import { Alert, Button, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { SII_BOOK_PAGE_SIZE, type SiiBookEntry, type SiiBookParams, useSiiBook } from '../api/get-sii-book';
import { type SiiBookQueryResult, useQuerySiiBook } from '../api/query-sii-book';
import {
  bookPeriodOptions,
  defaultBookPeriod,
  entryDeadline,
  listPeriod,
  monthName,
  periodForBook,
  queryPeriod,
  reconciliationView,
  SII_FIRST_YEAR,
} from '../utils/book-entries';
import { type EntryRef, SiiEntryDrawer } from './sii-entry-drawer';
import { SiiStatusTag, UrgentTag } from './status-tags';

interface BookFilters {
  book: SiiBook;
  year: number;
  /** '01'–'12', '0A' or WHOLE_YEAR. */
  period: string;
  status?: SiiStatus;
}

export function SiiBooksTab({ companyId }: { companyId: string }) {
  const today = spanishToday();
  const thisYear = Number(today.slice(0, 4));
  const [filters, setFilters] = useState<BookFilters>({
    book: 'FE',
    year: thisYear,
    period: defaultBookPeriod('FE', today),
  });
  const [page, setPage] = useState({ page: 0, size: SII_BOOK_PAGE_SIZE });
  const [opened, setOpened] = useState<EntryRef | null>(null);
  const [answer, setAnswer] = useState<SiiBookQueryResult | null>(null);
  const canQuery = useCan('sii.queryBook');
  const canRetry = useCan('sii.retryEntry');

  const params: SiiBookParams = {
    book: filters.book,
    year: filters.year,
    period: listPeriod(filters.period),
    status: filters.status,
    page: page.page,
    size: page.size,
  };
  const list = useSiiBook(params, companyId);
  const query = useQuerySiiBook(companyId);
  const asked = queryPeriod(filters.period);

  /** A new selection starts on the first page and forgets the last query's summary. */
  const change = (next: Partial<BookFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((current) => ({ ...current, page: 0 }));
    setAnswer(null);
  };

  const askAeat = () => {
    if (!asked) return;
    query.mutate(
      { book: filters.book, body: { year: filters.year, period: asked } },
      {
        onSuccess: (result) => setAnswer(result),
        onError: (e) => showToast('error', errorMessage(e)),
      },
    );
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" role="search" aria-label="Filtros del libro">
        <Select
          aria-label="Libro registro"
          style={{ minWidth: 260 }}
          value={filters.book}
          options={SII_BOOKS.map((b) => ({ value: b, label: `${b} · ${SII_BOOK_LABELS[b]}` }))}
          onChange={(book: SiiBook) => change({ book, period: periodForBook(book, filters.period, today) })}
          popupMatchSelectWidth={false}
        />
        <YearSelect
          thisYear={thisYear}
          value={filters.year}
          yearsBack={Math.max(0, thisYear - SII_FIRST_YEAR)}
          onChange={(year) => change({ year })}
        />
        <Select
          aria-label="Periodo del libro"
          style={{ minWidth: 150 }}
          value={filters.period}
          disabled={filters.book === 'BI'}
          options={bookPeriodOptions(filters.book)}
          onChange={(period: string) => change({ period })}
          popupMatchSelectWidth={false}
        />
        <Select
          allowClear
          aria-label="Estado SII"
          placeholder="Todos los estados"
          style={{ minWidth: 200 }}
          value={filters.status}
          options={SII_STATUSES.map((s) => ({ value: s, label: SII_STATUS_LABELS[s] }))}
          onChange={(status?: SiiStatus) => change({ status })}
          popupMatchSelectWidth={false}
        />
        {canQuery ? (
          <Tooltip title={asked ? undefined : 'Elige un mes: la AEAT se consulta periodo a periodo.'}>
            <Button loading={query.isPending} disabled={!asked} onClick={askAeat}>
              Consultar en la AEAT
            </Button>
          </Tooltip>
        ) : null}
      </Flex>

      {answer ? <QuerySummary result={answer} onClose={() => setAnswer(null)} /> : null}

      {list.isError && !list.data ? (
        <LoadError
          title="No se han podido cargar los registros del libro"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <BookEntriesTable
          entries={list.data?.content ?? []}
          loading={list.isFetching}
          pending={list.isPending}
          filtered={filters.status !== undefined}
          today={today}
          pagination={{
            current: page.page + 1,
            pageSize: page.size,
            total: list.data?.totalElements ?? 0,
          }}
          onPage={(next, size) => setPage({ page: size === page.size ? next : 0, size })}
          onOpen={setOpened}
        />
      )}

      <SiiEntryDrawer
        target={opened}
        companyId={companyId}
        canRetry={canRetry}
        onClose={() => setOpened(null)}
      />
    </Flex>
  );
}

function BookEntriesTable({
  entries,
  loading,
  pending,
  filtered,
  today,
  pagination,
  onPage,
  onOpen,
}: {
  entries: SiiBookEntry[];
  loading: boolean;
  pending: boolean;
  filtered: boolean;
  today: string;
  pagination: { current: number; pageSize: number; total: number };
  /** `next` is zero-based. */
  onPage: (next: number, size: number) => void;
  onOpen: (entry: EntryRef) => void;
}) {
  const open = (e: SiiBookEntry) =>
    onOpen({ book: e.book, documentId: e.documentId, documentNumber: e.documentNumber });
  return (
    <Table<SiiBookEntry>
      rowKey="entryId"
      size="small"
      loading={loading}
      dataSource={entries}
      scroll={{ x: 'max-content' }}
      onRow={(e) => ({ onClick: () => open(e), style: { cursor: 'pointer' } })}
      locale={{
        emptyText: pending
          ? ' '
          : filtered
            ? 'Ningún registro del libro coincide con los filtros.'
            : 'No hay registros en este libro y periodo.',
      }}
      pagination={{
        ...pagination,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        hideOnSinglePage: pagination.total <= PAGE_SIZES[0],
        showTotal: (total) => `${formatInteger(total)} ${total === 1 ? 'registro' : 'registros'}`,
      }}
      onChange={(p) => onPage((p.current ?? 1) - 1, p.pageSize ?? pagination.pageSize)}
      columns={[
        {
          title: 'Número',
          key: 'number',
          render: (_, e) => (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              aria-label={`Ver el registro ${e.documentNumber}`}
              onClick={(event) => {
                // The row opens it too: once is enough.
                event.stopPropagation();
                open(e);
              }}
            >
              {e.documentNumber}
            </Button>
          ),
        },
        {
          title: 'Contraparte',
          key: 'counterparty',
          render: (_, e) =>
            e.counterpartyName ? (
              <Flex vertical>
                <span>{e.counterpartyName}</span>
                {e.counterpartyTaxId ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {e.counterpartyTaxId}
                  </Typography.Text>
                ) : null}
              </Flex>
            ) : (
              '—'
            ),
        },
        { title: 'Fecha', dataIndex: 'issueDate', render: (v: string) => formatDate(v) },
        { title: 'Importe', dataIndex: 'totalCents', align: 'right', render: (v: number) => formatCents(v) },
        {
          title: 'Estado SII',
          key: 'status',
          render: (_, e) => <SiiStatusTag status={e.status} withErrors={e.acceptedWithErrors} />,
        },
        {
          title: 'Operación pendiente',
          key: 'operation',
          render: (_, e) => (e.pendingOperation ? SII_OPERATION_LABELS[e.pendingOperation] : '—'),
        },
        {
          title: 'Vencimiento',
          key: 'deadline',
          render: (_, e) => {
            const d = entryDeadline(e, today);
            return (
              <Flex gap={4} align="center" wrap>
                <span>{formatDate(e.deadline)}</span>
                {d?.urgent ? <UrgentTag /> : null}
                {d?.overdue ? <Tag color="red">Vencido</Tag> : null}
              </Flex>
            );
          },
        },
        {
          title: 'Último error',
          key: 'error',
          render: (_, e) =>
            e.lastError ? (
              <Typography.Text style={{ maxWidth: 280, display: 'inline-block' }}>
                {e.lastError.code}: {e.lastError.message}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
        {
          title: 'Conciliación',
          key: 'reconciliation',
          render: (_, e) => {
            const r = reconciliationView(e);
            return (
              <Tooltip
                title={
                  e.reconciliation && r.detail
                    ? `${r.detail} (${formatDateTime(e.reconciliation.checkedAt)})`
                    : undefined
                }
              >
                <Tag color={r.color}>{r.label}</Tag>
              </Tooltip>
            );
          },
        },
      ]}
    />
  );
}

/** The ConsultaLR's answer: counts, then what differs, record by record. */
function QuerySummary({ result, onClose }: { result: SiiBookQueryResult; onClose: () => void }) {
  const differences = [...result.mismatches, ...result.missing];
  const clean = differences.length === 0 && result.unknown.length === 0;
  const period = result.period === '0A' ? `${result.year}` : `${monthName(result.period)} de ${result.year}`;
  return (
    <Alert
      type={clean ? 'success' : 'warning'}
      showIcon
      closable={{ onClose, 'aria-label': 'Cerrar la consulta' }}
      role="status"
      aria-label="Resultado de la consulta a la AEAT"
      title={`Consulta a la AEAT · ${result.book} · ${period}`}
      description={
        <Flex vertical gap={4}>
          <span>
            Coinciden: {formatInteger(result.matches)} · No coinciden:{' '}
            {formatInteger(result.mismatches.length)} · No constan en la AEAT:{' '}
            {formatInteger(result.missing.length)}
            {result.unknown.length > 0
              ? ` · En la AEAT y no en Cuadra: ${formatInteger(result.unknown.length)}`
              : ''}
          </span>
          {differences.length > 0 ? (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {differences.map((d) => (
                <li key={d.entryId}>
                  {d.documentNumber}: {d.reason}
                </li>
              ))}
            </ul>
          ) : null}
          {result.unknown.length > 0 ? (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {result.unknown.map((u) => (
                <li key={`${u.issuerNif ?? ''}|${u.invoiceNumber}|${u.issueDate}`}>
                  {u.invoiceNumber} ({formatDate(u.issueDate)}): la AEAT lo tiene como «{u.aeatState}» y no
                  consta en Cuadra.
                </li>
              ))}
            </ul>
          ) : null}
          {result.complete ? null : (
            <span>La AEAT tenía más registros de los que se han leído: la comparación es parcial.</span>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Consultado el {formatDateTime(result.checkedAt)} · {formatInteger(result.aeatRecords)}{' '}
            {result.aeatRecords === 1 ? 'registro' : 'registros'} en la AEAT
          </Typography.Text>
        </Flex>
      }
    />
  );
}
