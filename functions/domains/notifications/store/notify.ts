/** Notifying a user as they asked: the entry point for workers that tell someone something happened. */

import type { NewNotification } from '@functions/lib/notifications';
import { type Notification, notificationCategoryOf } from '@shared/schemas/notifications';
import type { NotificationsDeps } from './deps';
import { createNotification } from './notifications';
import { getPreferences } from './preferences';

/**
 * Creates the notification unless the user switched off in-app notifications or this family of
 * notification (preferences are per user, not per company). Answers what was created, if anything.
 */
export async function notifyUser(
  deps: NotificationsDeps,
  input: NewNotification,
): Promise<Notification | undefined> {
  const preferences = await getPreferences(deps, input.userId);
  if (!preferences.channels.IN_APP || !preferences.types[notificationCategoryOf(input.type)])
    return undefined;
  return createNotification(deps, input);
}
