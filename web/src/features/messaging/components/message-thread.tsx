/**
 * One conversation (spec part 3 §3 'Conversation item': isFromGestor, timestamp, content): the
 * caller's messages on the right, the other side's on the left, es-ES timestamps, a document upload
 * as 'Ha enviado N documentos' with its message; 'Cargar anteriores' pages back. Opening the thread,
 * and a new message arriving while it is open, mark the conversation read for the caller's side.
 */
import type { ConversationMessage } from '@shared/schemas/messaging';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { formatDateTime } from '@web/lib/format';
import { Button, Flex, Tag, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { flattenMessages, useMarkConversationRead, useMessages } from '../api/messages';

export const NO_MESSAGES = 'No hay mensajes todavía';

/** 'Ha enviado 3 documentos' / 'Ha enviado 1 documento'. */
export function documentUploadText(count: number): string {
  return `Ha enviado ${count} ${count === 1 ? 'documento' : 'documentos'}`;
}

export interface MessageThreadProps {
  companyId: string;
  conversationId: string;
  /** Unread for the caller's side when the thread opens (from the conversation list). */
  unreadCount: number;
  /** Staff read the gestoría's messages as their own; a client its own. */
  viewerIsStaff: boolean;
  /** Whether the caller's side marks what it reads (only those who may write: not an outside admin). */
  markRead?: boolean;
  /** The composer, when the caller may write. */
  composer?: ReactNode;
}

export function MessageThread({
  companyId,
  conversationId,
  unreadCount,
  viewerIsStaff,
  markRead = true,
  composer,
}: MessageThreadProps) {
  const query = useMessages(companyId, conversationId);
  const messages = flattenMessages(query.data);
  useMarkReadWhileOpen(
    companyId,
    conversationId,
    unreadCount,
    viewerIsStaff,
    markRead && query.isSuccess,
    messages,
  );
  const bottom = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id ?? null;
  // A new message (sent or received) scrolls into view; paging back does not move the reader.
  useLayoutEffect(() => {
    if (newestId) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock label="Cargando mensajes" />;
  else if (query.isError && messages.length === 0)
    body = (
      <LoadError title="Error cargando mensajes" error={query.error} onRetry={() => void query.refetch()} />
    );
  else if (messages.length === 0) body = <EmptyState description={NO_MESSAGES} />;
  else
    body = (
      <Flex vertical gap={8}>
        {query.hasNextPage ? (
          <Flex justify="center">
            <Button
              size="small"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Cargar anteriores
            </Button>
          </Flex>
        ) : null}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} mine={message.isFromGestor === viewerIsStaff} />
        ))}
      </Flex>
    );

  return (
    <Flex vertical gap={12} style={{ minHeight: 0, flex: 1 }}>
      <section
        aria-label="Mensajes de la conversación"
        style={{ overflowY: 'auto', maxHeight: '60vh', minHeight: 200, padding: '4px 2px' }}
      >
        {body}
        <div ref={bottom} />
      </section>
      {composer}
    </Flex>
  );
}

function MessageBubble({ message, mine }: { message: ConversationMessage; mine: boolean }) {
  const { token } = theme.useToken();
  const isUpload = message.kind === 'DOCUMENT_UPLOAD';
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'}>
      <article
        aria-label={`Mensaje de ${message.senderName}`}
        style={{
          maxWidth: '75%',
          padding: '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: mine ? token.colorPrimaryBg : token.colorFillTertiary,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Flex align="center" gap={8} wrap style={{ fontSize: token.fontSizeSM }}>
          <Typography.Text strong>{mine ? 'Tú' : message.senderName}</Typography.Text>
          {message.priority === 'HIGH' ? <Tag color="red">Prioridad alta</Tag> : null}
        </Flex>
        {isUpload ? (
          <Typography.Text strong style={{ display: 'block' }}>
            {documentUploadText(message.documentCount ?? message.documentIds.length)}
          </Typography.Text>
        ) : null}
        {message.content ? <div>{message.content}</div> : null}
        <Typography.Text
          type="secondary"
          style={{ fontSize: token.fontSizeSM, display: 'block', textAlign: 'right' }}
        >
          <time dateTime={message.timestamp}>{formatDateTime(message.timestamp)}</time>
        </Typography.Text>
      </article>
    </Flex>
  );
}

/**
 * Marks the conversation read when it opens with unread messages, and again each time a message of
 * the other side arrives while it is open. Each newest message of the other side is marked once.
 */
function useMarkReadWhileOpen(
  companyId: string,
  conversationId: string,
  unreadCount: number,
  viewerIsStaff: boolean,
  loaded: boolean,
  messages: ConversationMessage[],
) {
  const markRead = useMarkConversationRead(companyId);
  const mutate = markRead.mutate;
  const newestFromOther = [...messages].reverse().find((m) => m.isFromGestor !== viewerIsStaff)?.id ?? null;
  // Per conversation: whether its first page was seen yet, and the last message marked read.
  const seen = useRef<{ conversationId: string; opened: boolean; marked: string | null }>({
    conversationId,
    opened: false,
    marked: null,
  });
  useEffect(() => {
    if (seen.current.conversationId !== conversationId)
      seen.current = { conversationId, opened: false, marked: null };
    if (!loaded) return;
    const state = seen.current;
    if (!state.opened) {
      state.opened = true;
      state.marked = newestFromOther;
      if (unreadCount > 0) mutate(conversationId);
      return;
    }
    if (newestFromOther === null || state.marked === newestFromOther) return;
    state.marked = newestFromOther;
    mutate(conversationId);
  }, [conversationId, newestFromOther, unreadCount, loaded, mutate]);
}
