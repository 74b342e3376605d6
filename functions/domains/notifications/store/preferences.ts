/** A user's notification preferences: one item per user (access pattern 24), defaults when absent. */

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getNotificationPreferences } from '@functions/lib/notifications';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { NotificationPreferences } from '@shared/schemas/notifications';
import type { NotificationsDeps } from './deps';

type Deps = Pick<NotificationsDeps, 'db' | 'table'>;

export const getPreferences = (deps: Deps, userId: string): Promise<NotificationPreferences> =>
  getNotificationPreferences(deps, userId);

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
