import type { Page } from '@shared/api/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CompanyMember } from '../types';
import { notificationsKeys } from './keys';

/** The most members one call lists (the API's page size limit). */
const MEMBERS_PAGE_SIZE = 100;

/**
 * `GET companyUsers.list` (active members, first 100): the people a delegation may go to are its
 * active staff with an account — never a client (CLIENTE) and never the caller.
 */
export async function getDelegateCandidates(
  companyId: string,
  callerId: string | null,
  signal?: AbortSignal,
): Promise<CompanyMember[]> {
  const page = await apiRequest<Page<CompanyMember>>('companyUsers.list', {
    params: { companyId },
    query: { page: 0, size: MEMBERS_PAGE_SIZE, isActive: 'true' },
    signal,
  });
  return page.content.filter(
    (m) => m.userId !== null && m.isActive && m.companyRole !== 'CLIENTE' && m.userId !== callerId,
  );
}

export const getDelegateCandidatesQueryOptions = (companyId: string, callerId: string | null) =>
  queryOptions({
    queryKey: [...notificationsKeys.staff(companyId), callerId],
    queryFn: ({ signal }) => getDelegateCandidates(companyId, callerId, signal),
  });

export function useDelegateCandidates(companyId: string, callerId: string | null, enabled = true) {
  return useQuery({ ...getDelegateCandidatesQueryOptions(companyId, callerId), enabled });
}
