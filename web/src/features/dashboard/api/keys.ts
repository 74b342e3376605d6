/** react-query keys of the company dashboard; company-scoped keys carry the company. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  gestorType: () => ['dashboard', 'gestor-type'] as const,
  summary: (companyId: string) => ['dashboard', 'company', companyId, 'summary'] as const,
};
