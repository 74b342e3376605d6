import type { ClientDashboardQuery } from '@shared/schemas/dashboard';

/** react-query keys of the client dashboard; every key starts with the company (meetings refresh it). */
export const clientDashboardKeys = {
  company: (companyId: string) => ['client-dashboard', companyId] as const,
  dashboard: (companyId: string, period: ClientDashboardQuery['period']) =>
    ['client-dashboard', companyId, 'dashboard', period] as const,
  advisor: (companyId: string) => ['client-dashboard', companyId, 'advisor'] as const,
};
