import type { MessageResult } from '@shared/schemas/identity';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/**
 * POST auth/verify-email/resend-by-email `{ email }`: a new verification link if the account exists
 * and is unverified. The answer is the same either way (no account enumeration).
 */
export const resendVerificationByEmail = (email: string): Promise<MessageResult> =>
  apiRequest<MessageResult>('auth.verifyEmailResendByEmail', { body: { email: email.trim() } });

export const useResendVerification = () => useMutation({ mutationFn: resendVerificationByEmail });
