import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { companiesKeys } from './keys';

/** `GET companyUsers.departments`: the members' departments, sorted. */
export function getCompanyUserDepartments(companyId: string, signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('companyUsers.departments', { params: { companyId }, signal });
}

export const getCompanyUserDepartmentsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...companiesKeys.users(companyId), 'departments'],
    queryFn: ({ signal }) => getCompanyUserDepartments(companyId, signal),
  });

export function useCompanyUserDepartments(companyId: string) {
  return useQuery(getCompanyUserDepartmentsQueryOptions(companyId));
}
