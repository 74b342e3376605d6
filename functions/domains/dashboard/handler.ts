/**
 * The dashboards' Lambda (issue 20): the company dashboard's summary, the advisor's consolidated
 * view, the platform administrator's stats and the client portal's dashboard with its advisor card.
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { adminActivitiesRoute } from './actions/admin-activities';
import { adminStatsRoute } from './actions/admin-stats';
import { advisorCompaniesRoute } from './actions/advisor-companies';
import { advisorSummaryRoute } from './actions/advisor-summary';
import { clientAdvisorRoute } from './actions/client-advisor';
import { clientDashboardRoute } from './actions/client-dashboard';
import { getSummaryRoute } from './actions/get-summary';
import { type DashboardDeps, makeDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const dashboardActions: ActionsOf<'dashboard', DashboardDeps> = {
  'dashboard.summary': getSummaryRoute,
  'dashboard.advisorSummary': advisorSummaryRoute,
  'dashboard.advisorCompanies': advisorCompaniesRoute,
  'admin.stats': adminStatsRoute,
  'admin.recentActivities': adminActivitiesRoute,
  'client.dashboard': clientDashboardRoute,
  'client.advisor': clientAdvisorRoute,
};

export const handler = createApiHandler('dashboard', dashboardActions, makeDeps);
