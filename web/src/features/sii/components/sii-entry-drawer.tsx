/**
 * One record of one book (GET sii.getEntry): what was sent and what the AEAT answered, its state
 * history and the exchanges that carried it (each opens its submission with the archived XML). A
 * refused or failed record offers 'Reintentar' and, when the AEAT refused its content, 'Corregir'
 * (the retry dialog: the SiiEntry protocol, REJECTED/ERROR/PENDING_CORRECTION → QUEUED).
 */
import type { SiiBook, SiiEntry, SiiHistoryEntry, SiiSubmission } from '@shared/schemas/sii';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { errorMessage } from '@web/lib/api-error';
import { formatCents, formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { isSiiRetryable, SII_BOOK_LABELS, SII_OPERATION_LABELS } from '@web/lib/sii-labels';
import { spanishToday } from '@web/lib/spanish-today';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Descriptions, Drawer, Flex, Grid, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSiiEntry } from '../api/get-entry';
import { RETRY_STARTED, useRetrySiiEntry } from '../api/retry-entry';
import { entryDeadline, periodText, reconciliationView } from '../utils/book-entries';
import { daysLeftText, invoiceIdOf, siiDocumentPath } from '../utils/entries';
import { RetryDialog, type RetryTarget } from './retry-dialog';
import { BookTag, SiiStatusTag, SubmissionStatusTag, UrgentTag } from './status-tags';

export interface EntryRef {
  book: SiiBook;
  documentId: string;
  documentNumber: string;
}

/** The exchanges as the entry answers them: summaries, without the per-record answers. */
type SubmissionRow = Omit<SiiSubmission, 'records'>;

export function SiiEntryDrawer({
  target,
  companyId,
  canRetry,
  onClose,
}: {
  target: EntryRef | null;
  companyId: string;
  canRetry: boolean;
  onClose: () => void;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      title={target ? `Registro ${target.documentNumber} · ${target.book}` : 'Registro'}
      open={target !== null}
      onClose={onClose}
      size={screens.md === false ? '100%' : 720}
      destroyOnHidden
    >
      {target ? <EntryContent target={target} companyId={companyId} canRetry={canRetry} /> : null}
    </Drawer>
  );
}

function EntryContent({
  target,
  companyId,
  canRetry,
}: {
  target: EntryRef;
  companyId: string;
  canRetry: boolean;
}) {
  const query = useSiiEntry(target.book, target.documentId, companyId);
  if (query.isPending) return <LoadingBlock label="Cargando el registro" />;
  if (query.isError || !query.data)
    return (
      <LoadError
        title="No se ha podido cargar el registro"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const { entry, submissions } = query.data;
  return (
    <Flex vertical gap={16}>
      {canRetry && isSiiRetryable(entry.status) ? <RetryActions entry={entry} companyId={companyId} /> : null}
      {entry.lastError ? (
        <Alert
          type={entry.status === 'ACCEPTED' ? 'warning' : 'error'}
          showIcon
          title={`AEAT ${entry.lastError.code}: ${entry.lastError.message}`}
        />
      ) : null}
      <EntryFacts entry={entry} companyId={companyId} />
      <section aria-label="Historial del registro">
        <Typography.Title level={5}>Historial</Typography.Title>
        <HistoryTable history={entry.history} />
      </section>
      <section aria-label="Envíos del registro">
        <Typography.Title level={5}>Envíos</Typography.Title>
        <SubmissionsOfEntry submissions={submissions} />
      </section>
    </Flex>
  );
}

function RetryActions({ entry, companyId }: { entry: SiiEntry; companyId: string }) {
  const retry = useRetrySiiEntry(companyId);
  const [correcting, setCorrecting] = useState<RetryTarget | null>(null);
  const target: RetryTarget = {
    book: entry.book,
    documentId: entry.documentId,
    invoiceNumber: entry.documentNumber,
    errorMessage: entry.lastError?.message ?? null,
    errorCode: entry.lastError?.code ?? null,
  };
  const retryNow = () =>
    retry.mutate(
      { book: entry.book, documentId: entry.documentId, body: {} },
      {
        onSuccess: () => showToast('success', RETRY_STARTED),
        onError: (e) => showToast('error', errorMessage(e)),
      },
    );
  // What the AEAT refused (Incorrecto) can be corrected; a technical error is only sent again.
  const correctable = entry.status === 'REJECTED' || entry.status === 'PENDING_CORRECTION';
  return (
    <Flex gap={8} wrap>
      <Button type="primary" loading={retry.isPending} onClick={retryNow}>
        Reintentar
      </Button>
      {correctable ? <Button onClick={() => setCorrecting(target)}>Corregir y reintentar</Button> : null}
      {correcting ? (
        <RetryDialog target={correcting} companyId={companyId} onClose={() => setCorrecting(null)} />
      ) : null}
    </Flex>
  );
}

function EntryFacts({ entry, companyId }: { entry: SiiEntry; companyId: string }) {
  const deadline = entryDeadline(entry, spanishToday());
  const reconciliation = reconciliationView(entry);
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      items={[
        {
          key: 'book',
          label: 'Libro',
          children: (
            <span>
              <BookTag book={entry.book} /> {SII_BOOK_LABELS[entry.book]}
            </span>
          ),
        },
        {
          key: 'document',
          label: 'Documento',
          children: (
            <a
              href={siiDocumentPath(
                entry.book,
                entry.source?.invoiceId ?? invoiceIdOf(entry.documentId),
                companyId,
                entry.source?.type,
              )}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Abrir la factura ${entry.documentNumber} en una pestaña nueva`}
            >
              {entry.documentNumber}
            </a>
          ),
        },
        {
          key: 'counterparty',
          label: 'Contraparte',
          children: entry.counterpartyName
            ? `${entry.counterpartyName}${entry.counterpartyTaxId ? ` · ${entry.counterpartyTaxId}` : ''}`
            : '—',
        },
        { key: 'date', label: 'Fecha', children: formatDate(entry.issueDate) },
        { key: 'amount', label: 'Importe', children: formatCents(entry.totalCents) },
        { key: 'period', label: 'Periodo', children: periodText(entry.period) },
        {
          key: 'status',
          label: 'Estado SII',
          children: (
            <Flex gap={4} wrap>
              <SiiStatusTag status={entry.status} withErrors={entry.acceptedWithErrors} />
              {entry.held ? <Tag>Retenida hasta su aprobación</Tag> : null}
              {entry.withdrawn ? <Tag>Documento anulado</Tag> : null}
            </Flex>
          ),
        },
        {
          key: 'operation',
          label: 'Operación pendiente',
          children: entry.pendingOperation ? SII_OPERATION_LABELS[entry.pendingOperation] : '—',
        },
        {
          key: 'deadline',
          label: 'Vencimiento',
          children: (
            <Flex gap={4} align="center" wrap>
              <span>{formatDate(entry.deadline)}</span>
              {deadline ? <span>({daysLeftText(deadline.days)})</span> : null}
              {deadline?.urgent ? <UrgentTag /> : null}
              {deadline?.overdue ? <Tag color="red">Vencido</Tag> : null}
            </Flex>
          ),
        },
        { key: 'attempts', label: 'Intentos', children: entry.attempts },
        {
          key: 'lastSent',
          label: 'Último envío',
          children: entry.lastSentAt ? formatDateTime(entry.lastSentAt) : '—',
        },
        { key: 'csv', label: 'CSV', children: entry.csv ?? '—' },
        {
          key: 'reconciliation',
          label: 'Conciliación',
          children: (
            <Flex gap={4} align="center" wrap>
              <Tag color={reconciliation.color}>{reconciliation.label}</Tag>
              {entry.reconciliation ? (
                <Typography.Text type="secondary">
                  {reconciliation.detail} · {formatDateTime(entry.reconciliation.checkedAt)}
                </Typography.Text>
              ) : null}
            </Flex>
          ),
        },
      ]}
    />
  );
}

/** Newest first: the history is kept oldest first on the record. */
function HistoryTable({ history }: { history: SiiHistoryEntry[] }) {
  const rows = [...history].sort((a, b) => b.at.localeCompare(a.at)).map((h, i) => ({ ...h, key: i }));
  return (
    <Table<SiiHistoryEntry & { key: number }>
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'Sin movimientos registrados.' }}
      columns={[
        { title: 'Fecha', dataIndex: 'at', render: (v: string) => formatDateTime(v) },
        { title: 'Estado', key: 'status', render: (_, h) => <SiiStatusTag status={h.status} /> },
        {
          title: 'Operación',
          key: 'operation',
          render: (_, h) => (h.operation ? SII_OPERATION_LABELS[h.operation] : '—'),
        },
        {
          title: 'Respuesta',
          key: 'answer',
          render: (_, h) => (h.code || h.message ? [h.code, h.message].filter(Boolean).join(': ') : '—'),
        },
        {
          title: 'Envío',
          key: 'submission',
          render: (_, h) =>
            h.submissionId ? <Link to={paths.app.tax.siiSubmission(h.submissionId)}>Ver envío</Link> : '—',
        },
      ]}
    />
  );
}

function SubmissionsOfEntry({ submissions }: { submissions: SubmissionRow[] }) {
  return (
    <Table<SubmissionRow>
      rowKey="submissionId"
      size="small"
      pagination={false}
      dataSource={submissions}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'Aún no ha viajado en ningún envío.' }}
      columns={[
        {
          title: 'Enviado',
          key: 'sentAt',
          render: (_, s) => (
            <Link to={paths.app.tax.siiSubmission(s.submissionId)}>{formatDateTime(s.sentAt)}</Link>
          ),
        },
        {
          title: 'Operación',
          key: 'operation',
          render: (_, s) => SII_OPERATION_LABELS[s.operation] ?? s.operation,
        },
        { title: 'Estado', key: 'status', render: (_, s) => <SubmissionStatusTag status={s.status} /> },
        { title: 'Estado AEAT', dataIndex: 'aeatState', render: (v: string | null) => v ?? '—' },
        { title: 'CSV', dataIndex: 'csv', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}
