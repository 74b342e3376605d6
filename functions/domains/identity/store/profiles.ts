/** User profiles in DynamoDB (items built by shared/db/records.ts). */

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { stripKeys, type UserProfile } from '@shared/db/records';
import type { StoreDeps } from './deps';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

const toProfile = (item: Record<string, unknown>): UserProfile => stripKeys(item) as unknown as UserProfile;

export async function getProfile(deps: Deps, userId: string): Promise<UserProfile | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.userProfile(userId), ConsistentRead: true }),
  );
  return res.Item ? toProfile(res.Item) : undefined;
}

export { findProfileByEmail } from '@functions/lib/directory';

/** True when some account already claimed this e-mail. */
export async function isEmailClaimed(deps: Deps, email: string): Promise<boolean> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.emailClaim(email), ProjectionExpression: 'pk' }),
  );
  return Boolean(res.Item);
}

export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  /** `null` removes the phone. */
  phone?: string | null;
  emailVerified?: boolean;
  /** An ADMIN's switch (admin.setUserStatus); a deactivated profile cannot log in. */
  isActive?: boolean;
}

/** Updates some fields of an existing profile; undefined when there is no such profile. */
export async function updateProfile(
  deps: Deps,
  userId: string,
  patch: ProfilePatch,
  now: Date,
): Promise<UserProfile | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':updatedAt': now.toISOString() };
  const sets = ['updatedAt = :updatedAt'];
  const removes: string[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null) removes.push(`#${field}`);
    else {
      sets.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  try {
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.userProfile(userId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes ? toProfile(res.Attributes) : undefined;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return undefined;
    throw e;
  }
}
