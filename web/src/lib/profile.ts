/**
 * `GET users/profile`: the signed-in user's profile and company entries (spec part 1 §7). Shared
 * by the header, the dashboard greeting, the profile page and the periodic session check.
 */
import type { ProfileResult } from '@shared/schemas/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Spec part 1 §9: the user profile is cached 15 minutes. */
const PROFILE_STALE_MS = 15 * 60_000;

export const profileQueryKey = ['session', 'profile'] as const;

export function getProfile(signal?: AbortSignal): Promise<ProfileResult> {
  return apiRequest<ProfileResult>('users.getProfile', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: PROFILE_STALE_MS,
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** 'Lucía Martínez Ortega', or the e-mail when the profile has no name. */
export function displayName(profile: Pick<ProfileResult, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${profile.firstName ?? ''} ${profile.lastName ?? ''}`.trim();
  return name || profile.email;
}
