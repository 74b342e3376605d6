import type { PendingInvitation } from '@shared/schemas/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const invitationsQueryKey = ['session', 'invitations'] as const;

/** `GET users.invitations`: the invitations waiting for the caller's answer. */
export function getInvitations(signal?: AbortSignal): Promise<PendingInvitation[]> {
  return apiRequest<PendingInvitation[]>('users.invitations', { signal });
}

export const getInvitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => getInvitations(signal) });

export function useInvitations() {
  return useQuery(getInvitationsQueryOptions());
}
