/**
 * The invoice's SII panel (issue 16): its records in each book (FE, and RECC for its collections
 * under the criterio de caja), their state, deadline (art. 69.Tres RIVA: four working days), CSV
 * and the AEAT's last refusal; 'Enviar al SII' for records still waiting (manual mode, or never
 * registered) and 'Reintentar' for a refused one ('Reintento iniciado'). Shown for invoices of SII
 * companies (they carry a siiStatus); nothing when the caller may not read it (403).
 */
import type { SiiEntry } from '@shared/schemas/sii';
import { useCanCall } from '@web/lib/access';
import { errorMessage, isApiError } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import {
  isSiiRetryable,
  SII_BOOK_LABELS,
  SII_OPERATION_LABELS,
  SII_STATUS_COLORS,
  SII_STATUS_LABELS,
} from '@web/lib/sii-labels';
import { spanishToday } from '@web/lib/spanish-today';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { useInvoiceSiiStatus, useRetryInvoiceSiiEntry, useSubmitInvoiceToSii } from '../api/get-sii-status';

/** Days from today (in Spain) to the record's deadline. */
export const daysToDeadline = (deadline: string, today = spanishToday()): number =>
  dayjs(deadline).diff(dayjs(today), 'day');

const statusTag = (e: SiiEntry) =>
  e.status === 'ACCEPTED' && e.acceptedWithErrors ? (
    <Tag color={SII_STATUS_COLORS.PARTIALLY_SENT}>{SII_STATUS_LABELS.PARTIALLY_SENT}</Tag>
  ) : (
    <Tag color={SII_STATUS_COLORS[e.status]}>{SII_STATUS_LABELS[e.status] ?? e.status}</Tag>
  );

export function SiiPanel({ invoiceId }: { invoiceId: string }) {
  const companyId = useCompanyId();
  const status = useInvoiceSiiStatus(invoiceId, companyId);
  const submit = useSubmitInvoiceToSii(invoiceId, companyId);
  const retry = useRetryInvoiceSiiEntry(invoiceId, companyId);
  const can = useCanCall();

  if (status.isPending) return null;
  if (status.isError) {
    if (isApiError(status.error) && (status.error.status === 403 || status.error.status === 404)) return null;
    return (
      <Card title="SII" size="small" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">No se ha podido cargar el estado SII.</Typography.Text>{' '}
        <Button size="small" onClick={() => void status.refetch()}>
          Reintentar
        </Button>
      </Card>
    );
  }
  const entries = status.data;
  const waiting = entries.length === 0 || entries.some((e) => e.status === 'NOT_SENT' && !e.withdrawn);
  const lastError = entries.find((e) => e.lastError && e.status !== 'ACCEPTED')?.lastError ?? null;

  const send = () =>
    submit.mutate(undefined, {
      onSuccess: () => showToast('success', 'Factura puesta en cola de envío al SII.'),
      onError: (e) => showToast('error', errorMessage(e)),
    });

  return (
    <Card
      title="SII"
      size="small"
      style={{ marginBottom: 16 }}
      aria-label="SII"
      extra={<Link to={paths.app.tax.sii}>Ver el SII</Link>}
    >
      <Flex vertical gap={12}>
        {lastError ? (
          <Alert
            type="error"
            showIcon
            title={`Respuesta de la AEAT (código ${lastError.code})`}
            description={lastError.message}
          />
        ) : null}
        <Table<SiiEntry>
          rowKey="entryId"
          size="small"
          pagination={false}
          dataSource={entries}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'La factura aún no tiene registros en el SII.' }}
          columns={[
            {
              title: 'Libro',
              key: 'book',
              render: (_, e) => <span title={SII_BOOK_LABELS[e.book]}>{e.book}</span>,
            },
            {
              title: 'Operación',
              key: 'operation',
              render: (_, e) => {
                const op = e.pendingOperation ?? e.sentOperation;
                return op ? SII_OPERATION_LABELS[op] : '—';
              },
            },
            { title: 'Estado', key: 'status', render: (_, e) => statusTag(e) },
            {
              title: 'Plazo',
              key: 'deadline',
              render: (_, e) => {
                const days = daysToDeadline(e.deadline);
                return (
                  <Flex gap={4} align="center" wrap>
                    <span>{formatDate(e.deadline)}</span>
                    {e.status !== 'ACCEPTED' && !e.withdrawn && days <= 1 ? (
                      <Tag color="red">Urgente</Tag>
                    ) : null}
                  </Flex>
                );
              },
            },
            { title: 'CSV', key: 'csv', render: (_, e) => e.csv ?? '—' },
            {
              title: 'Último error',
              key: 'error',
              render: (_, e) => (e.lastError ? `${e.lastError.code}: ${e.lastError.message}` : '—'),
            },
            ...(can('sii.retryEntry')
              ? [
                  {
                    title: 'Acciones',
                    key: 'actions',
                    render: (_: unknown, e: SiiEntry) =>
                      isSiiRetryable(e.status) ? (
                        <Button
                          size="small"
                          loading={retry.isPending && retry.variables?.documentId === e.documentId}
                          onClick={() =>
                            retry.mutate(
                              { book: e.book, documentId: e.documentId },
                              {
                                onSuccess: () => showToast('success', 'Reintento iniciado'),
                                onError: (err) => showToast('error', errorMessage(err)),
                              },
                            )
                          }
                        >
                          Reintentar
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
        {waiting && can('sii.submitInvoice') ? (
          <div>
            <Button type="primary" loading={submit.isPending} onClick={send}>
              Enviar al SII
            </Button>
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
