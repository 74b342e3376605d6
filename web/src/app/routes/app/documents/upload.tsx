import { UploadPage } from '@web/features/documents/components/upload-page';

/** /app/documents/upload */
export default function DocumentsUploadRoute() {
  return <UploadPage />;
}
