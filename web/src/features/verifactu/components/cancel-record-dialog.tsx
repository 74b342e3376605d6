import type { VerifactuSubmission } from '@shared/schemas/verifactu';
import { errorMessage } from '@web/lib/api-error';
import { showToast } from '@web/lib/toast';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useCancelSubmission } from '../api/cancel-submission';

/** 'Anular registro': a registro de anulación for the invoice; the reason is required. */
export function CancelRecordDialog({
  submission,
  companyId,
  onClose,
}: {
  submission: Pick<VerifactuSubmission, 'recordId' | 'invoiceNumber'>;
  companyId: string | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelSubmission(companyId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={`Anular el registro de ${submission.invoiceNumber}`}
      okText="Anular registro"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="Volver"
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        setError(null);
        cancel.mutate(
          { submissionId: submission.recordId, reason: values.reason.trim() },
          {
            onSuccess: () => {
              showToast('success', 'Registro de anulación generado y puesto en cola de envío.');
              onClose();
            },
            onError: (e) => setError(errorMessage(e)),
          },
        );
      }}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Se genera un registro de anulación que se envía a la AEAT. No se puede deshacer."
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="Motivo de la anulación"
          rules={[
            { required: true, whitespace: true, message: 'Indica el motivo de la anulación.' },
            { min: 3, message: 'Al menos 3 caracteres.' },
            { max: 500, message: 'Como máximo 500 caracteres.' },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
