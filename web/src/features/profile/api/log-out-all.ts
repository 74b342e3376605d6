import type { MessageResult } from '@shared/schemas/identity';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/**
 * `POST auth.logoutAll`: ends every session of the caller on every device, this one included
 * (every access token already issued is refused, every refresh token revoked).
 */
export function logOutAll(): Promise<MessageResult> {
  return apiRequest<MessageResult>('auth.logoutAll');
}

export function useLogOutAll() {
  return useMutation({ mutationFn: logOutAll });
}
