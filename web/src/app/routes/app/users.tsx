import { CompanyUsers } from '@web/features/companies/components/company-users';
import { useSelectedCompany } from '@web/lib/session';

/**
 * /app/users: the users of the selected company. The companies feature owns company users (list,
 * invitations, roles, permissions, activation); this page is the same screen for the selected one.
 */
export default function UsersRoute() {
  const company = useSelectedCompany();
  if (!company) return null;
  return <CompanyUsers key={company.companyId} companyId={company.companyId} />;
}
