/** react-query keys of the administrator's dashboard (platform-wide, not company-scoped). */
export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
  stats: () => ['admin-dashboard', 'stats'] as const,
  activities: (limit: number) => ['admin-dashboard', 'activities', limit] as const,
};
