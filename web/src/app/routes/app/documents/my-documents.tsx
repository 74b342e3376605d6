import { MyDocuments } from '@web/features/client-portal/components/my-documents';

/** /app/my-documents (client portal) */
export default function MyDocumentsRoute() {
  return <MyDocuments />;
}
