import { errorMessage } from '@web/lib/api-error';
import { useCompanyId } from '@web/lib/company';
import { showToast } from '@web/lib/toast';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useSendInvoiceEmail } from '../api/send-email';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `a@x.es, b@y.es` → the addresses; null when one is not an e-mail. */
export function parseEmailList(text: string | undefined): string[] | null {
  const list = (text ?? '')
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return list.every((e) => EMAIL.test(e)) ? list : null;
}

const emailListRule = (required: boolean) => ({
  validator: (_: unknown, value?: string) => {
    const list = parseEmailList(value);
    if (!list) return Promise.reject(new Error('Alguna dirección no es un e-mail válido.'));
    if (required && list.length === 0) return Promise.reject(new Error('Indica al menos un destinatario.'));
    return Promise.resolve();
  },
});

interface Values {
  to: string;
  cc?: string;
  subject: string;
  message?: string;
}

/** "Enviar por e-mail": the PDF goes attached; the log below the invoice shows what happened. */
export function SendEmailDialog({
  invoiceId,
  open,
  onClose,
  defaultTo,
  defaultSubject,
  defaultMessage,
}: {
  invoiceId: string;
  open: boolean;
  onClose: () => void;
  defaultTo?: string;
  defaultSubject: string;
  /** The whole text sent (greeting included): the server sends the message as written. */
  defaultMessage?: string;
}) {
  const companyId = useCompanyId();
  const [form] = Form.useForm<Values>();
  const send = useSendInvoiceEmail(companyId, invoiceId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      title="Enviar factura por e-mail"
      okText="Enviar"
      cancelText="Cancelar"
      okButtonProps={{ loading: send.isPending }}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        setError(null);
        const cc = parseEmailList(values.cc) ?? [];
        send.mutate(
          {
            to: parseEmailList(values.to) ?? [],
            ...(cc.length ? { cc } : {}),
            subject: values.subject.trim(),
            ...(values.message?.trim() ? { message: values.message.trim() } : {}),
          },
          {
            onSuccess: () => {
              showToast('success', 'E-mail en cola de envío.');
              onClose();
            },
            onError: (e) => setError(errorMessage(e)),
          },
        );
      }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ to: defaultTo ?? '', subject: defaultSubject, message: defaultMessage ?? '' }}
      >
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="to"
          label="Para"
          rules={[emailListRule(true)]}
          extra="Separa varias direcciones con comas."
        >
          <Input aria-label="Para" />
        </Form.Item>
        <Form.Item name="cc" label="CC" rules={[emailListRule(false)]}>
          <Input aria-label="CC" />
        </Form.Item>
        <Form.Item
          name="subject"
          label="Asunto"
          rules={[
            { required: true, whitespace: true, message: 'Indica el asunto.' },
            { max: 200, message: 'Como máximo 200 caracteres.' },
          ]}
        >
          <Input aria-label="Asunto" />
        </Form.Item>
        <Form.Item
          name="message"
          label="Mensaje"
          rules={[{ max: 5000, message: 'Como máximo 5.000 caracteres.' }]}
        >
          <Input.TextArea rows={7} aria-label="Mensaje" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
