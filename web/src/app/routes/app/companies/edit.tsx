import { EditCompany } from '@web/features/companies/components/edit-company';
import { useParams } from 'react-router-dom';

/** /app/companies/:companyId/edit */
export default function EditCompanyRoute() {
  const { companyId = '' } = useParams();
  return <EditCompany key={companyId} companyId={companyId} />;
}
