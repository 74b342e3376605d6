import { CompanyUsers } from '@web/features/companies/components/company-users';
import { useParams } from 'react-router-dom';

/** /app/companies/:companyId/users */
export default function CompanyUsersRoute() {
  const { companyId = '' } = useParams();
  return <CompanyUsers key={companyId} companyId={companyId} />;
}
