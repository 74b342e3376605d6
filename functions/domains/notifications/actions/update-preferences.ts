import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import {
  mergeNotificationPreferences,
  type NotificationPreferences,
  UpdateNotificationPreferencesBody,
} from '@shared/schemas/notifications';
import type { NotificationsDeps } from '../store/deps';
import { getPreferences, putPreferences } from '../store/preferences';

/** Changes the given preferences and keeps the others; answers the full result. */
export async function updateNotificationPreferences(
  input: { auth: AuthContext; body: UpdateNotificationPreferencesBody },
  deps: NotificationsDeps,
): Promise<NotificationPreferences> {
  const current = await getPreferences(deps, input.auth.userId);
  const next = mergeNotificationPreferences(current, input.body);
  await putPreferences(deps, input.auth.userId, next, deps.now());
  return next;
}

export const updateNotificationPreferencesRoute = defineUserAction({
  body: UpdateNotificationPreferencesBody,
  run: ({ auth, body }, deps: NotificationsDeps) => updateNotificationPreferences({ auth, body }, deps),
});
