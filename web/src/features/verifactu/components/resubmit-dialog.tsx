/**
 * 'Corregir y reenviar': a NEW record (subsanación, or alta tras rechazo) for a rejected or
 * accepted-with-errors alta, with what may be corrected (the invoice itself is immutable):
 * description of the operation, recipient, operation date, and the reason.
 */
import type { ResubmitBody, VerifactuSubmission } from '@shared/schemas/verifactu';
import { errorMessage } from '@web/lib/api-error';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { DATE_FORMAT } from '@web/lib/format';
import { showToast } from '@web/lib/toast';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useResubmit } from '../api/resubmit';

export interface ResubmitFormValues {
  descripcionOperacion?: string;
  recipientName?: string;
  recipientNif?: string;
  fechaOperacion?: Dayjs | null;
  reason?: string;
}

/** The request body: blanks left out; a recipient only with a name. */
export function toResubmitBody(values: ResubmitFormValues): ResubmitBody {
  const text = (v: string | undefined) => v?.trim() || undefined;
  const descripcionOperacion = text(values.descripcionOperacion);
  const name = text(values.recipientName);
  const nif = text(values.recipientNif)?.toUpperCase();
  const fechaOperacion = values.fechaOperacion ? values.fechaOperacion.format('YYYY-MM-DD') : undefined;
  const corrections = {
    ...(descripcionOperacion ? { descripcionOperacion } : {}),
    ...(name ? { recipient: { name, ...(nif ? { nif } : {}) } } : {}),
    ...(fechaOperacion ? { fechaOperacion } : {}),
  };
  const reason = text(values.reason);
  return {
    ...(reason ? { reason } : {}),
    ...(Object.keys(corrections).length > 0 ? { corrections } : {}),
  };
}

const FIELD_MAP: Record<string, string> = {
  reason: 'reason',
  'corrections.descripcionOperacion': 'descripcionOperacion',
  'corrections.recipient.name': 'recipientName',
  'corrections.recipient.nif': 'recipientNif',
  'corrections.fechaOperacion': 'fechaOperacion',
};

export function ResubmitDialog({
  submission,
  companyId,
  onClose,
}: {
  submission: Pick<VerifactuSubmission, 'recordId' | 'invoiceNumber' | 'aeatCode' | 'aeatMessage'>;
  companyId: string | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ResubmitFormValues>();
  const resubmit = useResubmit(companyId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={`Corregir y reenviar ${submission.invoiceNumber}`}
      okText="Corregir y reenviar"
      okButtonProps={{ loading: resubmit.isPending }}
      cancelText="Cancelar"
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        setError(null);
        resubmit.mutate(
          { submissionId: submission.recordId, body: toResubmitBody(values) },
          {
            onSuccess: () => {
              showToast('success', 'Corrección registrada y puesta en cola de envío.');
              onClose();
            },
            onError: (e) => {
              if (!showMappedApiErrors(form, e, (field) => FIELD_MAP[field])) setError(errorMessage(e));
            },
          },
        );
      }}
    >
      {submission.aeatMessage ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`AEAT${submission.aeatCode ? ` ${submission.aeatCode}` : ''}: ${submission.aeatMessage}`}
        />
      ) : null}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Se genera un registro nuevo encadenado; el registro rechazado no se modifica."
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="descripcionOperacion"
          label="Descripción de la operación"
          rules={[{ max: 500, message: 'Como máximo 500 caracteres.' }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item
          name="recipientName"
          label="Destinatario: nombre o razón social"
          rules={[{ max: 120, message: 'Como máximo 120 caracteres.' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="recipientNif"
          label="Destinatario: NIF"
          dependencies={['recipientName']}
          rules={[
            { max: 20, message: 'Como máximo 20 caracteres.' },
            ({ getFieldValue }) => ({
              validator: (_, value?: string) =>
                value?.trim() && !getFieldValue('recipientName')?.trim()
                  ? Promise.reject(new Error('Indica también el nombre del destinatario.'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="fechaOperacion" label="Fecha de operación">
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Motivo"
          rules={[{ max: 500, message: 'Como máximo 500 caracteres.' }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
