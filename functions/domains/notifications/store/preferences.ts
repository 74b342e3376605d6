/**
 * A user's notification preferences: one item per user (access pattern 24), defaults when absent.
 * The item carries the sparse gsi2 `keys.dailyDigestIndex` while its digest is 'daily', so the
 * `notifications-digest` schedule finds every such person with one Query (no Scan):
 *  - the preferences PUT writes the item with the index exactly when emailDigest = 'daily';
 *  - the stream consumer, on each new notification, writes the defaults (daily, with the index) for
 *    an owner who never saved preferences, and sets the index on preferences saved 'daily' before the
 *    index existed (ensureDigestIndex). So anyone who has something to be told is findable.
 */

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getNotificationPreferences } from '@functions/lib/notifications';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import {
  defaultNotificationPreferences,
  mergeNotificationPreferences,
  type NotificationPreferences,
} from '@shared/schemas/notifications';
import type { NotificationsDeps } from './deps';

type Deps = Pick<NotificationsDeps, 'db' | 'table'>;

export const getPreferences = (deps: Deps, userId: string): Promise<NotificationPreferences> =>
  getNotificationPreferences(deps, userId);

function preferencesItem(userId: string, preferences: NotificationPreferences, now: Date) {
  return {
    ...keys.notificationPreferences(userId),
    ...(preferences.emailDigest === 'daily' ? keys.dailyDigestIndex(userId) : {}),
    entity: 'NotificationPreferences',
    v: SCHEMA_VERSION,
    userId,
    preferences,
    updatedAt: now.toISOString(),
  };
}

export async function putPreferences(
  deps: Deps,
  userId: string,
  preferences: NotificationPreferences,
  now: Date,
): Promise<void> {
  await deps.db.send(
    new PutCommand({ TableName: deps.table, Item: preferencesItem(userId, preferences, now) }),
  );
}

/**
 * The owner's preferences for the stream consumer, making sure a daily-digest person is on the
 * digest index (see the file comment). Never overwrites preferences someone saved.
 */
export async function preferencesForDelivery(
  deps: Deps,
  userId: string,
  now: Date,
): Promise<NotificationPreferences> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.notificationPreferences(userId),
      ConsistentRead: true,
    }),
  );
  if (!res.Item) {
    const defaults = defaultNotificationPreferences();
    try {
      await deps.db.send(
        new PutCommand({
          TableName: deps.table,
          Item: preferencesItem(userId, defaults, now),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return defaults;
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
      // Saved meanwhile by the person: theirs wins.
      return getNotificationPreferences(deps, userId);
    }
  }
  const preferences = mergeNotificationPreferences(
    defaultNotificationPreferences(),
    (res.Item.preferences ?? {}) as Partial<NotificationPreferences>,
  );
  if (preferences.emailDigest === 'daily' && !res.Item.gsi2pk) {
    try {
      const index = keys.dailyDigestIndex(userId);
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.table,
          Key: keys.notificationPreferences(userId),
          UpdateExpression: 'SET gsi2pk = :p, gsi2sk = :s',
          // Only while the stored choice is still daily (a PUT meanwhile decides for itself).
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(preferences.emailDigest) OR preferences.emailDigest = :d)',
          ExpressionAttributeValues: { ':p': index.gsi2pk, ':s': index.gsi2sk, ':d': 'daily' },
        }),
      );
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
  return preferences;
}
