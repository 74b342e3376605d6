/**
 * `GET billing/subscription`: the signed-in user's plan, read by the menus and the plan gates
 * (spec part 1 §6). A 404 means "no subscription", not an error (spec part 1 §8).
 */
import type { Subscription } from '@shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';

const SUBSCRIPTION_STALE_MS = 5 * 60_000;

export const subscriptionQueryKey = ['session', 'subscription'] as const;

/** The subscription, or null when the user has none. */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  try {
    return await apiRequest<Subscription>('billing.getSubscription', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
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
