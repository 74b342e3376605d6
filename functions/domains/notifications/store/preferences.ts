/** A user's notification preferences: one item per user (access pattern 24), defaults when absent. */

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import {
  defaultNotificationPreferences,
  mergeNotificationPreferences,
  type NotificationPreferences,
} from '@shared/schemas/notifications';
import type { NotificationsDeps } from './deps';

type Deps = Pick<NotificationsDeps, 'db' | 'table'>;

export async function getPreferences(deps: Deps, userId: string): Promise<NotificationPreferences> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.notificationPreferences(userId) }),
  );
  const stored = res.Item?.preferences as Partial<NotificationPreferences> | undefined;
  // Preferences written before a new channel or family existed get that one from the defaults.
  return mergeNotificationPreferences(defaultNotificationPreferences(), stored ?? {});
}

export async function putPreferences(
  deps: Deps,
  userId: string,
  preferences: NotificationPreferences,
  now: Date,
): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        ...keys.notificationPreferences(userId),
        entity: 'NotificationPreferences',
        v: SCHEMA_VERSION,
        userId,
        preferences,
        updatedAt: now.toISOString(),
      },
    }),
  );
}
