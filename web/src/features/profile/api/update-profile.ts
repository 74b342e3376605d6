import type { ProfileResult, UpdateProfileBody } from '@shared/schemas/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { profileQueryKey } from '@web/lib/profile';

/** `PUT users.updateProfile`: names and phone (`null` removes the phone). */
export function updateProfile(body: UpdateProfileBody): Promise<ProfileResult> {
  return apiRequest<ProfileResult>('users.updateProfile', { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
