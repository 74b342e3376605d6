import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { InvoiceWithPayments, PaymentStatus } from '@shared/schemas/invoices';
import { EmptyState, LoadError } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { errorMessage } from '@web/lib/api-error';
import { formatCents, formatDate } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { Button, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';
import { MY_INVOICES_PAGE_SIZE, useMyInvoices } from '../api/get-my-invoices';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus | 'CANCELLED', string> = {
  PENDING: 'Pendiente de cobro',
  PARTIAL: 'Cobrada en parte',
  PAID: 'Cobrada',
  OVERDUE: 'Vencida',
  CANCELLED: 'Anulada',
};
const PAYMENT_STATUS_COLORS: Record<PaymentStatus | 'CANCELLED', string> = {
  PENDING: 'processing',
  PARTIAL: 'gold',
  PAID: 'success',
  OVERDUE: 'error',
  CANCELLED: 'default',
};

const numberOf = (invoice: InvoiceWithPayments) => invoice.invoiceNumber ?? invoice.invoiceId;

/**
 * /app/my-invoices (client portal): the selected company's issued invoices, read-only, each with
 * its PDF. A client reads what its company issued; writing invoices is the company's staff's work.
 */
export function MyInvoices({ companyId, companyName }: { companyId: string; companyName: string }) {
  const [page, setPage] = useState(0);
  const invoices = useMyInvoices(companyId, page);
  const pdf = useDownloadInvoicePdf(companyId);

  const download = (invoice: InvoiceWithPayments) =>
    pdf.mutate(
      { invoiceId: invoice.invoiceId, name: numberOf(invoice) },
      { onError: (error) => toast.error(errorMessage(error), { title: 'No se ha podido descargar el PDF' }) },
    );

  const columns: TableColumnsType<InvoiceWithPayments> = [
    { title: 'Número', key: 'number', render: (_, invoice) => <strong>{numberOf(invoice)}</strong> },
    { title: 'Fecha', key: 'date', render: (_, invoice) => formatDate(invoice.invoiceDate) },
    { title: 'Cliente', key: 'customer', render: (_, invoice) => invoice.customer?.name ?? '—' },
    {
      title: 'Total',
      key: 'total',
      align: 'right',
      render: (_, invoice) => formatCents(invoice.totals.totalCents),
    },
    {
      title: 'Vencimiento',
      key: 'due',
      render: (_, invoice) => (invoice.dueDate ? formatDate(invoice.dueDate) : '—'),
    },
    {
      title: 'Cobro',
      key: 'payment',
      render: (_, invoice) => {
        const status = invoice.status === 'CANCELLED' ? 'CANCELLED' : invoice.paymentStatus;
        return status ? (
          <Tag color={PAYMENT_STATUS_COLORS[status]}>{PAYMENT_STATUS_LABELS[status]}</Tag>
        ) : (
          '—'
        );
      },
    },
    {
      title: 'PDF',
      key: 'pdf',
      render: (_, invoice) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          aria-label={`Descargar el PDF de ${numberOf(invoice)}`}
          loading={pdf.isPending && pdf.variables?.invoiceId === invoice.invoiceId}
          onClick={() => download(invoice)}
        >
          PDF
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Mis facturas" meta={`Facturas emitidas por ${companyName}`} />
      {invoices.isError ? (
        <LoadError
          title="No se han podido cargar las facturas"
          error={invoices.error}
          onRetry={() => void invoices.refetch()}
        />
      ) : invoices.data && invoices.data.totalElements === 0 ? (
        <EmptyState description="Tu empresa aún no ha emitido ninguna factura." />
      ) : (
        <Table<InvoiceWithPayments>
          rowKey="invoiceId"
          columns={columns}
          dataSource={invoices.data?.content ?? []}
          loading={invoices.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page + 1,
            pageSize: MY_INVOICES_PAGE_SIZE,
            total: invoices.data?.totalElements ?? 0,
            showSizeChanger: false,
            onChange: (next) => setPage(next - 1),
          }}
        />
      )}
    </>
  );
}
