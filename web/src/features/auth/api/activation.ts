import type { ActivateBody, ActivationResult, ActivationValidation } from '@shared/schemas/activation';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** GET auth/activation/validate?token=: the company and masked e-mail of an invitation, if still valid. */
export const validateActivation = (token: string, signal?: AbortSignal): Promise<ActivationValidation> =>
  apiRequest<ActivationValidation>('auth.activationValidate', { query: { token }, signal });

export const activationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'activation', token],
    queryFn: ({ signal }) => validateActivation(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useActivation = (token: string) =>
  useQuery({ ...activationQueryOptions(token), enabled: token !== '' });

/** POST auth/activation: creates the account; the client then signs in with the returned e-mail. */
export const activateAccount = (body: ActivateBody): Promise<ActivationResult> =>
  apiRequest<ActivationResult>('auth.activate', { body });

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });
