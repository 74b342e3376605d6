import { CompanyConfiguration } from '@web/features/tax-profile/components/company-configuration';
import { useParams } from 'react-router-dom';

/** /app/companies/:companyId/configuration (`?tab=fiscal|general`) */
export default function CompanyConfigurationRoute() {
  const { companyId = '' } = useParams();
  return <CompanyConfiguration key={companyId} companyId={companyId} />;
}
