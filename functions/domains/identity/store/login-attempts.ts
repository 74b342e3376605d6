/**
 * The consecutive-failure counter of one account, for the AUTH_002 growing delay: `keys.loginAttempts`
 * (login, per e-mail) or `keys.passwordChangeAttempts` (change-password, per user). Failures are
 * counted with an atomic ADD, so concurrent attempts cannot lose a count; the item carries a TTL so
 * abandoned counters disappear on their own.
 */

import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import type { Key } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { type FailedAttempts, failureExpiry, ttlOf } from '../model/lockout';
import type { StoreDeps } from './deps';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

const ENTITY = 'FailedAttempts';

export async function getFailedAttempts(deps: Deps, key: Key): Promise<FailedAttempts | undefined> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: key, ConsistentRead: true }));
  const item = res.Item;
  if (!item) return undefined;
  const state: FailedAttempts = {
    failures: Number(item.failures ?? 0),
    expiresAt: Number(item.expiresAt ?? 0),
  };
  if (typeof item.retryAt === 'number') state.retryAt = item.retryAt;
  return state;
}

/**
 * Counts one failure and answers the new count. A counter past its expiry (TTL deletion is lazy)
 * restarts at one instead of adding to stale failures.
 */
export async function recordFailure(deps: Deps, key: Key, now: Date): Promise<number> {
  const expiresAt = failureExpiry(now);
  const common = {
    TableName: deps.table,
    Key: key,
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ReturnValues: 'ALL_NEW' as const,
  };
  const values = {
    ':one': 1,
    ':now': now.getTime(),
    ':exp': expiresAt.getTime(),
    ':ttl': ttlOf(expiresAt),
    ':entity': ENTITY,
    ':v': SCHEMA_VERSION,
  };
  const setMeta = 'entity = :entity, v = :v, lastFailureAt = :now, #ttl = :ttl';
  // Two rounds at most: a concurrent request may restart the counter between our two updates.
  for (let round = 0; round < 2; round++) {
    try {
      const res = await deps.db.send(
        new UpdateCommand({
          ...common,
          // FAILURE_WINDOW_MS is longer than the longest delay, so moving the expiry here never
          // cuts a delay short.
          UpdateExpression: `ADD failures :one SET ${setMeta}, expiresAt = :exp`,
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt > :now',
          ExpressionAttributeValues: values,
        }),
      );
      return Number(res.Attributes?.failures ?? 1);
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
    try {
      await deps.db.send(
        new UpdateCommand({
          ...common,
          UpdateExpression: `SET failures = :one, expiresAt = :exp, ${setMeta} REMOVE retryAt`,
          ConditionExpression: 'expiresAt <= :now',
          ExpressionAttributeValues: values,
        }),
      );
      return 1;
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
  throw new Error('Could not record the failure');
}

/**
 * Makes the account wait until `until`. The count is kept (the next failure waits twice as long);
 * a later deadline already stored by a concurrent failure is never shortened.
 */
export async function delayAttempts(deps: Deps, key: Key, until: Date): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: key,
        UpdateExpression: 'SET retryAt = :until',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(retryAt) OR retryAt < :until)',
        ExpressionAttributeValues: { ':until': until.getTime() },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}

/** A successful attempt (or a password reset) clears the counter. */
export async function clearFailedAttempts(deps: Deps, key: Key): Promise<void> {
  await deps.db.send(new DeleteCommand({ TableName: deps.table, Key: key }));
}
