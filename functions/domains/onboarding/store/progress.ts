/**
 * The onboarding progress item (`keys.onboardingProgress`): one per user, written with an
 * optimistic lock on `version`, so two tabs changing it at once cannot lose each other's step.
 */

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { OnboardingRecord } from '../model/progress';
import type { OnboardingDeps } from './deps';

type Deps = Pick<OnboardingDeps, 'db' | 'table'>;

/** A lost race is re-read and re-applied; a change that keeps losing is refused. */
const MAX_ATTEMPTS = 3;

export async function getProgress(deps: Deps, userId: string): Promise<OnboardingRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.onboardingProgress(userId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as OnboardingRecord) : undefined;
}

export const progressItem = (record: OnboardingRecord) => ({
  ...keys.onboardingProgress(record.userId),
  entity: 'OnboardingProgress',
  v: SCHEMA_VERSION,
  ...record,
});

/** Writes `next` only if the stored item is still the one read (`seen`); false when it changed. */
async function putIfUnchanged(
  deps: Deps,
  seen: OnboardingRecord | undefined,
  next: OnboardingRecord,
): Promise<boolean> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: progressItem(next),
        ...(seen
          ? {
              ConditionExpression: '#version = :seen',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':seen': seen.version },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/**
 * Reads the progress, applies `change` (pure; the same object back means nothing to write) and
 * writes the result conditionally; on a lost race it reads again and re-applies the change.
 */
export async function changeProgress(
  deps: Deps,
  userId: string,
  change: (current: OnboardingRecord | undefined) => OnboardingRecord,
): Promise<OnboardingRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await getProgress(deps, userId);
    const next = change(current);
    if (next === current) return next;
    const versioned = { ...next, version: (current?.version ?? 0) + 1 };
    if (await putIfUnchanged(deps, current, versioned)) return versioned;
  }
  throw new AppError(
    'CORE_004',
    'Tu configuración inicial ha cambiado en otra pestaña. Recarga la página y vuelve a intentarlo.',
  );
}
