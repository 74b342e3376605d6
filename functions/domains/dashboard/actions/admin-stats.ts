/**
 * GET /api/v1/admin/stats (`admin.stats`, ADMIN): the stat cards of the platform administrator's
 * dashboard, with change percentages against 30 days earlier from stored history.
 */

import { defineUserAction } from '@functions/platform/http';
import { adminStats } from '../model/admin-stats';
import { getSubscriptions, listDirectoryUsers } from '../store/admin-directory';
import type { DashboardDeps } from '../store/deps';

export const adminStatsRoute = defineUserAction({
  run: async (_input, deps: DashboardDeps) => {
    const users = await listDirectoryUsers(deps);
    const subscriptions = await getSubscriptions(
      deps,
      users.map((u) => u.userId),
    );
    return adminStats(users, subscriptions, deps.now());
  },
});
