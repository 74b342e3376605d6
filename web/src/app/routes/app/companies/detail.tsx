import { CompanyDetail } from '@web/features/companies/components/company-detail';
import { useParams } from 'react-router-dom';

/** /app/companies/:companyId */
export default function CompanyDetailRoute() {
  const { companyId = '' } = useParams();
  return <CompanyDetail key={companyId} companyId={companyId} />;
}
