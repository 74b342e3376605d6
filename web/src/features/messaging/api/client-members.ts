import type { Page } from '@shared/api/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { messagingKeys } from './keys';

/** What a conversation needs of a company member (`companyUsers.list` rows carry more). */
export interface ClientMember {
  /** Null for an invitation not accepted yet (no conversation possible). */
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
}

/** How many client members the picker lists (a gestoría's company has a handful). */
export const CLIENT_MEMBERS_SIZE = 100;

/**
 * `GET companyUsers.list` with role CLIENTE, active only: the client members staff may open a
 * conversation with. Invitations without an account are left out.
 */
export async function listClientMembers(companyId: string, signal?: AbortSignal): Promise<ClientMember[]> {
  const page = await apiRequest<Page<ClientMember>>('companyUsers.list', {
    params: { companyId },
    query: { page: 0, size: CLIENT_MEMBERS_SIZE, companyRole: 'CLIENTE', isActive: 'true' },
    signal,
  });
  return page.content.filter((member) => member.userId !== null);
}

export function useClientMembers(companyId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: messagingKeys.clientMembers(companyId),
      queryFn: ({ signal }) => listClientMembers(companyId, signal),
    }),
    enabled,
  });
}

/** 'Lucía Pérez', or the e-mail when the member has no name yet. */
export function memberName(member: ClientMember): string {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return name || member.email;
}
