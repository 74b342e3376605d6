import { defineCompanyAction } from '@functions/platform/http';
import { CleanupBody, type CleanupResult } from '@shared/schemas/notification-analytics';
import type { NotificationsDeps } from '../store/deps';
import { cleanupRead } from '../store/insights';

/** Deletes the caller's read notifications older than `olderThanDays` (30 by default); never unread ones. */
export const cleanupNotificationsRoute = defineCompanyAction({
  body: CleanupBody,
  run: async ({ auth, scope, body }, deps: NotificationsDeps): Promise<CleanupResult> => ({
    deleted: await cleanupRead(
      deps,
      { userId: auth.userId, companyId: scope.companyId },
      body.olderThanDays,
      deps.now(),
    ),
  }),
});
