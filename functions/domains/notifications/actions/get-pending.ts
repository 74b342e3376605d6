import { defineCompanyAction } from '@functions/platform/http';
import { madridDay, nextDigestAt } from '../model/dates';
import type { NotificationsDeps } from '../store/deps';
import { digestSince } from '../store/digest';
import { pendingNotifications } from '../store/insights';
import { getPreferences } from '../store/preferences';

/** What has not reached the caller yet: unread, waiting for the next digest, and when it goes out. */
export const pendingNotificationsRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: NotificationsDeps) => {
    const now = deps.now();
    const next = nextDigestAt(now);
    const [preferences, lastDigestAt] = await Promise.all([
      getPreferences(deps, auth.userId),
      // Exactly what the next digest run will cover (store/digest.ts).
      digestSince(deps, auth.userId, madridDay(next), next),
    ]);
    return pendingNotifications(
      deps,
      { userId: auth.userId, companyId: scope.companyId },
      { now, preferences, lastDigestAt },
    );
  },
});
