/** The billing domain's Lambda: for now, the caller's subscription (the web's plan gates). */

import { type AnyAction, createApiHandler, type RoutesOf } from '@functions/platform/http';
import { getSubscriptionRoute } from './actions/get-subscription';
import { type BillingDeps, makeDeps } from './store/deps';

export const billingActions: { [K in RoutesOf<'billing'>]: AnyAction<BillingDeps> } = {
  'billing.getSubscription': getSubscriptionRoute,
};

export const handler = createApiHandler('billing', billingActions, makeDeps);
