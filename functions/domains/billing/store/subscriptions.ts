/** The subscription item of a user (`keys.subscription`); absent when the user pays for none. */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { Subscription } from '@shared/schemas/billing';
import type { BillingDeps } from './deps';

/** What is stored: the subscription and its bookkeeping. */
export interface SubscriptionRecord extends Subscription {
  userId: string;
  createdAt: string;
  updatedAt: string;
}

export async function getSubscription(
  deps: BillingDeps,
  userId: string,
): Promise<SubscriptionRecord | undefined> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.subscription(userId) }));
  return res.Item ? (stripKeys(res.Item) as unknown as SubscriptionRecord) : undefined;
}
