/** The invoices of one customer (newest first), each linking to its detail. */
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Alert, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useCustomerInvoices } from '../api/customers';

const STATUS: Record<string, string> = { DRAFT: 'Borrador', CONFIRMED: 'Confirmada', CANCELLED: 'Anulada' };

export function CustomerInvoices({
  companyId,
  customerId,
}: {
  companyId: string | null;
  customerId: string;
}) {
  const invoices = useCustomerInvoices(companyId, customerId);
  if (invoices.isError)
    return <Alert type="error" showIcon title="No se han podido cargar las facturas del cliente." />;
  return (
    <Table<InvoiceWithPayments>
      size="small"
      rowKey="invoiceId"
      loading={invoices.isLoading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={invoices.data?.content ?? []}
      locale={{ emptyText: 'Este cliente no tiene facturas.' }}
      aria-label="Facturas del cliente"
      columns={[
        {
          title: 'Número',
          key: 'number',
          render: (_, i) => (
            <Link to={paths.app.invoicing.invoice(i.invoiceId)}>{i.invoiceNumber ?? 'Borrador'}</Link>
          ),
        },
        { title: 'Fecha', dataIndex: 'invoiceDate', render: (v: string) => formatDate(v) },
        {
          title: 'Total',
          key: 'total',
          align: 'right',
          render: (_, i) => formatCents(i.totals.totalCents),
        },
        {
          title: 'Estado',
          key: 'status',
          render: (_, i) => <Tag>{i.substitutedBy ? 'Sustituida' : (STATUS[i.status] ?? i.status)}</Tag>,
        },
      ]}
    />
  );
}
