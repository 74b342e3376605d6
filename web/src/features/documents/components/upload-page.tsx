/**
 * /app/documents/upload (issue 17 items 1 and 7): drag and drop, several files, a progress bar per
 * file (several small ones in one batch request), then the server's progress until each is read
 * (or refused, with its reason).
 */
import {
  DocumentUploader,
  type UploadBatchFn,
  type UploadFn,
} from '@web/components/document-uploader/document-uploader';
import { EmptyState } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { Card } from 'antd';
import { useCallback, useState } from 'react';
import { uploadDocument, uploadDocumentBatch } from '../api/upload-document';
import { DEFAULT_UPLOAD_OPTIONS, UploadOptions, type UploadOptionValues } from './upload-options';

export function UploadPage() {
  const companyId = useCompanyId();
  const allowed = useCan('documents.upload');
  const [options, setOptions] = useState<UploadOptionValues>(DEFAULT_UPLOAD_OPTIONS);
  const upload = useCallback<UploadFn>(
    (file, uploadId, onProgress) => uploadDocument({ file, uploadId, options, companyId, onProgress }),
    [options, companyId],
  );
  // Several small files go in one request (documents.batchUpload); big ones one by one.
  const uploadBatch = useCallback<UploadBatchFn>(
    (files, onProgress) =>
      uploadDocumentBatch({ files: files.map((f) => f.file), options, companyId, onProgress }),
    [options, companyId],
  );
  return (
    <>
      <PageHeader title="Subir documentos" back={{ to: paths.app.documents, label: 'Documentos' }} />
      {companyId ? (
        <Card>
          <DocumentUploader companyId={companyId} upload={upload} uploadBatch={uploadBatch} allowed={allowed}>
            <UploadOptions value={options} onChange={setOptions} />
          </DocumentUploader>
        </Card>
      ) : (
        <EmptyState description="Selecciona una empresa para subir documentos." />
      )}
    </>
  );
}
