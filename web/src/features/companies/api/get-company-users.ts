import type { Page } from '@shared/api/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CompanyRole, CompanyUser } from '../types';
import { companiesKeys } from './keys';

export const COMPANY_USERS_PAGE_SIZE = 20;

export interface GetCompanyUsersParams {
  /** Zero-based. */
  page: number;
  size?: number;
  search?: string;
  companyRole?: CompanyRole;
  /** false also lists pending invitations, which are not active yet. */
  isActive?: boolean;
  department?: string;
}

/** `GET companyUsers.list`: members and pending invitations, one page at a time. */
export function getCompanyUsers(
  companyId: string,
  { page, size = COMPANY_USERS_PAGE_SIZE, search, companyRole, isActive, department }: GetCompanyUsersParams,
  signal?: AbortSignal,
): Promise<Page<CompanyUser>> {
  return apiRequest<Page<CompanyUser>>('companyUsers.list', {
    params: { companyId },
    query: {
      page,
      size,
      search: search?.trim(),
      companyRole,
      isActive: isActive === undefined ? undefined : String(isActive),
      department,
    },
    signal,
  });
}

export const getCompanyUsersQueryOptions = (companyId: string, params: GetCompanyUsersParams) =>
  queryOptions({
    queryKey: [...companiesKeys.users(companyId), 'list', params],
    queryFn: ({ signal }) => getCompanyUsers(companyId, params, signal),
    placeholderData: keepPreviousData,
  });

export function useCompanyUsers(companyId: string, params: GetCompanyUsersParams) {
  return useQuery(getCompanyUsersQueryOptions(companyId, params));
}
