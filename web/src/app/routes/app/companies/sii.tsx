import { CompanySii } from '@web/features/sii/components/company-sii';
import { useParams } from 'react-router-dom';

/** /app/companies/:companyId/sii */
export default function CompanySiiRoute() {
  const { companyId = '' } = useParams();
  return <CompanySii key={companyId} companyId={companyId} />;
}
