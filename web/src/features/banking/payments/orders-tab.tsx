/** 'Órdenes generadas': every SEPA file generated, newest first, downloadable again. */
import type { PaymentOrderSummary } from '@shared/schemas/sepa';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { formatCents, formatDate, formatDateTime } from '@web/lib/format';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { downloadPaymentOrderFile, usePaymentOrders } from '../api/payments';
import { formatIban, kindLabels, toastFailure } from './ui';

export function OrdersTab({ companyId }: { companyId: string }) {
  const orders = usePaymentOrders(companyId);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (order: PaymentOrderSummary) => {
    setDownloading(order.orderId);
    try {
      await downloadPaymentOrderFile(order, companyId);
    } catch (error) {
      toastFailure(error, 'Error descargando el fichero');
    } finally {
      setDownloading(null);
    }
  };

  if (orders.isPending) return <LoadingBlock label="Cargando órdenes" />;
  if (orders.isError)
    return (
      <LoadError
        title="Error obteniendo las órdenes"
        error={orders.error}
        onRetry={() => void orders.refetch()}
      />
    );
  if (orders.data.length === 0)
    return <EmptyState description="Aún no se ha generado ningún fichero SEPA." />;

  const columns: TableColumnsType<PaymentOrderSummary> = [
    { title: 'Generada', key: 'createdAt', render: (_, o) => formatDateTime(o.createdAt) },
    { title: 'Tipo', key: 'kind', render: (_, o) => kindLabels[o.kind] },
    { title: 'Orden', dataIndex: 'orderId', key: 'orderId' },
    { title: 'Cuenta', key: 'account', render: (_, o) => `${o.accountAlias} · ${formatIban(o.accountIban)}` },
    { title: 'Fecha', key: 'date', render: (_, o) => formatDate(o.executionDate) },
    { title: 'Pagos', dataIndex: 'itemCount', key: 'count', align: 'right' },
    { title: 'Total', key: 'total', align: 'right', render: (_, o) => formatCents(o.totalCents) },
    {
      title: '',
      key: 'file',
      render: (_, o) => (
        <Button size="small" loading={downloading === o.orderId} onClick={() => void download(o)}>
          Descargar XML
        </Button>
      ),
    },
  ];
  return (
    <Table<PaymentOrderSummary>
      rowKey="orderId"
      size="small"
      columns={columns}
      dataSource={orders.data}
      pagination={{ pageSize: 20 }}
    />
  );
}
