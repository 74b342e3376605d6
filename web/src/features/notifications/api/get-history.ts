import type { Page } from '@shared/api/envelope';
import type { NotificationHistoryEntry } from '@shared/schemas/notification-analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

export const HISTORY_PAGE_SIZE = 20;

export interface GetHistoryParams {
  /** Zero-based. */
  page: number;
  size?: number;
  /** yyyy-mm-dd, both included. */
  from?: string;
  to?: string;
}

/** `GET notifications.history`: the caller's notifications with the channels each went through. */
export function getNotificationHistory(
  companyId: string,
  { page, size = HISTORY_PAGE_SIZE, from, to }: GetHistoryParams,
  signal?: AbortSignal,
): Promise<Page<NotificationHistoryEntry>> {
  return apiRequest<Page<NotificationHistoryEntry>>('notifications.history', {
    query: { page, size, from, to },
    companyId,
    signal,
  });
}

export const getNotificationHistoryQueryOptions = (companyId: string, params: GetHistoryParams) => {
  const normalised = { ...params, size: params.size ?? HISTORY_PAGE_SIZE };
  return queryOptions({
    queryKey: notificationsKeys.history(companyId, normalised),
    queryFn: ({ signal }) => getNotificationHistory(companyId, normalised, signal),
    placeholderData: keepPreviousData,
  });
};

export function useNotificationHistory(companyId: string, params: GetHistoryParams) {
  return useQuery(getNotificationHistoryQueryOptions(companyId, params));
}
