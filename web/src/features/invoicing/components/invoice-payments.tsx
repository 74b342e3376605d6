/**
 * The payments of an issued invoice: what was collected and what is pending, the list, and the
 * form to register one (amount in euros typed es-ES → céntimos exactly). The API's refusals (the
 * cash limit of Ley 11/2021, more than pending) are shown as it words them.
 */
import { type InvoicePayment, PAYMENT_METHODS, type PaymentMethod } from '@shared/schemas/invoices';
import { CompanyFromUrlGate } from '@web/components/company-from-url-gate';
import { LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { errorMessage, isApiError } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents, formatDate } from '@web/lib/format';
import { centsToInput, parseEurosToCents } from '@web/lib/money-input';
import { paths } from '@web/lib/paths';
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
  Row,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAddPayment } from '../api/add-payment';
import { useInvoice } from '../api/get-invoice';
import { usePayments } from '../api/get-payments';
import { PAYMENT_METHOD_LABELS } from '../utils/labels';
import { invoiceTitle } from './invoice-detail';
import { InvoiceLoadError } from './invoice-load-error';
import { auditLine, PaymentCorrectionDialog } from './payment-correction-dialog';
import { PaymentStatusTag, paymentStatusOf } from './status-tags';

interface Values {
  amount: string;
  paidAt: string;
  method: PaymentMethod;
  reference?: string;
}

const PAYMENT_FIELDS: Record<string, keyof Values> = {
  amountCents: 'amount',
  paidAt: 'paidAt',
  method: 'method',
  paymentMethod: 'method',
  reference: 'reference',
};

/** A link naming the invoice's company (`?company=`) selects that company first. */
export function InvoicePayments({ invoiceId }: { invoiceId: string }) {
  return (
    <CompanyFromUrlGate refusedTitle="Esta factura es de una empresa a la que no tienes acceso.">
      <InvoicePaymentsContent invoiceId={invoiceId} />
    </CompanyFromUrlGate>
  );
}

function InvoicePaymentsContent({ invoiceId }: { invoiceId: string }) {
  const companyId = useCompanyId();
  const invoice = useInvoice(invoiceId, companyId);
  const payments = usePayments(invoiceId, companyId);
  const add = useAddPayment(companyId, invoiceId);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<{ payment: InvoicePayment; mode: 'edit' | 'delete' } | null>(
    null,
  );
  const canCorrect = useCan('invoices.updatePayment');
  const canDelete = useCan('invoices.deletePayment');
  const canAdd = useCan('invoices.addPayment');

  if (invoice.isLoading) return <LoadingBlock label="Cargando la factura" />;
  if (invoice.isError || !invoice.data)
    return <InvoiceLoadError error={invoice.error} onRetry={() => invoice.refetch()} />;
  const inv = invoice.data;
  const totalCents = inv.totals.totalCents;
  const paidCents = inv.paidCents ?? 0;
  // The server's outstanding amount also subtracts the credit notes applied to the invoice.
  const pendingCents = inv.outstandingCents ?? Math.max(0, totalCents - paidCents);
  const substituted = Boolean(inv.substitutedBy);
  const status = substituted ? null : paymentStatusOf(inv);
  const canPay = inv.status === 'CONFIRMED' && !substituted && pendingCents > 0;
  const active = (p: InvoicePayment) => (p.status ?? 'ACTIVE') === 'ACTIVE';

  return (
    <>
      <PageHeader
        title={`Cobros · ${invoiceTitle(inv)}`}
        back={{ to: paths.app.invoicing.invoice(invoiceId), label: 'Volver a la factura' }}
        meta={status ? <PaymentStatusTag status={status} /> : null}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'total', label: 'Total factura', children: formatCents(totalCents) },
            {
              key: 'paid',
              label: 'Cobrado',
              children: <span data-testid="paid-amount">{formatCents(paidCents)}</span>,
            },
            {
              key: 'pending',
              label: 'Pendiente',
              children: <span data-testid="pending-amount">{formatCents(pendingCents)}</span>,
            },
          ]}
        />
      </Card>

      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title="Cobros registrados" size="small" style={{ marginBottom: 16 }}>
            {payments.isError ? (
              <Alert
                type="error"
                showIcon
                title="No se han podido cargar los cobros"
                description={errorMessage(payments.error)}
              />
            ) : (
              <Table<InvoicePayment>
                size="small"
                loading={payments.isLoading}
                pagination={false}
                rowKey="paymentId"
                scroll={{ x: 'max-content' }}
                dataSource={payments.data ?? []}
                locale={{ emptyText: 'Sin cobros registrados.' }}
                expandable={{
                  rowExpandable: (p) => Boolean(p.history?.length || p.movedFrom),
                  expandedRowRender: (p) => (
                    <Flex vertical gap={2} aria-label="Registro del cobro">
                      {p.movedFrom ? (
                        <Typography.Text type="secondary">
                          Traspasado desde la factura sustituida {p.movedFrom.invoiceNumber}
                        </Typography.Text>
                      ) : null}
                      {(p.history ?? []).map((h) => (
                        <Typography.Text key={`${h.at}-${h.action}`} type="secondary">
                          {auditLine(h)}
                        </Typography.Text>
                      ))}
                    </Flex>
                  ),
                }}
                columns={[
                  { title: 'Fecha', dataIndex: 'paidAt', render: (v: string) => formatDate(v) },
                  {
                    title: 'Importe',
                    dataIndex: 'amountCents',
                    align: 'right',
                    render: (v: number, p) =>
                      active(p) ? (
                        formatCents(v)
                      ) : (
                        <Flex gap={4} justify="flex-end">
                          <Typography.Text delete>{formatCents(v)}</Typography.Text>
                          <Tag>Eliminado</Tag>
                        </Flex>
                      ),
                  },
                  {
                    title: 'Forma de pago',
                    dataIndex: 'method',
                    render: (m: PaymentMethod) => PAYMENT_METHOD_LABELS[m] ?? m,
                  },
                  { title: 'Referencia', dataIndex: 'reference', render: (v: string | null) => v || '—' },
                  {
                    title: 'Acciones',
                    key: 'actions',
                    render: (_, p) =>
                      active(p) && inv.status === 'CONFIRMED' && !substituted ? (
                        <Flex gap={4} wrap>
                          {canCorrect ? (
                            <Button
                              size="small"
                              onClick={() => setCorrecting({ payment: p, mode: 'edit' })}
                              aria-label={`Corregir el cobro del ${formatDate(p.paidAt)}`}
                            >
                              Corregir
                            </Button>
                          ) : null}
                          {canDelete ? (
                            <Button
                              size="small"
                              danger
                              onClick={() => setCorrecting({ payment: p, mode: 'delete' })}
                              aria-label={`Eliminar el cobro del ${formatDate(p.paidAt)}`}
                            >
                              Eliminar
                            </Button>
                          ) : null}
                        </Flex>
                      ) : null,
                  },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Registrar cobro" size="small">
            {substituted ? (
              <Alert
                type="info"
                showIcon
                title={`Factura sustituida por ${inv.substitutedByNumber ?? 'una rectificativa'}: sus cobros se registran en la sustituta.`}
              />
            ) : !canAdd ? (
              <Alert type="info" showIcon title="No tienes permiso para registrar cobros." />
            ) : inv.status !== 'CONFIRMED' ? (
              <Alert
                type="info"
                showIcon
                title={
                  inv.status === 'DRAFT'
                    ? 'Confirma la factura antes de registrar cobros.'
                    : 'Una factura anulada no admite cobros.'
                }
              />
            ) : !canPay ? (
              <Alert type="success" showIcon title="La factura está cobrada por completo." />
            ) : (
              <Form<Values>
                form={form}
                layout="vertical"
                initialValues={{
                  amount: centsToInput(pendingCents),
                  paidAt: dayjs().format('YYYY-MM-DD'),
                  method: inv.paymentMethod ?? 'TRANSFER',
                }}
                onFinish={(values) => {
                  setError(null);
                  const amountCents = parseEurosToCents(values.amount);
                  if (amountCents === null) return;
                  add.mutate(
                    {
                      amountCents,
                      paidAt: values.paidAt,
                      method: values.method,
                      ...(values.reference?.trim() ? { reference: values.reference.trim() } : {}),
                    },
                    {
                      onSuccess: () => {
                        showToast('success', 'Cobro registrado.');
                        form.resetFields();
                      },
                      onError: (e) => {
                        setError(errorMessage(e));
                        const field = isApiError(e) && e.field ? PAYMENT_FIELDS[e.field] : undefined;
                        if (field) form.setFields([{ name: field, errors: [errorMessage(e)] }]);
                      },
                    },
                  );
                }}
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
                  <Input inputMode="decimal" suffix="€" aria-label="Importe del cobro" />
                </Form.Item>
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
                  <Select
                    options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                  />
                </Form.Item>
                <Form.Item
                  name="reference"
                  label="Referencia"
                  rules={[{ max: 200, message: 'Como máximo 200 caracteres.' }]}
                >
                  <Input />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={add.isPending}>
                  Registrar cobro
                </Button>
              </Form>
            )}
          </Card>
        </Col>
      </Row>
      {correcting ? (
        <PaymentCorrectionDialog
          invoiceId={invoiceId}
          payment={correcting.payment}
          mode={correcting.mode}
          onClose={() => setCorrecting(null)}
        />
      ) : null}
    </>
  );
}
