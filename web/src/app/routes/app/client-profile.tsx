import { ClientProfile } from '@web/features/client-portal/components/client-profile';
import { useSelectedCompany } from '@web/lib/session';

/** /app/client-profile: the caller's 'Mi ficha de cliente' in the selected company. */
export default function ClientProfileRoute() {
  const company = useSelectedCompany();
  if (!company) return null;
  return <ClientProfile key={company.companyId} companyId={company.companyId} />;
}
