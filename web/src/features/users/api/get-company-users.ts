import type { Page } from '@shared/api/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CompanyUser } from '../types';
import { usersKeys } from './keys';

export const USERS_PAGE_SIZE = 20;

export interface GetCompanyUsersParams {
  /** Zero-based. */
  page: number;
  size?: number;
  search?: string;
}

/** `GET companyUsers.list`: members and pending invitations of the company. */
export function getCompanyUsers(
  companyId: string,
  { page, size = USERS_PAGE_SIZE, search = '' }: GetCompanyUsersParams,
  signal?: AbortSignal,
): Promise<Page<CompanyUser>> {
  return apiRequest<Page<CompanyUser>>('companyUsers.list', {
    params: { companyId },
    query: { page, size, search: search.trim(), sort: 'createdAt,desc' },
    signal,
  });
}

export const getCompanyUsersQueryOptions = (companyId: string, params: GetCompanyUsersParams) => {
  const normalised = {
    page: params.page,
    size: params.size ?? USERS_PAGE_SIZE,
    search: params.search?.trim() ?? '',
  };
  return queryOptions({
    queryKey: usersKeys.list(companyId, normalised),
    queryFn: ({ signal }) => getCompanyUsers(companyId, normalised, signal),
    placeholderData: keepPreviousData,
  });
};

export function useCompanyUsers(companyId: string, params: GetCompanyUsersParams) {
  return useQuery(getCompanyUsersQueryOptions(companyId, params));
}
