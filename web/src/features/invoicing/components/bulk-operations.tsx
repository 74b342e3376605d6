/**
 * /app/invoices/bulk-operations: the operations started in this session (and any in `?ids=`),
 * each polled every 2 s until COMPLETED, with its per-invoice errors and, for PDF downloads, the
 * ZIP; plus a lookup by operation id.
 */
import type { BulkOperation } from '@shared/schemas/bulk-operations';
import { PageHeader } from '@web/components/page-header';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { toastError } from '@web/lib/toast';
import { Alert, Button, Card, Empty, Flex, Input, Progress, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDownloadBulkOperation } from '../api/download-bulk-operation';
import { useBulkOperation } from '../api/get-bulk-operation';
import { rememberOperation, sessionOperations } from '../hooks/session-operations';
import { BULK_ACTION_LABELS, BULK_STATUS_LABELS } from '../utils/labels';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The ids to show: the URL's first, then this session's, without repeats. */
export function operationIds(urlIds: string | null, session: readonly string[]): string[] {
  const fromUrl = (urlIds ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => ID.test(s));
  return [...new Set([...fromUrl, ...session])];
}

export function BulkOperations() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [lookup, setLookup] = useState('');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const ids = useMemo(() => operationIds(searchParams.get('ids'), sessionOperations()), [searchParams]);

  return (
    <>
      <PageHeader
        title="Operaciones masivas"
        back={{ to: paths.app.invoicing.income, label: 'Facturas emitidas' }}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="flex-start">
          <Input.Search
            placeholder="Identificador de la operación"
            aria-label="Buscar operación por identificador"
            enterButton="Consultar"
            style={{ maxWidth: 420 }}
            value={lookup}
            onChange={(e) => setLookup(e.target.value)}
            onSearch={(value) => {
              const id = value.trim();
              if (!ID.test(id)) {
                setLookupError('El identificador no es válido.');
                return;
              }
              setLookupError(null);
              rememberOperation(id);
              const next = new URLSearchParams(searchParams);
              next.set('ids', [id, ...ids.filter((x) => x !== id)].join(','));
              setSearchParams(next);
              setLookup('');
            }}
          />
          {lookupError ? <Typography.Text type="danger">{lookupError}</Typography.Text> : null}
        </Flex>
      </Card>
      {ids.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No has iniciado operaciones masivas en esta sesión. Selecciona facturas en la lista de emitidas para empezar una."
        />
      ) : (
        <Flex vertical gap={16}>
          {ids.map((id) => (
            <OperationCard key={id} operationId={id} />
          ))}
        </Flex>
      )}
    </>
  );
}

function OperationCard({ operationId }: { operationId: string }) {
  const companyId = useCompanyId();
  const query = useBulkOperation(operationId, companyId);
  const download = useDownloadBulkOperation(companyId);
  const op: BulkOperation | undefined = query.data;
  if (query.isError) {
    return (
      <Card size="small" title={`Operación ${operationId}`}>
        <Alert
          type="error"
          showIcon
          title="No se ha podido consultar la operación"
          description={errorMessage(query.error)}
        />
      </Card>
    );
  }
  if (!op) return <Card size="small" loading title={`Operación ${operationId}`} />;
  const percent = op.total ? Math.round((op.processed / op.total) * 100) : 0;
  const done = op.status === 'COMPLETED';
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          <span>{BULK_ACTION_LABELS[op.operation] ?? op.operation}</span>
          <Tag color={done ? (op.failed ? 'orange' : 'green') : 'blue'}>
            {BULK_STATUS_LABELS[op.status] ?? op.status}
          </Tag>
        </Flex>
      }
      extra={<Typography.Text type="secondary">{formatDateTime(op.createdAt)}</Typography.Text>}
      aria-label={`Operación ${operationId}`}
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary" copyable={{ text: op.operationId }}>
          Id: {op.operationId}
        </Typography.Text>
        <Progress percent={percent} status={done ? (op.failed ? 'exception' : 'success') : 'active'} />
        <span>
          {op.processed} de {op.total} procesadas · {op.succeeded} correctas · {op.failed} con error
        </span>
        {done && op.operation === 'DOWNLOAD_PDFS' && op.succeeded > 0 ? (
          <Button
            type="primary"
            style={{ alignSelf: 'flex-start' }}
            loading={download.isPending}
            onClick={() => download.mutate(op.operationId, { onError: (e) => toastError(e) })}
          >
            Descargar ZIP con los PDF
          </Button>
        ) : null}
        {op.errors.length > 0 ? (
          <Table
            size="small"
            pagination={op.errors.length > 10 ? { pageSize: 10 } : false}
            rowKey={(e) => `${e.invoiceId}-${e.code}`}
            scroll={{ x: 'max-content' }}
            dataSource={op.errors}
            columns={[
              {
                title: 'Factura',
                dataIndex: 'invoiceId',
                render: (id: string) => <Link to={paths.app.invoicing.invoice(id, companyId)}>{id}</Link>,
              },
              { title: 'Código', dataIndex: 'code' },
              { title: 'Motivo', dataIndex: 'message' },
            ]}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
