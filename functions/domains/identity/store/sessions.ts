/**
 * Ending a user's sessions (issue #12 item 3): the "valid after" instant the pipeline compares
 * every token with (functions/platform/session-validity.ts), and Cognito's global sign-out, which
 * revokes every refresh token so no new access token can be had from an old session.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { type SessionGate, validAfterSecondsOf } from '@functions/platform/session-validity';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { signOutEverywhere } from './cognito';
import type { StoreDeps } from './deps';

type Deps = StoreDeps & { sessionGate: SessionGate };

/**
 * Stores the instant (JWT seconds) before which the user's tokens stop counting. The instant only
 * moves forward: a later one already stored by a concurrent change is kept.
 */
export async function writeSessionsValidAfter(deps: Deps, userId: string, at: Date): Promise<number> {
  const validAfter = validAfterSecondsOf(at);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.sessionsValidAfter(userId),
        UpdateExpression: 'SET validAfter = :t, updatedAt = :at, entity = :entity, v = :v',
        ConditionExpression: 'attribute_not_exists(validAfter) OR validAfter < :t',
        ExpressionAttributeValues: {
          ':t': validAfter,
          ':at': at.toISOString(),
          ':entity': 'SessionsValidAfter',
          ':v': SCHEMA_VERSION,
        },
      }),
    );
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
  deps.sessionGate.remember(userId, validAfter);
  return validAfter;
}

/**
 * Ends every session of a user begun before `at`: the instant first (it alone already refuses the
 * access tokens), then the refresh tokens in Cognito. `username` is the Cognito user name or e-mail.
 */
export async function endSessions(
  deps: Deps,
  user: { userId: string; username: string },
  at: Date,
): Promise<void> {
  await writeSessionsValidAfter(deps, user.userId, at);
  await signOutEverywhere(deps, user.username);
}
