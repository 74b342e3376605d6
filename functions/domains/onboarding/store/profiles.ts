/** The little the onboarding reads of a user's profile: whether a CLIENTE is an autónomo. */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { OnboardingDeps } from './deps';

type Deps = Pick<OnboardingDeps, 'db' | 'table'>;

export async function isAutonomousUser(deps: Deps, userId: string): Promise<boolean> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.userProfile(userId),
      ProjectionExpression: 'isAutonomous',
    }),
  );
  return res.Item?.isAutonomous === true;
}
