/**
 * GET billing/subscription: the caller's own subscription. A CLIENTE invited by its gestoría pays
 * for nothing and inherits nothing: 404 CORE_006, which the client reads as "no subscription"
 * (spec part 1 §8), not as an error. The web asks `billing/subscription/status` instead, which
 * says "none" without a failing request.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { Subscription } from '@shared/schemas/billing';
import { subscriptionView } from '../model/subscription-view';
import type { BillingDeps } from '../store/deps';
import { getSubscription as readSubscription } from '../store/subscriptions';

export const NO_SUBSCRIPTION_MESSAGE = 'No tienes ninguna suscripción.';

export async function getSubscription(
  input: { auth: AuthContext },
  deps: BillingDeps,
): Promise<Subscription> {
  const record = await readSubscription(deps, input.auth.userId);
  if (!record) throw new AppError('CORE_006', NO_SUBSCRIPTION_MESSAGE);
  return subscriptionView(record);
}

export const getSubscriptionRoute = defineUserAction({
  run: ({ auth }, deps: BillingDeps) => getSubscription({ auth }, deps),
});
