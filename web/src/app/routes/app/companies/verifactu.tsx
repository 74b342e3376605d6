import { CompanyVerifactu } from '@web/features/verifactu/components/company-verifactu';
import { useParams } from 'react-router-dom';

/** /app/companies/:companyId/verifactu */
export default function CompanyVerifactuRoute() {
  const { companyId = '' } = useParams();
  return <CompanyVerifactu key={companyId} companyId={companyId} />;
}
