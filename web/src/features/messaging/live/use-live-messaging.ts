import { useQueryClient } from '@tanstack/react-query';
import { refreshMessaging } from '../api/cache';
import { useMessageNotifications } from './use-message-notifications';

/**
 * While a messaging page is open: a message pushed over the WebSocket refetches the conversations,
 * the unread count and the open thread (which then marks itself read).
 */
export function useLiveMessaging(companyId: string, openConversationId: string | null): void {
  const queryClient = useQueryClient();
  useMessageNotifications(companyId, () => void refreshMessaging(queryClient, companyId, openConversationId));
}
