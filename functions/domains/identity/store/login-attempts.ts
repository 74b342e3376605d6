/**
 * The failed-login counter of one e-mail (`keys.loginAttempts`), for the AUTH_002 lock-out.
 * Failures are counted with an atomic ADD, so concurrent attempts cannot lose a count; the item
 * carries a TTL so abandoned counters disappear on their own.
 */

import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { failureExpiry, type LoginAttempts, lockDeadline, ttlOf } from '../model/lockout';
import type { StoreDeps } from './deps';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

const ENTITY = 'LoginAttempts';

export async function getLoginAttempts(deps: Deps, email: string): Promise<LoginAttempts | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.loginAttempts(email), ConsistentRead: true }),
  );
  const item = res.Item;
  if (!item) return undefined;
  const state: LoginAttempts = {
    failures: Number(item.failures ?? 0),
    expiresAt: Number(item.expiresAt ?? 0),
  };
  if (typeof item.lockedUntil === 'number') state.lockedUntil = item.lockedUntil;
  return state;
}

/**
 * Counts one failure and answers the new count. A counter past its expiry (TTL deletion is lazy)
 * restarts at one instead of adding to stale failures.
 */
export async function recordLoginFailure(deps: Deps, email: string, now: Date): Promise<number> {
  const expiresAt = failureExpiry(now);
  const common = {
    TableName: deps.table,
    Key: keys.loginAttempts(email),
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
          // With FAILURE_WINDOW_MS >= LOCK_MS, now + window is never earlier than a lock set before now,
          // so moving the expiry here never cuts a lock short.
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
          UpdateExpression: `SET failures = :one, expiresAt = :exp, ${setMeta} REMOVE lockedUntil`,
          ConditionExpression: 'expiresAt <= :now',
          ExpressionAttributeValues: values,
        }),
      );
      return 1;
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
  throw new Error('Could not record the login failure');
}

/**
 * Locks the e-mail until 30 minutes from now and restarts the count, so the first failure after
 * the lock ends does not lock it again at once. Answers the deadline.
 */
export async function lockLogin(deps: Deps, email: string, now: Date): Promise<Date> {
  const until = lockDeadline(now);
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.loginAttempts(email),
      UpdateExpression: 'SET lockedUntil = :until, failures = :zero, expiresAt = :until, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':until': until.getTime(), ':zero': 0, ':ttl': ttlOf(until) },
    }),
  );
  return until;
}

/** A successful login (or a password reset) clears the counter. */
export async function resetLoginAttempts(deps: Deps, email: string): Promise<void> {
  await deps.db.send(new DeleteCommand({ TableName: deps.table, Key: keys.loginAttempts(email) }));
}
