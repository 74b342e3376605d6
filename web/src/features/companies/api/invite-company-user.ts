import type { InviteCompanyUserBody } from '@shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { InviteResult } from '../types';
import { companiesKeys } from './keys';

/** The body as sent: the server fills in the defaults (no surname, no permissions). */
export type InviteCompanyUserInput = Partial<Pick<InviteCompanyUserBody, 'lastName' | 'permissions'>> &
  Omit<InviteCompanyUserBody, 'lastName' | 'permissions'>;

/** `POST companyUsers.invite`: an invitation the person accepts (in the app, or by activating an account). */
export function inviteCompanyUser(companyId: string, body: InviteCompanyUserInput): Promise<InviteResult> {
  return apiRequest<InviteResult>('companyUsers.invite', { params: { companyId }, body });
}

export function useInviteCompanyUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteCompanyUserInput) => inviteCompanyUser(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.users(companyId) }),
  });
}
