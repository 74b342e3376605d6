import type { ChangePasswordInput, MessageResult } from '@shared/schemas/identity';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** `POST auth.changePassword`: Cognito checks the current password with the caller's own token. */
export function changePassword(body: ChangePasswordInput): Promise<MessageResult> {
  return apiRequest<MessageResult>('auth.changePassword', { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
