import type { UnreadCount } from '@shared/schemas/messaging';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { useCompanyId } from '@web/lib/company';
import { useMessageNotifications } from '../live/use-message-notifications';
import { messagingKeys } from './keys';

/** The menu's count is refreshed by the socket (a received message) and, as a safety net, every minute. */
const UNREAD_POLL_MS = 60_000;

/** `GET messages.unreadCount`: messages the caller's side has not read in the company. */
export function getUnreadMessages(companyId: string, signal?: AbortSignal): Promise<UnreadCount> {
  return apiRequest<UnreadCount>('messages.unreadCount', { companyId, signal });
}

export const unreadMessagesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: messagingKeys.unread(companyId),
    queryFn: ({ signal }) => getUnreadMessages(companyId, signal),
    refetchInterval: UNREAD_POLL_MS,
  });

/**
 * Unread messages of the signed-in person in the selected company, for the menu's badge: 0 while
 * unknown, without a company, or when the count cannot be read. A message pushed over the
 * WebSocket refreshes it at once.
 */
export function useUnreadMessages(): number {
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  useMessageNotifications(companyId, () => {
    if (companyId) void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(companyId) });
  });
  const query = useQuery({ ...unreadMessagesQueryOptions(companyId ?? ''), enabled: companyId !== null });
  return companyId ? (query.data?.unread ?? 0) : 0;
}
