import { useQuery } from '@tanstack/react-query';
import { companyMembershipQueryOptions } from '@web/lib/company';

/**
 * Whether the caller may change the company's VeriFacTu (configuration, certificates, submissions):
 * ADMIN, the company's GESTOR and its owners (`canManage` of `GET companies.get`). A CLIENTE with
 * VIEW_TAX_DOCUMENTS only reads. The server checks it again on every write.
 */
export function useCanManageVerifactu(companyId: string | null): boolean {
  const membership = useQuery({
    ...companyMembershipQueryOptions(companyId ?? ''),
    enabled: companyId !== null,
  });
  return membership.data?.canManage === true;
}
