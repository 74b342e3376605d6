import type { QueryClient } from '@tanstack/react-query';
import { messagingKeys } from './keys';

/**
 * After a message was sent, read or received: the conversation list (last message, unread badges),
 * the menu's unread count and, when named, that conversation's thread are read again.
 */
export async function refreshMessaging(
  queryClient: QueryClient,
  companyId: string,
  conversationId?: string | null,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(companyId) }),
    queryClient.invalidateQueries({ queryKey: messagingKeys.unread(companyId) }),
    conversationId
      ? queryClient.invalidateQueries({ queryKey: messagingKeys.messages(companyId, conversationId) })
      : Promise.resolve(),
    // The client dashboard shows the latest messages and the unread count (spec part 3 §3).
    queryClient.invalidateQueries({ queryKey: ['client-dashboard', companyId] }),
  ]);
}
