/**
 * GET /api/v1/admin/activities?limit=10 (`admin.recentActivities`, ADMIN): the newest registrations,
 * companies created and subscriptions started, merged newest first.
 */

import { defineUserAction } from '@functions/platform/http';
import { AdminActivitiesQuery } from '@shared/schemas/dashboard';
import { adminActivities } from '../model/admin-activities';
import { getSubscriptions, listDirectoryUsers, listNewestCompanies } from '../store/admin-directory';
import type { DashboardDeps } from '../store/deps';

export const adminActivitiesRoute = defineUserAction({
  query: AdminActivitiesQuery,
  run: async ({ query }, deps: DashboardDeps) => {
    // Subscriptions have no index by start: they are read for every directory user (as the stats do).
    const [users, companies] = await Promise.all([
      listDirectoryUsers(deps),
      listNewestCompanies(deps, query.limit),
    ]);
    const subscriptions = await getSubscriptions(
      deps,
      users.map((u) => u.userId),
    );
    return adminActivities({ users, companies, subscriptions }, query.limit);
  },
});
