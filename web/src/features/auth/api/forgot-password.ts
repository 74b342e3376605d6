import type { MessageResult } from '@shared/schemas/identity';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** POST auth/forgot-password `{ email }`: mails a reset link if the account exists; same answer either way. */
export const requestPasswordReset = (email: string): Promise<MessageResult> =>
  apiRequest<MessageResult>('auth.forgotPassword', { body: { email: email.trim() } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
