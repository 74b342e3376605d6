/** Under the companies feature's `['companies', 'users', companyId]`, so both refresh together. */
export const usersKeys = {
  company: (companyId: string) => ['companies', 'users', companyId] as const,
  list: (companyId: string, params: { page: number; size: number; search: string }) =>
    ['companies', 'users', companyId, { scope: 'users-page', ...params }] as const,
};
