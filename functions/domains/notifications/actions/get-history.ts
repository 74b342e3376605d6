import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { NotificationHistoryQuery } from '@shared/schemas/notification-analytics';
import { madridDay } from '../model/dates';
import type { NotificationsDeps } from '../store/deps';
import { notificationHistory } from '../store/insights';
import { getPreferences } from '../store/preferences';

/** The caller's notifications created in [from, to] (the last 30 days by default), with their channels. */
export const notificationHistoryRoute = defineCompanyAction({
  query: NotificationHistoryQuery,
  run: async ({ auth, scope, query }, deps: NotificationsDeps) => {
    if (query.from && query.to && query.from > query.to)
      throw new AppError('CORE_004', 'from debe ser anterior a to.', { field: 'from' });
    const now = deps.now();
    return notificationHistory(
      deps,
      { userId: auth.userId, companyId: scope.companyId },
      {
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
        page: query.page,
        size: query.size,
        now,
        today: madridDay(now),
        preferences: await getPreferences(deps, auth.userId),
      },
    );
  },
});
