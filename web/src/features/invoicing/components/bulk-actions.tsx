import type { BulkOperationKind } from '@shared/schemas/bulk-operations';
import { PAYMENT_METHODS, type PaymentMethod } from '@shared/schemas/invoices';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Alert, Button, DatePicker, Flex, Form, Modal, Popconfirm, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCreateBulkOperation } from '../api/create-bulk-operation';
import { rememberOperation } from '../hooks/session-operations';
import { BULK_ACTION_LABELS, PAYMENT_METHOD_LABELS } from '../utils/labels';

/** The bulk actions over the selected invoices; each starts an asynchronous operation. */
export function BulkActions({ invoiceIds, onStarted }: { invoiceIds: string[]; onStarted: () => void }) {
  const companyId = useCompanyId();
  const create = useCreateBulkOperation(companyId);
  const [started, setStarted] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [payOpen, setPayOpen] = useState(false);
  const [payForm] = Form.useForm<{ paidAt: string; method: PaymentMethod }>();

  const start = (operation: BulkOperationKind, options?: { paidAt?: string; method?: PaymentMethod }) => {
    setError(null);
    create.mutate(
      { operation, invoiceIds, ...(options ? { options } : {}) },
      {
        onSuccess: (op) => {
          rememberOperation(op.operationId);
          setStarted(op.operationId);
          showToast(
            'info',
            `Operación «${BULK_ACTION_LABELS[operation]}» iniciada con ${invoiceIds.length} facturas.`,
          );
          onStarted();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const n = invoiceIds.length;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      {n > 0 ? (
        <Flex gap={8} wrap align="center" role="toolbar" aria-label="Acciones masivas">
          <Typography.Text strong>
            {n === 1 ? '1 factura seleccionada' : `${n} facturas seleccionadas`}
          </Typography.Text>
          <Button onClick={() => start('CONFIRM')} loading={create.isPending}>
            Confirmar
          </Button>
          <Button onClick={() => start('SEND_EMAIL')} loading={create.isPending}>
            Enviar por e-mail
          </Button>
          <Button onClick={() => setPayOpen(true)} loading={create.isPending}>
            Marcar como cobradas
          </Button>
          <Popconfirm
            title="¿Eliminar los borradores seleccionados?"
            description="Las facturas confirmadas de la selección no se tocan."
            okText="Eliminar"
            cancelText="No"
            okButtonProps={{ danger: true }}
            onConfirm={() => start('DELETE_DRAFTS')}
          >
            <Button danger loading={create.isPending}>
              Eliminar borradores
            </Button>
          </Popconfirm>
          <Button onClick={() => start('DOWNLOAD_PDFS')} loading={create.isPending}>
            Descargar PDFs
          </Button>
        </Flex>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} /> : null}
      {started ? (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setStarted(null)}
          title={
            <span>
              Operación en marcha.{' '}
              <Link to={`${paths.app.invoicing.bulkOperations}?ids=${encodeURIComponent(started)}`}>
                Ver el progreso
              </Link>
            </span>
          }
        />
      ) : null}
      <Modal
        open={payOpen}
        title="Marcar como cobradas"
        okText="Marcar como cobradas"
        cancelText="Cancelar"
        onCancel={() => setPayOpen(false)}
        destroyOnHidden
        onOk={async () => {
          const values = await payForm.validateFields().catch(() => null);
          if (!values) return;
          setPayOpen(false);
          start('MARK_PAID', { paidAt: values.paidAt, method: values.method });
        }}
      >
        <Typography.Paragraph>
          Se registra un cobro por lo pendiente de cada factura confirmada.
        </Typography.Paragraph>
        <Form
          form={payForm}
          layout="vertical"
          preserve={false}
          initialValues={{ paidAt: dayjs().format('YYYY-MM-DD'), method: 'TRANSFER' }}
        >
          <Form.Item
            name="paidAt"
            label="Fecha de cobro"
            rules={[{ required: true, message: 'Indica la fecha.' }]}
            getValueProps={(v?: string) => ({ value: v ? dayjs(v) : null })}
            normalize={(d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="method"
            label="Forma de pago"
            rules={[{ required: true, message: 'Elige la forma de pago.' }]}
          >
            <Select options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
