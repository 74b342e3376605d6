import { DocumentsPage } from '@web/features/documents/components/documents-page';

/** /app/documents */
export default function DocumentsRoute() {
  return <DocumentsPage />;
}
