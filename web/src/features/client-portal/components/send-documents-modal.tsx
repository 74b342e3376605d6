/**
 * The Send Documents modal of the client dashboard (spec part 3 §2 Send Documents modal, §5): several
 * files by drag and drop or selection, an optional message and priority NORMAL or HIGH. It reuses the
 * shared uploader (its upload items: pending and removable, uploading with progress, completed, error)
 * and the client portal's upload call (`clientDocuments.upload`), as documents sent to the gestoría
 * for its review (purpose SEND: office files too). It closes on Escape or the backdrop.
 */
import { DocumentUploader, type UploadFn } from '@web/components/document-uploader/document-uploader';
import { uploadClientDocument } from '@web/features/client-portal/api/upload-client-document';
import { Form, Input, Modal, Radio } from 'antd';
import { useCallback, useState } from 'react';

export function SendDocumentsModal({
  open,
  onClose,
  companyId,
}: {
  open: boolean;
  onClose: () => void;
  companyId: string;
}) {
  const [message, setMessage] = useState('');
  const [priority, setPriority] = useState<'NORMAL' | 'HIGH'>('NORMAL');
  const upload = useCallback<UploadFn>(
    (file, uploadId, onProgress) =>
      uploadClientDocument(
        file,
        uploadId,
        {
          purpose: 'SEND',
          documentType: 'OTHER',
          autoOcr: false,
          requiresAdvisorReview: true,
          priority,
          description: message.trim() || undefined,
        },
        companyId,
        onProgress,
      ),
    [companyId, message, priority],
  );
  return (
    <Modal
      open={open}
      title="Enviar documentos a tu gestoría"
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <DocumentUploader companyId={companyId} purpose="SEND" upload={upload}>
        <Form layout="vertical" component="div">
          <Form.Item label="Mensaje para tu gestoría (opcional)">
            <Input.TextArea
              aria-label="Mensaje para tu gestoría"
              rows={2}
              maxLength={1000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Form.Item>
          <Form.Item label="Prioridad">
            <Radio.Group
              aria-label="Prioridad"
              value={priority}
              onChange={(e) => setPriority(e.target.value)}
              options={[
                { value: 'NORMAL', label: 'Normal' },
                { value: 'HIGH', label: 'Alta' },
              ]}
            />
          </Form.Item>
        </Form>
      </DocumentUploader>
    </Modal>
  );
}
