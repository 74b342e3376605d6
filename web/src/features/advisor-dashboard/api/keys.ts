import type { AdvisorPeriod } from '@shared/schemas/dashboard';

/** react-query keys of the advisor dashboard (not company-scoped: it spans the gestor's companies). */
export const advisorDashboardKeys = {
  all: ['advisor-dashboard'] as const,
  summary: (period: AdvisorPeriod) => ['advisor-dashboard', 'summary', period] as const,
  companiesOfPeriod: (period: AdvisorPeriod) => ['advisor-dashboard', 'companies', period] as const,
  companies: (period: AdvisorPeriod, status: AdvisorStatusFilter) =>
    ['advisor-dashboard', 'companies', period, status] as const,
};

export type AdvisorStatusFilter = 'ALL' | 'HEALTHY' | 'WARNING' | 'CRITICAL';
