import { useCanCall } from '@web/lib/access';
import { useCompanyMembership } from '@web/lib/company';

/**
 * Whether the signed-in person writes in the company's conversations (send, open, mark read): a
 * member of it, client or staff. An administrator who is not a member reads them but writes
 * nothing (the server refuses). While the membership is unknown the server decides.
 */
export function useCanWriteMessages(): boolean {
  const can = useCanCall();
  const membership = useCompanyMembership();
  const role = membership.data ? membership.data.myRole : undefined;
  if (role === null || role === 'ADMIN') return false;
  return can('messages.send');
}
