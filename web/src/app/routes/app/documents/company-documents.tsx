import { DocumentsPage } from '@web/features/documents/components/documents-page';
import { useParams } from 'react-router-dom';

/** /app/companies/:companyId/documents */
export default function CompanyDocumentsRoute() {
  const { companyId = '' } = useParams();
  return <DocumentsPage key={companyId} companyIdFromUrl={companyId} />;
}
