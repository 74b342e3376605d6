/** Fixed-window counters of the per-account limits (`keys.rateWindow`), one atomic ADD per request. */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { ACCOUNT_RATE_RULES, overLimit, type RateAction, windowStartOf } from '../model/rate-limits';
import type { StoreDeps } from './deps';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

/** Counts one request of `subject` for `action` in the current window and answers the new count. */
export async function countRequest(
  deps: Deps,
  action: RateAction,
  subject: string,
  now: Date,
): Promise<number> {
  const rule = ACCOUNT_RATE_RULES[action];
  const start = windowStartOf(rule, now);
  const res = await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.rateWindow(action, subject, start),
      UpdateExpression: 'ADD requests :one SET entity = :entity, v = :v, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      // The item outlives its window by one more, then DynamoDB's TTL removes it.
      ExpressionAttributeValues: {
        ':one': 1,
        ':entity': 'RateWindow',
        ':v': SCHEMA_VERSION,
        ':ttl': start + 2 * rule.windowSeconds,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.requests ?? 1);
}

/** Counts the request and answers the seconds to wait when it is over the limit, else undefined. */
export async function retryAfterOverLimit(
  deps: Deps,
  action: RateAction,
  subject: string,
  now: Date,
): Promise<number | undefined> {
  return overLimit(action, await countRequest(deps, action, subject, now), now);
}
