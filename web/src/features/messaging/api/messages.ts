import type { Page } from '@shared/api/envelope';
import type { ConversationMessage, SendMessageBody } from '@shared/schemas/messaging';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type * as z from 'zod';
import { refreshMessaging } from './cache';
import { MESSAGING_POLL_MS } from './conversations';
import { messagingKeys } from './keys';

/** Messages per page of a thread (the newest first, then 'Cargar anteriores'). */
export const MESSAGES_PAGE_SIZE = 50;

export interface MessagesPage {
  /** Oldest first. */
  messages: ConversationMessage[];
  /** Whether older messages may exist (the page came full). */
  hasOlder: boolean;
}

/** Ids start with 13 digits of epoch ms, so they sort by time. */
const byId = (a: ConversationMessage, b: ConversationMessage) => a.id.localeCompare(b.id);

/**
 * `GET messages.list`: one page of a conversation, the newest messages, or those older than
 * `before` (a message id). Read as a list (a page's `content` is accepted too), oldest first.
 */
export async function listMessages(
  companyId: string,
  conversationId: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const data = await apiRequest<ConversationMessage[] | Page<ConversationMessage>>('messages.list', {
    params: { conversationId },
    query: { before: before ?? undefined, size: MESSAGES_PAGE_SIZE },
    companyId,
    signal,
  });
  const items = Array.isArray(data) ? data : data.content;
  return { messages: [...items].sort(byId), hasOlder: items.length >= MESSAGES_PAGE_SIZE };
}

export const messagesQueryOptions = (companyId: string, conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.messages(companyId, conversationId),
    queryFn: ({ pageParam, signal }) => listMessages(companyId, conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    // Pages go back in time: the next one is older than the oldest message read so far.
    getNextPageParam: (last) => (last.hasOlder ? (last.messages[0]?.id ?? null) : null),
    refetchInterval: MESSAGING_POLL_MS,
  });

export function useMessages(companyId: string, conversationId: string) {
  return useInfiniteQuery(messagesQueryOptions(companyId, conversationId));
}

/** Every message read so far, oldest first, without repeats (a refetch may overlap pages). */
export function flattenMessages(data: InfiniteData<MessagesPage> | undefined): ConversationMessage[] {
  const seen = new Map<string, ConversationMessage>();
  for (const page of data?.pages ?? []) for (const message of page.messages) seen.set(message.id, message);
  return [...seen.values()].sort(byId);
}

/** `POST messages.send`: a message in the conversation (priority NORMAL unless asked). */
export function sendMessage(
  companyId: string,
  conversationId: string,
  body: z.input<typeof SendMessageBody>,
): Promise<ConversationMessage> {
  return apiRequest<ConversationMessage>('messages.send', { params: { conversationId }, body, companyId });
}

export function useSendMessage(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      conversationId,
      body,
    }: {
      conversationId: string;
      body: z.input<typeof SendMessageBody>;
    }) => sendMessage(companyId, conversationId, body),
    onSuccess: (message, { conversationId }) => {
      // The sent message shows at once, at the end of the newest page; the refetch confirms it.
      queryClient.setQueryData<InfiniteData<MessagesPage>>(
        messagingKeys.messages(companyId, conversationId),
        (current) => {
          if (!current || current.pages.length === 0) return current;
          const [newest, ...older] = current.pages;
          if (!newest || newest.messages.some((m) => m.id === message.id)) return current;
          return { ...current, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
        },
      );
    },
    onSettled: (_data, _error, { conversationId }) =>
      refreshMessaging(queryClient, companyId, conversationId),
  });
}

/** `POST messages.markRead`: the caller's side has read the conversation. */
export function markConversationRead(companyId: string, conversationId: string): Promise<unknown> {
  return apiRequest<unknown>('messages.markRead', { params: { conversationId }, companyId });
}

export function useMarkConversationRead(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => markConversationRead(companyId, conversationId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(companyId) }),
        queryClient.invalidateQueries({ queryKey: messagingKeys.unread(companyId) }),
      ]),
  });
}
