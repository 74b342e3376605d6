import type { TokenValidation, VerifyEmailResult } from '@shared/schemas/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { isLinkRefusal } from '../utils/link-refusal';

export type VerifyEmailOutcome = { status: 'verified'; message: string } | { status: 'invalid' };

/** GET auth/verify-email/validate?token=: whether the link can still be used. */
export const validateVerificationToken = (token: string, signal?: AbortSignal): Promise<TokenValidation> =>
  apiRequest<TokenValidation>('auth.verifyEmailValidate', { query: { token }, signal });

/** POST auth/verify-email `{ token }`: consumes the link and confirms the account. */
export const verifyEmail = (token: string): Promise<VerifyEmailResult> =>
  apiRequest<VerifyEmailResult>('auth.verifyEmail', { body: { token } });

/**
 * Validate, then verify, as ONE query: react-query runs a key once however many times the page
 * mounts (React's strict mode mounts twice), so the single-use link is never consumed twice.
 */
export async function validateAndVerifyEmail(token: string): Promise<VerifyEmailOutcome> {
  const validation = await validateVerificationToken(token);
  if (!validation.valid) return { status: 'invalid' };
  try {
    const result = await verifyEmail(token);
    return { status: 'verified', message: result.message };
  } catch (error) {
    // Used up between the two calls (another tab, a double click): the link is dead like any other.
    if (isLinkRefusal(error)) return { status: 'invalid' };
    throw error;
  }
}

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => validateAndVerifyEmail(token),
    // The outcome of a single-use link never changes: no refetch, no retry behind the user's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useVerifyEmail = (token: string) =>
  useQuery({ ...verifyEmailQueryOptions(token), enabled: token !== '' });
