/** react-query keys of the notifications feature; every company-scoped key carries the company. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  company: (companyId: string) => ['notifications', 'company', companyId] as const,
  unread: (companyId: string) => ['notifications', 'company', companyId, 'unread'] as const,
  lists: (companyId: string) => ['notifications', 'company', companyId, 'list'] as const,
  list: (companyId: string, params: { page: number; size: number; unreadOnly: boolean }) =>
    ['notifications', 'company', companyId, 'list', params] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};
