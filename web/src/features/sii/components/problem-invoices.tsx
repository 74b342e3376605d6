/**
 * The problem invoices (spec part 3 §9: 10, newest issue date first): each opens its invoice in a
 * new tab (spec part 3 "SII dashboard"), with 'Reintentar' (back to the queue as it is) and, for a
 * refused record, 'Corregir' (the retry dialog with corrections).
 */
import type { SiiProblemInvoice, SiiSourceType } from '@shared/schemas/sii';
import { errorMessage } from '@web/lib/api-error';
import { formatCents, formatDate } from '@web/lib/format';
import { isSiiRetryable } from '@web/lib/sii-labels';
import { showToast } from '@web/lib/toast';
import { Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { RETRY_STARTED, useRetrySiiEntry } from '../api/retry-entry';
import { daysLeftText, isUrgentDeadline, parseEntryId, siiDocumentPath } from '../utils/entries';
import { RetryDialog, type RetryTarget } from './retry-dialog';
import { BookTag, SiiStatusTag, UrgentTag } from './status-tags';

/** A problem as the API may enrich it: the source of its record tells issued from received. */
export type ProblemRow = SiiProblemInvoice & { sourceType?: SiiSourceType | null };

const retryTarget = (p: ProblemRow): RetryTarget | null => {
  const id = parseEntryId(p.entryId);
  return id ? { ...id, invoiceNumber: p.invoiceNumber, errorMessage: p.errorMessage, errorCode: null } : null;
};

/** Records a user corrects: the AEAT refused them (Incorrecto) or they wait for a correction. */
const correctable = (p: ProblemRow) => p.siiStatus === 'REJECTED' || p.siiStatus === 'PENDING_CORRECTION';

export function ProblemInvoices({
  problems,
  companyId,
  canRetry,
}: {
  problems: ProblemRow[];
  companyId: string;
  canRetry: boolean;
}) {
  const retry = useRetrySiiEntry(companyId);
  const [correcting, setCorrecting] = useState<RetryTarget | null>(null);

  const retryNow = (p: ProblemRow) => {
    const target = retryTarget(p);
    if (!target) return;
    retry.mutate(
      { book: target.book, documentId: target.documentId, body: {} },
      {
        onSuccess: () => showToast('success', RETRY_STARTED),
        onError: (e) => showToast('error', errorMessage(e)),
      },
    );
  };

  return (
    <>
      <Table<ProblemRow>
        rowKey="entryId"
        size="small"
        pagination={false}
        dataSource={problems}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No hay facturas con problemas.' }}
        columns={[
          {
            title: 'Factura',
            key: 'invoice',
            render: (_, p) => (
              <a
                href={siiDocumentPath(p.book, p.invoiceId, companyId, p.sourceType)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Abrir la factura ${p.invoiceNumber} en una pestaña nueva`}
              >
                {p.invoiceNumber}
              </a>
            ),
          },
          { title: 'Libro', key: 'book', render: (_, p) => <BookTag book={p.book} /> },
          { title: 'Contraparte', key: 'customer', render: (_, p) => p.customerName ?? '—' },
          { title: 'Fecha', dataIndex: 'issueDate', render: (v: string) => formatDate(v) },
          {
            title: 'Importe',
            dataIndex: 'totalAmount',
            align: 'right',
            render: (v: number) => formatCents(v),
          },
          {
            title: 'Plazo',
            key: 'deadline',
            render: (_, p) => (
              <Flex gap={4} align="center" wrap>
                <span>{daysLeftText(p.daysUntilDeadline)}</span>
                {isUrgentDeadline(p.daysUntilDeadline) ? <UrgentTag /> : null}
              </Flex>
            ),
          },
          { title: 'Estado', key: 'status', render: (_, p) => <SiiStatusTag status={p.siiStatus} /> },
          {
            title: 'Error',
            key: 'error',
            render: (_, p) =>
              p.errorMessage ? (
                <Typography.Text style={{ maxWidth: 320, display: 'inline-block' }}>
                  {p.errorMessage}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          ...(canRetry
            ? [
                {
                  title: 'Acciones',
                  key: 'actions',
                  render: (_: unknown, p: ProblemRow) =>
                    isSiiRetryable(p.siiStatus) ? (
                      <Flex gap={4} wrap>
                        <Button
                          size="small"
                          aria-label={`Reintentar ${p.invoiceNumber}`}
                          loading={
                            retry.isPending &&
                            retry.variables?.documentId === parseEntryId(p.entryId)?.documentId
                          }
                          onClick={() => retryNow(p)}
                        >
                          Reintentar
                        </Button>
                        {correctable(p) ? (
                          <Button
                            size="small"
                            aria-label={`Corregir ${p.invoiceNumber}`}
                            onClick={() => setCorrecting(retryTarget(p))}
                          >
                            Corregir
                          </Button>
                        ) : null}
                      </Flex>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {correcting ? (
        <RetryDialog target={correcting} companyId={companyId} onClose={() => setCorrecting(null)} />
      ) : null}
    </>
  );
}
