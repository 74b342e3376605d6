import type { InviteCompanyUserBody } from '@shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { usersKeys } from './keys';

export interface InviteResult {
  /** ADDED: the person had an account and joined at once; INVITED: an activation e-mail was sent. */
  status: 'ADDED' | 'INVITED';
  userId?: string;
  email: string;
}

/** `POST companyUsers.invite`. */
export function inviteUser(companyId: string, body: InviteCompanyUserBody): Promise<InviteResult> {
  return apiRequest<InviteResult>('companyUsers.invite', { params: { companyId }, body });
}

export function useInviteUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteCompanyUserBody) => inviteUser(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.company(companyId) }),
  });
}
