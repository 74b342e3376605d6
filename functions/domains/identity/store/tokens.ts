/**
 * Single-use tokens (`keys.oneTimeToken`, stored by SHA-256) and the mail that carries each one.
 * A token and its mail are written in one transaction (outbox pattern, ARCHITECTURE §5): no mail
 * without a stored token, no token without its mail.
 */

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { type MailMessage, mailOutboxItem } from '@shared/db/outbox';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { ttlOf } from '../model/lockout';
import type { OneTimeToken, TokenKind } from '../model/one-time-token';
import type { StoreDeps } from './deps';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

/** Used and expired tokens stay a day for auditing, then DynamoDB's TTL removes them. */
const KEEP_AFTER_EXPIRY_MS = 24 * 3_600_000;

export function tokenItem(t: OneTimeToken) {
  return {
    ...keys.oneTimeToken(t.tokenHash),
    entity: 'OneTimeToken',
    v: SCHEMA_VERSION,
    ...t,
    ttl: ttlOf(new Date(Date.parse(t.expiresAt) + KEEP_AFTER_EXPIRY_MS)),
  };
}

export async function getToken(deps: Deps, tokenHash: string): Promise<OneTimeToken | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.oneTimeToken(tokenHash), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as OneTimeToken) : undefined;
}

/** Stores a token and the outbox item of its mail in one transaction. */
export async function putTokenWithMail(
  deps: Deps,
  token: OneTimeToken,
  mail: { outboxId: string; message: MailMessage },
  now: Date,
): Promise<void> {
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: deps.table,
            Item: tokenItem(token),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: deps.table,
            Item: mailOutboxItem(mail.outboxId, mail.message, now),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}

/**
 * Consumes a token: one conditional update that succeeds for exactly one caller while the token is
 * of the kind, unused and unexpired. Answers the token, or undefined when it cannot be used.
 */
export async function consumeToken(
  deps: Deps,
  tokenHash: string,
  kind: TokenKind,
  now: Date,
): Promise<OneTimeToken | undefined> {
  try {
    const res = await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.oneTimeToken(tokenHash),
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND #kind = :kind AND attribute_not_exists(usedAt) AND expiresAt > :now',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':kind': kind },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes ? (stripKeys(res.Attributes) as unknown as OneTimeToken) : undefined;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return undefined;
    throw e;
  }
}

/** Compensation: gives a consumed token back when the work it authorised failed. */
export async function releaseToken(deps: Deps, tokenHash: string, usedAt: string): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.oneTimeToken(tokenHash),
        UpdateExpression: 'REMOVE usedAt',
        ConditionExpression: 'usedAt = :usedAt',
        ExpressionAttributeValues: { ':usedAt': usedAt },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}
