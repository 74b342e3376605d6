/**
 * "Importar": the template, the upload (XLSX or CSV), the per-row validation report with the
 * column mapping, then the execution (drafts or confirmed, skipping invalid rows or not) and its
 * progress.
 */
import { type ImportBatchView, type ImportRowReport, importColumn } from '@shared/schemas/invoice-import';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { toastError } from '@web/lib/toast';
import { Alert, Button, Checkbox, Descriptions, Flex, Modal, Progress, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useExecuteImport } from '../api/execute-import';
import { useImportBatch } from '../api/get-import';
import { useDownloadImportTemplate } from '../api/get-import-template';
import { useUploadImport } from '../api/upload-import';

/** `Ref → Referencia · Otra → ignorada`: each column of the file and the template column it fills. */
export const mappingText = (mapping: ImportBatchView['mapping']): string =>
  mapping.map((m) => `${m.column} → ${m.field ? importColumn(m.field).header : 'ignorada'}`).join(' · ');

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const companyId = useCompanyId();
  const template = useDownloadImportTemplate(companyId);
  const upload = useUploadImport(companyId);
  const execute = useExecuteImport(companyId);
  const [batchId, setBatchId] = useState<string | null>(null);
  const batch = useImportBatch(batchId, companyId);
  const [confirm, setConfirm] = useState(false);
  const [skipInvalid, setSkipInvalid] = useState(true);
  const view = batch.data;
  const errorRows = (view?.report ?? []).filter((r) => !r.ok);
  const exec = view?.execution;

  const close = () => {
    setBatchId(null);
    upload.reset();
    execute.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Importar facturas emitidas"
      width={820}
      footer={null}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Typography.Text>Plantilla:</Typography.Text>
          <Button size="small" onClick={() => template.mutate('xlsx', { onError: (e) => toastError(e) })}>
            Excel (XLSX)
          </Button>
          <Button size="small" onClick={() => template.mutate('csv', { onError: (e) => toastError(e) })}>
            CSV
          </Button>
        </Flex>
        {view ? null : (
          <label>
            <Typography.Text>Archivo (.xlsx o .csv, hasta 5 MB): </Typography.Text>
            <input
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label="Archivo de facturas"
              disabled={upload.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file, { onSuccess: (b) => setBatchId(b.batchId) });
              }}
            />
          </label>
        )}
        {upload.isPending ? <Typography.Text>Leyendo y validando el archivo…</Typography.Text> : null}
        {upload.isError ? <Alert type="error" showIcon title={errorMessage(upload.error)} /> : null}
        {view ? (
          <>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'file', label: 'Archivo', children: view.fileName },
                {
                  key: 'rows',
                  label: 'Filas',
                  children: `${view.counts.validRows} válidas de ${view.counts.rows}`,
                },
                {
                  key: 'inv',
                  label: 'Facturas',
                  children: `${view.counts.validInvoices} válidas de ${view.counts.invoices}`,
                },
              ]}
            />
            <Typography.Text type="secondary" data-testid="import-mapping">
              Columnas: {mappingText(view.mapping)}
            </Typography.Text>
            {errorRows.length > 0 ? (
              <Table<ImportRowReport>
                size="small"
                rowKey="row"
                scroll={{ x: 'max-content' }}
                dataSource={errorRows}
                pagination={errorRows.length > 8 ? { pageSize: 8 } : false}
                columns={[
                  { title: 'Fila', dataIndex: 'row', width: 70 },
                  { title: 'Referencia', dataIndex: 'invoiceRef', width: 120 },
                  {
                    title: 'Problemas',
                    key: 'errors',
                    render: (_, r) => r.errors.map((e) => `${e.field}: ${e.message}`).join(' · '),
                  },
                ]}
              />
            ) : (
              <Alert type="success" showIcon title="Todas las filas son válidas." />
            )}
            {exec ? (
              <Flex vertical gap={8}>
                <Progress
                  percent={exec.toProcess ? Math.round((exec.processed / exec.toProcess) * 100) : 100}
                  status={view.status === 'COMPLETED' ? (exec.failed ? 'exception' : 'success') : 'active'}
                />
                <span>
                  {exec.created} creadas · {exec.failed} con error de {exec.toProcess}
                </span>
                {view.status === 'COMPLETED' ? (
                  <Link to={paths.app.invoicing.income} onClick={close}>
                    Ver las facturas
                  </Link>
                ) : null}
              </Flex>
            ) : (
              <Flex gap={12} wrap align="center">
                <Checkbox checked={confirm} onChange={(e) => setConfirm(e.target.checked)}>
                  Confirmar las facturas (numerarlas en la serie por defecto)
                </Checkbox>
                <Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)}>
                  Omitir las facturas con errores
                </Checkbox>
                <Button
                  type="primary"
                  loading={execute.isPending}
                  disabled={view.counts.validInvoices === 0 || (!skipInvalid && errorRows.length > 0)}
                  onClick={() => execute.mutate({ batchId: view.batchId, body: { confirm, skipInvalid } })}
                >
                  Importar {view.counts.validInvoices}{' '}
                  {view.counts.validInvoices === 1 ? 'factura' : 'facturas'}
                </Button>
              </Flex>
            )}
            {execute.isError ? <Alert type="error" showIcon title={errorMessage(execute.error)} /> : null}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
