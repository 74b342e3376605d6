/**
 * The Send Documents modal of the client dashboard (spec part 3 §2 Send Documents modal, §5): several
 * files by drag and drop or selection, an optional message and priority NORMAL or HIGH. It reuses the
 * shared uploader (its upload items: pending and removable, uploading with progress, completed, error)
 * and the client portal's upload call (`clientDocuments.upload`), as documents sent to the gestoría
 * for its review (purpose SEND: office files too). Once a round of files is sent, the gestoría is told
 * in the client's conversation (`messages.notifyUpload`: the message, how many, the priority and the
 * documents), so it reads 'Ha enviado N documentos' live. It closes on Escape or the backdrop.
 */
import { DocumentUploader, type UploadFn } from '@web/components/document-uploader/document-uploader';
import { uploadClientDocument } from '@web/features/client-portal/api/upload-client-document';
import { apiRequest } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/api-error';
import { toast } from '@web/lib/toast';
import { Form, Input, Modal, Radio } from 'antd';
import { useCallback, useRef, useState } from 'react';

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
  /** The documents sent in the current round, for the notice to the gestoría. */
  const sent = useRef<string[]>([]);
  const upload = useCallback<UploadFn>(
    async (file, uploadId, onProgress) => {
      const answer = await uploadClientDocument(
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
      );
      sent.current.push(answer.documentId);
      return answer;
    },
    [companyId, message, priority],
  );
  const notifyGestoria = useCallback(async () => {
    const documentIds = sent.current.splice(0);
    if (documentIds.length === 0) return;
    try {
      await apiRequest('messages.notifyUpload', {
        body: { message: message.trim(), count: documentIds.length, priority, documentIds },
        companyId,
      });
    } catch (error) {
      toast.error(`No se pudo avisar a tu gestoría: ${errorMessage(error)}`);
    }
  }, [companyId, message, priority]);
  return (
    <Modal
      open={open}
      title="Enviar documentos a tu gestoría"
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <DocumentUploader companyId={companyId} purpose="SEND" upload={upload} onSent={notifyGestoria}>
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
