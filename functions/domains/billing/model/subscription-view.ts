import type { Subscription } from '@shared/schemas/billing';
import type { SubscriptionRecord } from '../store/subscriptions';

/** What the API answers of a stored subscription: the contract's fields, none of the bookkeeping. */
export function subscriptionView(record: SubscriptionRecord): Subscription {
  return {
    subscriptionId: record.subscriptionId,
    planCategory: record.planCategory,
    planCode: record.planCode,
    planName: record.planName,
    status: record.status,
    limits: record.limits,
    addons: record.addons ?? [],
    currentPeriodEnd: record.currentPeriodEnd,
    trialEndsAt: record.trialEndsAt ?? null,
    startedAt: record.startedAt,
  };
}
