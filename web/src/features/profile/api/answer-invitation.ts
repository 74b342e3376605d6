import type { InvitationAnswer } from '@shared/schemas/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { sessionCompaniesQueryKey } from '@web/lib/company';
import { profileQueryKey } from '@web/lib/profile';
import { invitationsQueryKey } from './get-invitations';

export type InvitationDecision = 'accept' | 'decline';

/**
 * `POST users.acceptInvitation` / `users.declineInvitation`: the two answers to one invitation
 * (one file: the same call with a different verb). Accepting adds a company to the session.
 */
export function answerInvitation(
  invitationId: string,
  decision: InvitationDecision,
): Promise<InvitationAnswer> {
  const routeId = decision === 'accept' ? 'users.acceptInvitation' : 'users.declineInvitation';
  return apiRequest<InvitationAnswer>(routeId, { params: { invitationId } });
}

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { invitationId: string; decision: InvitationDecision }) =>
      answerInvitation(input.invitationId, input.decision),
    onSettled: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
      if (answer?.status === 'ACCEPTED') {
        await queryClient.invalidateQueries({ queryKey: profileQueryKey });
        await queryClient.invalidateQueries({ queryKey: sessionCompaniesQueryKey });
      }
    },
  });
}
