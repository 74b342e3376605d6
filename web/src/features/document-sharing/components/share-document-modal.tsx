/**
 * 'Compartir' (issue 21 item 2; spec part 3 §7 'share document (documentId, clientIds, permissions,
 * expiresAt)'): the document (given, or picked from the company's), the clients (the company's
 * CLIENTE users), 'Permitir descarga', 'Requiere aprobación', the expiry date and a note.
 */
import type { ShareClient } from '@shared/schemas/sharing';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { toast, toastError } from '@web/lib/toast';
import { Checkbox, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useShareableDocuments, useShareDocument } from '../api/shares';

/** The API's fields under the form's own. */
const FIELD_OF_API: Record<string, keyof Values> = {
  documentId: 'documentId',
  clientIds: 'clientIds',
  expiresAt: 'expiresOn',
  message: 'message',
};

interface Values {
  documentId: string;
  clientIds: string[];
  download: boolean;
  requiresApproval: boolean;
  expiresOn?: Dayjs | null;
  message?: string;
}

export function ShareDocumentModal({
  companyId,
  clients,
  document,
  onClose,
}: {
  companyId: string;
  clients: ShareClient[];
  /** The document to share; absent, the modal offers the company's documents. */
  document?: { documentId: string; fileName: string };
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const docs = useShareableDocuments(companyId, search, !document);
  const share = useShareDocument(companyId);

  const submit = (v: Values) =>
    share.mutate(
      {
        documentId: document?.documentId ?? v.documentId,
        body: {
          clientIds: v.clientIds,
          permissions: { download: v.download },
          requiresApproval: v.requiresApproval,
          // The end of the chosen day, in the browser's (Spanish) time.
          expiresAt: v.expiresOn ? v.expiresOn.endOf('day').toISOString() : null,
          ...(v.message?.trim() ? { message: v.message.trim() } : {}),
        },
      },
      {
        onSuccess: (res) => {
          toast.success(
            res.shares.length === 1
              ? 'Documento compartido con 1 cliente'
              : `Documento compartido con ${res.shares.length} clientes`,
          );
          onClose();
        },
        onError: (e) => {
          if (!showMappedApiErrors(form, e, (f) => FIELD_OF_API[f])) toastError(e);
        },
      },
    );

  return (
    <Modal
      open
      title={document ? `Compartir "${document.fileName}"` : 'Compartir documento'}
      okText="Compartir"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={share.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ clientIds: [], download: false, requiresApproval: false }}
        onFinish={submit}
      >
        {document ? null : (
          <Form.Item
            name="documentId"
            label="Documento"
            rules={[{ required: true, message: 'Selecciona un documento' }]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder="Busca un documento por su nombre"
              loading={docs.isFetching}
              options={(docs.data?.content ?? [])
                .filter((d) => !d.isConfidential && d.status !== 'FAILED' && d.status !== 'UPLOADING')
                .map((d) => ({ value: d.documentId, label: d.fileName }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="clientIds"
          label="Clientes"
          rules={[{ required: true, type: 'array', min: 1, message: 'Selecciona al menos un cliente' }]}
          extra={clients.length === 0 ? 'Esta empresa no tiene clientes con acceso al portal.' : undefined}
        >
          <Select
            mode="multiple"
            placeholder="Selecciona los clientes"
            showSearch={{ optionFilterProp: 'label' }}
            options={clients.map((c) => ({ value: c.userId, label: `${c.name} (${c.email})` }))}
          />
        </Form.Item>
        <Form.Item name="download" valuePropName="checked">
          <Checkbox>Permitir descarga</Checkbox>
        </Form.Item>
        <Form.Item name="requiresApproval" valuePropName="checked">
          <Checkbox>Requiere aprobación</Checkbox>
        </Form.Item>
        <Form.Item name="expiresOn" label="Caducidad" extra="Sin fecha, el acceso no caduca.">
          <DatePicker
            format="DD/MM/YYYY"
            placeholder="Sin caducidad"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item name="message" label="Mensaje para el cliente">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
