/**
 * Correct or delete a recorded payment (issue 10 item 7): the corrected amount, date, method and
 * reference, or the deletion, each with an optional reason that the payment's audit line keeps.
 * The API recomputes what the invoice has collected and refuses what it cannot accept (more than
 * the invoice's total, the cash limit), with its message shown here.
 */
import { type InvoicePayment, PAYMENT_METHODS, type PaymentMethod } from '@shared/schemas/invoices';
import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents } from '@web/lib/format';
import { centsToInput, parseEurosToCents } from '@web/lib/money-input';
import { showToast } from '@web/lib/toast';
import { Alert, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useDeletePayment } from '../api/delete-payment';
import { useUpdatePayment } from '../api/update-payment';
import { PAYMENT_METHOD_LABELS } from '../utils/labels';

interface Values {
  amount: string;
  paidAt: string;
  method: PaymentMethod;
  reference?: string;
  reason?: string;
}

export function PaymentCorrectionDialog({
  invoiceId,
  payment,
  mode,
  onClose,
}: {
  invoiceId: string;
  payment: InvoicePayment;
  mode: 'edit' | 'delete';
  onClose: () => void;
}) {
  const companyId = useCompanyId();
  const [form] = Form.useForm<Values>();
  const update = useUpdatePayment(companyId, invoiceId);
  const remove = useDeletePayment(companyId, invoiceId);
  const [error, setError] = useState<string | null>(null);
  const pending = update.isPending || remove.isPending;
  const onError = (e: unknown) => setError(errorMessage(e));

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setError(null);
    const reason = values.reason?.trim() || undefined;
    if (mode === 'delete') {
      remove.mutate(
        { paymentId: payment.paymentId, reason },
        {
          onSuccess: () => {
            showToast('success', 'Cobro eliminado.');
            onClose();
          },
          onError,
        },
      );
      return;
    }
    update.mutate(
      {
        paymentId: payment.paymentId,
        body: {
          amountCents: parseEurosToCents(values.amount) ?? 0,
          paidAt: values.paidAt,
          method: values.method,
          ...(values.reference?.trim() ? { reference: values.reference.trim() } : {}),
          ...(reason ? { reason } : {}),
        },
      },
      {
        onSuccess: () => {
          showToast('success', 'Cobro corregido.');
          onClose();
        },
        onError,
      },
    );
  };

  return (
    <Modal
      open
      title={mode === 'delete' ? 'Eliminar cobro' : 'Corregir cobro'}
      okText={mode === 'delete' ? 'Eliminar cobro' : 'Guardar corrección'}
      okButtonProps={{ danger: mode === 'delete', loading: pending }}
      cancelText="Cancelar"
      onCancel={onClose}
      onOk={submit}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          amount: centsToInput(payment.amountCents),
          paidAt: payment.paidAt,
          method: payment.method,
          reference: payment.reference ?? '',
        }}
      >
        {error ? (
          <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />
        ) : null}
        {mode === 'delete' ? (
          <Typography.Paragraph>
            El cobro de {formatCents(payment.amountCents)} del {dayjs(payment.paidAt).format(DATE_FORMAT)}{' '}
            dejará de contar en lo cobrado de la factura. Quedará en la lista con su registro.
          </Typography.Paragraph>
        ) : (
          <>
            <Form.Item
              name="amount"
              label="Importe"
              rules={[
                {
                  validator: (_, v?: string) => {
                    const cents = parseEurosToCents(v ?? '');
                    return cents !== null && cents > 0
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error('Un importe positivo con como máximo 2 decimales (1.234,56).'),
                        );
                  },
                },
              ]}
            >
              <Input inputMode="decimal" suffix="€" aria-label="Importe corregido" />
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
            <Form.Item name="method" label="Forma de pago">
              <Select options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} />
            </Form.Item>
            <Form.Item
              name="reference"
              label="Referencia"
              rules={[{ max: 200, message: 'Como máximo 200 caracteres.' }]}
            >
              <Input />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="reason"
          label="Motivo"
          rules={[{ max: 500, message: 'Como máximo 500 caracteres.' }]}
        >
          <Input.TextArea rows={2} aria-label="Motivo de la corrección" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One audit line: 'Corregido el 12/03/2026 por ana@x.es: 100,00 € → 90,00 € (motivo)'. */
export function auditLine(entry: NonNullable<InvoicePayment['history']>[number]): string {
  const when = dayjs(entry.at).format(DATE_FORMAT);
  const reason = entry.reason ? ` (${entry.reason})` : '';
  if (entry.action === 'DELETED')
    return `Eliminado el ${when} por ${entry.by}: era ${formatCents(entry.before.amountCents)}${reason}`;
  if (entry.action === 'MOVED') return `Traspasado el ${when} desde la factura sustituida${reason}`;
  const after = entry.after;
  const changes: string[] = [];
  if (after && after.amountCents !== entry.before.amountCents)
    changes.push(`${formatCents(entry.before.amountCents)} → ${formatCents(after.amountCents)}`);
  if (after && after.paidAt !== entry.before.paidAt)
    changes.push(
      `fecha ${dayjs(entry.before.paidAt).format(DATE_FORMAT)} → ${dayjs(after.paidAt).format(DATE_FORMAT)}`,
    );
  if (after && after.method !== entry.before.method)
    changes.push(`${PAYMENT_METHOD_LABELS[entry.before.method]} → ${PAYMENT_METHOD_LABELS[after.method]}`);
  if (after && (after.reference ?? '') !== (entry.before.reference ?? ''))
    changes.push(`referencia ${entry.before.reference || '—'} → ${after.reference || '—'}`);
  return `Corregido el ${when} por ${entry.by}${changes.length ? `: ${changes.join(', ')}` : ''}${reason}`;
}
