import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { showToast } from '@web/lib/toast';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useCancelInvoice } from '../api/cancel-invoice';

/** "Anular": the reason is required (it goes to VeriFacTu/SII as the annulment's cause). */
export function CancelInvoiceDialog({
  invoiceId,
  open,
  onClose,
}: {
  invoiceId: string;
  open: boolean;
  onClose: () => void;
}) {
  const companyId = useCompanyId();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelInvoice(companyId, invoiceId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      title="Anular factura"
      okText="Anular factura"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="Volver"
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const checked = await form.validateFields().catch(() => null);
        if (!checked) return;
        const { reason } = checked;
        setError(null);
        cancel.mutate(reason.trim(), {
          onSuccess: () => {
            showToast('success', 'Factura anulada.');
            onClose();
          },
          onError: (e) => setError(errorMessage(e)),
        });
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="La anulación es definitiva. Si la factura tiene cobros o debe corregirse, emite una rectificativa."
        />
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="reason"
          label="Motivo de la anulación"
          rules={[
            { required: true, whitespace: true, message: 'Indica el motivo de la anulación.' },
            { min: 5, message: 'Al menos 5 caracteres.' },
            { max: 500, message: 'Como máximo 500 caracteres.' },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
