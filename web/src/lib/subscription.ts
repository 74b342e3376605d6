/**
 * The signed-in user's plan, read by the menus and the plan gates (spec part 1 §6). Asked through
 * `GET billing/subscription/status`, which answers `{ subscription: null }` when there is none: a
 * freshly registered autónomo or gestoría has no plan, and a 404 on every page would be logged by
 * the browser as a failed request (issue 10 item 7). `GET billing/subscription` keeps its 404.
 */
import type { Subscription, SubscriptionLookup } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

const SUBSCRIPTION_STALE_MS = 5 * 60_000;

export const subscriptionQueryKey = ['session', 'subscription'] as const;

/** The subscription, or null when the user has none. */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  const answer = await apiRequest<SubscriptionLookup>('billing.getSubscriptionStatus', { signal });
  return answer.subscription;
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => getSubscription(signal),
    staleTime: SUBSCRIPTION_STALE_MS,
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
