/**
 * "Aplicar a otra factura": the credit a credit note (a rectificativa by differences with a
 * negative total) has not used yet lowers what the same customer owes on another open invoice.
 */
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDate } from '@web/lib/format';
import { parseEurosToCents } from '@web/lib/money-input';
import { showToast } from '@web/lib/toast';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useApplyCredit } from '../api/apply-credit';
import { useInvoices } from '../api/get-invoices';
import { RefusalAlert } from './refusal-alert';

/** What the customer still owes on an invoice, as far as the list says. */
const owed = (i: InvoiceWithPayments & { outstandingCents?: number }) =>
  i.outstandingCents ?? Math.max(0, i.totals.totalCents - (i.paidCents ?? 0) - (i.creditedCents ?? 0));

interface Values {
  targetInvoiceId: string;
  amount?: string;
}

export function ApplyCreditDialog({
  creditNote,
  unappliedCents,
  onClose,
}: {
  creditNote: InvoiceWithPayments;
  unappliedCents: number;
  onClose: () => void;
}) {
  const companyId = useCompanyId();
  const [form] = Form.useForm<Values>();
  const apply = useApplyCredit(companyId, creditNote.invoiceId);
  const [error, setError] = useState<unknown>(null);
  const customerId = creditNote.customer?.customerId ?? undefined;
  const list = useInvoices(
    { view: 'all', page: 0, size: 100, status: 'CONFIRMED', customer: customerId },
    customerId ? companyId : null,
  );
  const open = (list.data?.content ?? []).filter(
    (i) => i.invoiceId !== creditNote.invoiceId && !i.substitutedBy && i.totals.totalCents > 0 && owed(i) > 0,
  );

  return (
    <Modal
      open
      title="Aplicar el abono a otra factura"
      okText="Aplicar"
      cancelText="Cancelar"
      okButtonProps={{ loading: apply.isPending, disabled: open.length === 0 }}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        setError(null);
        const amountCents = values.amount?.trim()
          ? (parseEurosToCents(values.amount) ?? undefined)
          : undefined;
        apply.mutate(
          { targetInvoiceId: values.targetInvoiceId, ...(amountCents ? { amountCents } : {}) },
          {
            onSuccess: () => {
              showToast('success', 'Abono aplicado.');
              onClose();
            },
            onError: setError,
          },
        );
      }}
    >
      {error ? <RefusalAlert error={error} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph>Abono disponible: {formatCents(unappliedCents)}.</Typography.Paragraph>
      {!customerId ? (
        <Typography.Paragraph type="secondary">
          El abono no tiene un cliente guardado: no se puede aplicar a otras facturas.
        </Typography.Paragraph>
      ) : (
        <Form<Values> form={form} layout="vertical">
          <Form.Item
            name="targetInvoiceId"
            label="Factura"
            rules={[{ required: true, message: 'Elige la factura.' }]}
          >
            <Select
              aria-label="Factura a la que se aplica"
              loading={list.isLoading}
              notFoundContent="El cliente no tiene otras facturas pendientes de cobro."
              options={open.map((i) => ({
                value: i.invoiceId,
                label: `${i.invoiceNumber ?? ''} · ${formatDate(i.invoiceDate)} · pendiente ${formatCents(owed(i))}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label="Importe"
            extra="Sin indicar, todo lo que quepa."
            rules={[
              {
                validator: (_, v?: string) => {
                  if (!v?.trim()) return Promise.resolve();
                  const cents = parseEurosToCents(v);
                  return cents !== null && cents > 0 && cents <= unappliedCents
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(`Un importe positivo de hasta ${formatCents(unappliedCents)}.`),
                      );
                },
              },
            ]}
          >
            <Input inputMode="decimal" suffix="€" aria-label="Importe a aplicar" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
