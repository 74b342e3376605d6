import { MyUsers } from '@web/features/client-portal/components/my-users';
import { useCompanyMembership } from '@web/lib/company';
import { useSelectedCompany } from '@web/lib/session';

/**
 * /app/my-users: the selected company's people (client menu: SL and SA). The page tells a CLIENTE of
 * another company type that it is not available; the server refuses it as well.
 */
export default function MyUsersRoute() {
  const company = useSelectedCompany();
  const membership = useCompanyMembership();
  if (!company) return null;
  return (
    <MyUsers
      key={company.companyId}
      companyId={company.companyId}
      companyType={company.companyType}
      isClient={membership.data?.myRole === 'CLIENTE'}
    />
  );
}
