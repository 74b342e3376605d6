/**
 * GET billing/subscription/status: the caller's subscription, or `null` when it has none, always
 * with a 200. A freshly registered autónomo or gestoría has no plan yet, and the web asks on every
 * page: a 404 there is logged by the browser as a failed request each time (issue 10 item 7).
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import type { SubscriptionLookup } from '@shared/schemas/billing';
import { subscriptionView } from '../model/subscription-view';
import type { BillingDeps } from '../store/deps';
import { getSubscription as readSubscription } from '../store/subscriptions';

export async function getSubscriptionStatus(
  input: { auth: AuthContext },
  deps: BillingDeps,
): Promise<SubscriptionLookup> {
  const record = await readSubscription(deps, input.auth.userId);
  return { subscription: record ? subscriptionView(record) : null };
}

export const getSubscriptionStatusRoute = defineUserAction({
  run: ({ auth }, deps: BillingDeps) => getSubscriptionStatus({ auth }, deps),
});
