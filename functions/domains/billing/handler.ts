/** The billing domain's Lambda: for now, the caller's subscription (the web's plan gates), and whether it has one. */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { getSubscriptionRoute } from './actions/get-subscription';
import { getSubscriptionStatusRoute } from './actions/get-subscription-status';
import { type BillingDeps, makeDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const billingActions: ActionsOf<'billing', BillingDeps> = {
  'billing.getSubscription': getSubscriptionRoute,
  'billing.getSubscriptionStatus': getSubscriptionStatusRoute,
};

export const handler = createApiHandler('billing', billingActions, makeDeps);
