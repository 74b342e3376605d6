import type { CleanupBody } from '@shared/schemas/notification-analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { CleanupResult } from '../types';
import { refreshNotifications } from './cache';

/** `POST notifications.cleanup`: deletes the caller's read notifications older than N days. */
export function cleanupNotifications(companyId: string, body: CleanupBody): Promise<CleanupResult> {
  return apiRequest<CleanupResult>('notifications.cleanup', { body, companyId });
}

export function useCleanupNotifications(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CleanupBody) => cleanupNotifications(companyId, body),
    onSettled: () => refreshNotifications(queryClient, companyId),
  });
}
