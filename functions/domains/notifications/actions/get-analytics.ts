import { defineCompanyAction } from '@functions/platform/http';
import { AnalyticsPath, AnalyticsQuery } from '@shared/schemas/notification-analytics';
import { madridDay } from '../model/dates';
import { analyticsWindow, companyAnalytics } from '../store/analytics';
import type { NotificationsDeps } from '../store/deps';

/** One view of the company's notification analytics (staff) over [from, to] (the last 30 days by default). */
export const notificationAnalyticsRoute = defineCompanyAction({
  params: AnalyticsPath,
  query: AnalyticsQuery,
  run: ({ scope, params, query }, deps: NotificationsDeps) =>
    companyAnalytics(deps, scope.companyId, params.view, analyticsWindow(query, madridDay(deps.now()))),
});
