import type { AnalyticsView } from '@shared/schemas/notification-analytics';

/** react-query keys of the notifications feature; every company-scoped key carries the company. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  company: (companyId: string) => ['notifications', 'company', companyId] as const,
  unread: (companyId: string) => ['notifications', 'company', companyId, 'unread'] as const,
  lists: (companyId: string) => ['notifications', 'company', companyId, 'list'] as const,
  list: (companyId: string, params: { page: number; size: number; unreadOnly: boolean }) =>
    ['notifications', 'company', companyId, 'list', params] as const,
  stats: (companyId: string) => ['notifications', 'company', companyId, 'stats'] as const,
  pending: (companyId: string) => ['notifications', 'company', companyId, 'pending'] as const,
  history: (companyId: string, params: { page: number; size: number; from?: string; to?: string }) =>
    ['notifications', 'company', companyId, 'history', params] as const,
  delegations: (companyId: string) => ['notifications', 'company', companyId, 'delegations'] as const,
  analytics: (companyId: string, view: AnalyticsView) =>
    ['notifications', 'company', companyId, 'analytics', view] as const,
  staff: (companyId: string) => ['notifications', 'company', companyId, 'staff'] as const,
  documentAlerts: (companyId: string, limit: number) =>
    ['notifications', 'company', companyId, 'document-alerts', limit] as const,
  appointmentAlerts: (companyId: string, limit: number) =>
    ['notifications', 'company', companyId, 'appointment-alerts', limit] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};
