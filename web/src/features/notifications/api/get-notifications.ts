import type { Page } from '@shared/api/envelope';
import type { Notification } from '@shared/schemas/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { notificationsKeys } from './keys';

/** Spec part 3 §9: notification page size 20 (the API refuses more than 100). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface GetNotificationsParams {
  /** Zero-based. */
  page: number;
  size?: number;
  unreadOnly?: boolean;
}

/** `GET notifications.list`: the caller's notifications in the company, newest first. */
export function getNotifications(
  companyId: string,
  { page, size = NOTIFICATIONS_PAGE_SIZE, unreadOnly = false }: GetNotificationsParams,
  signal?: AbortSignal,
): Promise<Page<Notification>> {
  return apiRequest<Page<Notification>>('notifications.list', {
    query: { page, size, unreadOnly: unreadOnly ? 'true' : undefined },
    companyId,
    signal,
  });
}

export const getNotificationsQueryOptions = (companyId: string, params: GetNotificationsParams) => {
  const normalised = {
    page: params.page,
    size: params.size ?? NOTIFICATIONS_PAGE_SIZE,
    unreadOnly: params.unreadOnly ?? false,
  };
  return queryOptions({
    queryKey: notificationsKeys.list(companyId, normalised),
    queryFn: ({ signal }) => getNotifications(companyId, normalised, signal),
    placeholderData: keepPreviousData,
  });
};

export function useNotifications(companyId: string, params: GetNotificationsParams) {
  return useQuery(getNotificationsQueryOptions(companyId, params));
}
