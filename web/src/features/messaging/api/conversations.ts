import type { Page } from '@shared/api/envelope';
import type { Conversation, StartConversationBody } from '@shared/schemas/messaging';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type * as z from 'zod';
import { refreshMessaging } from './cache';
import { messagingKeys } from './keys';

/**
 * Polling while a messaging page is open: the WebSocket brings new messages at once; this is the
 * safety net when the socket is down (web/src/lib/push-messages.ts).
 */
export const MESSAGING_POLL_MS = 30_000;

/**
 * `GET messages.conversations`: a CLIENTE's own conversation, or every conversation of the company
 * for its staff, most recent first. Read as a list (a page's `content` is accepted too).
 */
export async function listConversations(companyId: string, signal?: AbortSignal): Promise<Conversation[]> {
  const data = await apiRequest<Conversation[] | Page<Conversation>>('messages.conversations', {
    companyId,
    signal,
  });
  const items = Array.isArray(data) ? data : data.content;
  return [...items].sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)));
}

/** When the conversation last moved: its last message, or its creation. */
export const lastActivity = (conversation: Conversation): string =>
  conversation.lastMessage?.timestamp ?? conversation.updatedAt;

export const conversationsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: messagingKeys.conversations(companyId),
    queryFn: ({ signal }) => listConversations(companyId, signal),
    refetchInterval: MESSAGING_POLL_MS,
  });

export function useConversations(companyId: string) {
  return useQuery(conversationsQueryOptions(companyId));
}

/**
 * `POST messages.startConversation`: staff open (or find) the conversation with one client member
 * (`clientUserId`); a CLIENTE opens (or finds) its own (no body field).
 */
export function startConversation(
  companyId: string,
  body: z.input<typeof StartConversationBody>,
): Promise<Conversation> {
  return apiRequest<Conversation>('messages.startConversation', { body, companyId });
}

export function useStartConversation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof StartConversationBody>) => startConversation(companyId, body),
    onSuccess: (conversation) => {
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations(companyId), (current) =>
        current && !current.some((c) => c.conversationId === conversation.conversationId)
          ? [conversation, ...current]
          : current,
      );
    },
    onSettled: () => refreshMessaging(queryClient, companyId),
  });
}
