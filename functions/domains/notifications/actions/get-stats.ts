import { defineCompanyAction } from '@functions/platform/http';
import type { NotificationsDeps } from '../store/deps';
import { notificationStats } from '../store/insights';

/** The caller's notifications in the company: totals, read/unread, last 7 days, by family and severity. */
export const notificationStatsRoute = defineCompanyAction({
  run: ({ auth, scope }, deps: NotificationsDeps) =>
    notificationStats(deps, { userId: auth.userId, companyId: scope.companyId }, deps.now()),
});
