/**
 * /app/messages for a client (spec part 1 §2 client menu; part 3 §3): its own conversation with
 * its gestoría. Before the first message there is none: sending opens it. `?action=new` (the
 * dashboard's quick query) puts the cursor in the composer.
 */
import type { SendMessageBody } from '@shared/schemas/messaging';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { Card, Flex } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useConversations, useStartConversation } from '../api/conversations';
import { useSendMessage } from '../api/messages';
import { useCanWriteMessages } from '../api/writer';
import { useLiveMessaging } from '../live/use-live-messaging';
import { ComposerError, MessageComposer } from './message-composer';
import { MessageThread, NO_MESSAGES } from './message-thread';
import { START_FAILED } from './new-conversation-modal';

export function ClientMessages({ companyId }: { companyId: string }) {
  const canSend = useCanWriteMessages();
  const conversations = useConversations(companyId);
  const start = useStartConversation(companyId);
  const send = useSendMessage(companyId);
  const [search] = useSearchParams();
  const conversation = conversations.data?.[0] ?? null;
  useLiveMessaging(companyId, conversation?.conversationId ?? null);

  const onSend = async (body: SendMessageBody) => {
    let conversationId = conversation?.conversationId;
    if (!conversationId) {
      try {
        conversationId = (await start.mutateAsync({})).conversationId;
      } catch (error) {
        throw new ComposerError(START_FAILED, { cause: error });
      }
    }
    return send.mutateAsync({ conversationId, body });
  };
  const composer = canSend ? (
    <MessageComposer
      onSend={onSend}
      placeholder="Escribe a tu gestoría…"
      autoFocus={search.get('action') === 'new'}
    />
  ) : null;

  return (
    <>
      <PageHeader title="Mensajes" meta="Tu conversación con la gestoría" />
      {conversations.isPending ? (
        <LoadingBlock label="Cargando mensajes" />
      ) : conversations.isError ? (
        <LoadError
          title="Error cargando mensajes"
          error={conversations.error}
          onRetry={() => void conversations.refetch()}
        />
      ) : (
        <Card>
          {conversation ? (
            <MessageThread
              key={conversation.conversationId}
              companyId={companyId}
              conversationId={conversation.conversationId}
              unreadCount={conversation.unreadCount}
              viewerIsStaff={false}
              markRead={canSend}
              composer={composer}
            />
          ) : (
            <Flex vertical gap={12}>
              <EmptyState description={NO_MESSAGES} />
              {composer}
            </Flex>
          )}
        </Card>
      )}
    </>
  );
}
