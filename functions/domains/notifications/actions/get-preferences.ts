import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { NotificationPreferences } from '@shared/schemas/notifications';
import type { NotificationsDeps } from '../store/deps';
import { getPreferences } from '../store/preferences';

/** The caller's notification preferences (user-level; defaults until first saved). */
export function getNotificationPreferences(
  input: { auth: AuthContext },
  deps: NotificationsDeps,
): Promise<NotificationPreferences> {
  return getPreferences(deps, input.auth.userId);
}

export const getNotificationPreferencesRoute = defineUserAction({
  run: ({ auth }, deps: NotificationsDeps) => getNotificationPreferences({ auth }, deps),
});
