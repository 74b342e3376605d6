import { ClientDocumentUpload } from '@web/features/client-portal/components/document-upload';

/** /app/document-upload (client portal) */
export default function ClientDocumentUploadRoute() {
  return <ClientDocumentUpload />;
}
