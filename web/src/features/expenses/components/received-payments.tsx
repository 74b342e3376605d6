/**
 * The payments of a received invoice (issue 16): what was paid and what is pending, the list (a
 * deleted payment stays, struck through, with its reason), the form to register one (amount in
 * euros typed es-ES → céntimos exactly; the account or means, at most 34 characters, is what the
 * SII's RECC pagos carry as Cuenta_O_Medio) and the deletion with an optional reason. The API's
 * refusals are shown as it words them.
 */
import {
  RECEIVED_PAYMENT_METHODS,
  type ReceivedInvoice,
  type ReceivedInvoicePayment,
  type ReceivedPaymentMethod,
} from '@shared/schemas/received-invoices';
import { useCan } from '@web/lib/access';
import { errorMessage, isApiError } from '@web/lib/api-error';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { centsToInput, parseEurosToCents } from '@web/lib/money-input';
import { showToast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Table,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  useAddReceivedPayment,
  useDeleteReceivedPayment,
  useReceivedPayments,
} from '../api/received-payments';
import { PAYMENT_METHOD_LABELS } from '../utils/received-invoice-form-values';

interface Values {
  amount: string;
  paidAt: string;
  method: ReceivedPaymentMethod;
  account?: string;
  reference?: string;
}

const PAYMENT_FIELDS: Record<string, keyof Values> = {
  amountCents: 'amount',
  paidAt: 'paidAt',
  method: 'method',
  account: 'account',
  reference: 'reference',
};

const isActive = (p: ReceivedInvoicePayment) => (p.status ?? 'ACTIVE') === 'ACTIVE';

export function ReceivedPayments({ companyId, invoice }: { companyId: string; invoice: ReceivedInvoice }) {
  const receivedInvoiceId = invoice.receivedInvoiceId;
  const payments = useReceivedPayments(companyId, receivedInvoiceId);
  const add = useAddReceivedPayment(companyId, receivedInvoiceId);
  const remove = useDeleteReceivedPayment(companyId, receivedInvoiceId);
  const canAdd = useCan('receivedInvoices.addPayment');
  const canDelete = useCan('receivedInvoices.deletePayment');
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ReceivedInvoicePayment | null>(null);
  const [reason, setReason] = useState('');

  const totalCents = invoice.totals.totalCents;
  const paidCents =
    invoice.paidCents ?? (payments.data ?? []).filter(isActive).reduce((sum, p) => sum + p.amountCents, 0);
  const pendingCents = Math.max(0, totalCents - paidCents);

  const onFinish = (values: Values) => {
    setError(null);
    const amountCents = parseEurosToCents(values.amount);
    if (amountCents === null) return;
    add.mutate(
      {
        amountCents,
        paidAt: values.paidAt,
        method: values.method,
        ...(values.account?.trim() ? { account: values.account.trim() } : {}),
        ...(values.reference?.trim() ? { reference: values.reference.trim() } : {}),
      },
      {
        onSuccess: () => {
          showToast('success', 'Pago registrado.');
          form.resetFields();
        },
        onError: (e) => {
          setError(errorMessage(e));
          const field = isApiError(e) && e.field ? PAYMENT_FIELDS[e.field] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorMessage(e)] }]);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { paymentId: deleting.paymentId, reason },
      {
        onSuccess: () => {
          showToast('success', 'Pago eliminado.');
          setDeleting(null);
          setReason('');
        },
        onError: (e) => showToast('error', errorMessage(e)),
      },
    );
  };

  return (
    <Card title="Pagos" size="small" style={{ marginBottom: 16 }} aria-label="Pagos">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'total', label: 'Total factura', children: formatCents(totalCents) },
          {
            key: 'paid',
            label: 'Pagado',
            children: <span data-testid="paid-amount">{formatCents(paidCents)}</span>,
          },
          {
            key: 'pending',
            label: 'Pendiente',
            children: <span data-testid="pending-amount">{formatCents(pendingCents)}</span>,
          },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          {payments.isError ? (
            <Alert
              type="error"
              showIcon
              title="No se han podido cargar los pagos"
              description={errorMessage(payments.error)}
              action={
                <Button size="small" onClick={() => void payments.refetch()}>
                  Reintentar
                </Button>
              }
            />
          ) : (
            <Table<ReceivedInvoicePayment>
              size="small"
              loading={payments.isLoading}
              pagination={false}
              rowKey="paymentId"
              scroll={{ x: 'max-content' }}
              dataSource={payments.data ?? []}
              locale={{ emptyText: 'Sin pagos registrados.' }}
              columns={[
                { title: 'Fecha', dataIndex: 'paidAt', render: (v: string) => formatDate(v) },
                {
                  title: 'Importe',
                  dataIndex: 'amountCents',
                  align: 'right',
                  render: (v: number, p) =>
                    isActive(p) ? (
                      formatCents(v)
                    ) : (
                      <Flex gap={4} justify="flex-end" title={p.deleteReason ?? undefined}>
                        <s>{formatCents(v)}</s>
                        <Tag>Eliminado</Tag>
                      </Flex>
                    ),
                },
                {
                  title: 'Forma de pago',
                  dataIndex: 'method',
                  render: (m: ReceivedPaymentMethod) => PAYMENT_METHOD_LABELS[m] ?? m,
                },
                { title: 'Cuenta o medio', dataIndex: 'account', render: (v: string | null) => v || '—' },
                { title: 'Referencia', dataIndex: 'reference', render: (v: string | null) => v || '—' },
                ...(canDelete
                  ? [
                      {
                        title: 'Acciones',
                        key: 'actions',
                        render: (_: unknown, p: ReceivedInvoicePayment) =>
                          isActive(p) ? (
                            <Button
                              size="small"
                              danger
                              aria-label={`Eliminar el pago del ${formatDate(p.paidAt)}`}
                              onClick={() => setDeleting(p)}
                            >
                              Eliminar
                            </Button>
                          ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Col>
        <Col xs={24} lg={10}>
          {!canAdd ? null : pendingCents <= 0 ? (
            <Alert type="success" showIcon title="La factura está pagada por completo." />
          ) : (
            <Form<Values>
              form={form}
              layout="vertical"
              aria-label="Registrar pago"
              initialValues={{
                amount: centsToInput(pendingCents),
                paidAt: dayjs().format('YYYY-MM-DD'),
                method: invoice.paymentMethod ?? 'TRANSFER',
              }}
              onFinish={onFinish}
            >
              {error ? (
                <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />
              ) : null}
              <Form.Item
                name="amount"
                label="Importe"
                rules={[
                  { required: true, message: 'Indica el importe.' },
                  {
                    validator: (_, v?: string) => {
                      const cents = parseEurosToCents(v ?? '');
                      if (cents === null || cents <= 0)
                        return Promise.reject(
                          new Error('Un importe positivo con como máximo 2 decimales (1.234,56).'),
                        );
                      if (cents > pendingCents)
                        return Promise.reject(
                          new Error(`No puede superar lo pendiente (${formatCents(pendingCents)}).`),
                        );
                      return Promise.resolve();
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" suffix="€" aria-label="Importe del pago" />
              </Form.Item>
              <Form.Item
                name="paidAt"
                label="Fecha de pago"
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
                <Select
                  options={RECEIVED_PAYMENT_METHODS.map((m) => ({
                    value: m,
                    label: PAYMENT_METHOD_LABELS[m],
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="account"
                label="Cuenta o medio de pago"
                extra="IBAN o medio usado; el SII lo recoge en los pagos del criterio de caja."
                rules={[{ max: 34, message: 'Como máximo 34 caracteres.' }]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name="reference"
                label="Referencia"
                rules={[{ max: 200, message: 'Como máximo 200 caracteres.' }]}
              >
                <Input />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={add.isPending}>
                Registrar pago
              </Button>
            </Form>
          )}
        </Col>
      </Row>
      <Modal
        title="Eliminar pago"
        open={deleting !== null}
        okText="Eliminar"
        cancelText="Cancelar"
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onCancel={() => setDeleting(null)}
        onOk={confirmDelete}
      >
        <p>
          {deleting
            ? `Se eliminará el pago de ${formatCents(deleting.amountCents)} del ${formatDate(deleting.paidAt)}; quedará en la lista como eliminado.`
            : null}
        </p>
        <Input.TextArea
          aria-label="Motivo de la eliminación"
          placeholder="Motivo (opcional)"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}
