import type { MessageResult, TokenValidation } from '@shared/schemas/identity';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** GET auth/reset-password/validate?token=: valid or not, and the account's masked e-mail. */
export const validateResetToken = (token: string, signal?: AbortSignal): Promise<TokenValidation> =>
  apiRequest<TokenValidation>('auth.resetPasswordValidate', { query: { token }, signal });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-password', token],
    queryFn: ({ signal }) => validateResetToken(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useResetToken = (token: string) =>
  useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });

/** POST auth/reset-password `{ token, newPassword }`: single use; clears a login lock-out too. */
export const resetPassword = (input: { token: string; newPassword: string }): Promise<MessageResult> =>
  apiRequest<MessageResult>('auth.resetPassword', { body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
