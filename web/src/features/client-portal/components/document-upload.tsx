/**
 * /app/document-upload (the client portal; issue 17 item 7, spec part 3 "Client upload options"):
 * the same uploader as the company's, sent through `clientDocuments.upload` with the client's
 * options: type, category, a description or message for the advisor, whether the advisor must
 * review it, confidential, and its priority.
 */
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '@shared/schemas/documents';
import { DocumentUploader, type UploadFn } from '@web/components/document-uploader/document-uploader';
import { EmptyState } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useCallback, useState } from 'react';
import { useUploadCategories } from '../api/get-my-documents';
import { type ClientUploadOptions, uploadClientDocument } from '../api/upload-client-document';

export function ClientDocumentUpload() {
  const companyId = useCompanyId();
  const allowed = useCan('clientDocuments.upload');
  const categories = useUploadCategories(companyId);
  const [options, setOptions] = useState<ClientUploadOptions>({
    documentType: 'INVOICE',
    autoOcr: true,
    requiresAdvisorReview: false,
    isConfidential: false,
    priority: 'NORMAL',
  });
  const upload = useCallback<UploadFn>(
    (file, uploadId, onProgress) => {
      const description = options.description?.trim();
      return uploadClientDocument(
        file,
        uploadId,
        { ...options, description: description || undefined },
        companyId,
        onProgress,
      );
    },
    [options, companyId],
  );
  const set = (change: ClientUploadOptions) => setOptions((o) => ({ ...o, ...change }));
  return (
    <>
      <PageHeader
        title="Subir documentos"
        meta={<span>Envía a tu gestoría facturas, tickets y otros documentos</span>}
      />
      {!companyId ? (
        <EmptyState description="Selecciona una empresa para subir documentos." />
      ) : (
        <DocumentUploader companyId={companyId} upload={upload} allowed={allowed}>
          <Form layout="vertical" component="div">
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item label="Tipo de documento">
                  <Select
                    aria-label="Tipo de documento"
                    value={options.documentType}
                    options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
                    onChange={(documentType: DocumentType) => set({ documentType })}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="Categoría">
                  <Select
                    allowClear
                    aria-label="Categoría"
                    placeholder="Sin categoría"
                    loading={categories.isPending && companyId !== null}
                    value={options.categoryId}
                    options={(Array.isArray(categories.data) ? categories.data : []).map((c) => ({
                      value: c.categoryId,
                      label: c.name,
                    }))}
                    onChange={(categoryId?: string) => set({ categoryId })}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="Prioridad">
                  <Select
                    aria-label="Prioridad"
                    value={options.priority}
                    options={[
                      { value: 'NORMAL', label: 'Normal' },
                      { value: 'HIGH', label: 'Alta' },
                    ]}
                    onChange={(priority: 'NORMAL' | 'HIGH') => set({ priority })}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="Descripción o mensaje para tu gestoría">
              <Input.TextArea
                aria-label="Descripción o mensaje para tu gestoría"
                rows={2}
                maxLength={1000}
                value={options.description ?? ''}
                onChange={(e) => set({ description: e.target.value })}
              />
            </Form.Item>
            <Checkbox
              checked={options.requiresAdvisorReview}
              onChange={(e) => set({ requiresAdvisorReview: e.target.checked })}
            >
              Quiero que mi gestor lo revise
            </Checkbox>
            <Checkbox
              checked={options.isConfidential}
              onChange={(e) => set({ isConfidential: e.target.checked })}
            >
              Confidencial
            </Checkbox>
            <Checkbox checked={options.autoOcr} onChange={(e) => set({ autoOcr: e.target.checked })}>
              Leer automáticamente
            </Checkbox>
          </Form>
        </DocumentUploader>
      )}
    </>
  );
}
