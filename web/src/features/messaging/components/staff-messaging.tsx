/**
 * /app/messaging for the company's staff (spec part 1 §2 gestor routes; part 3 §7 'Messaging'): the
 * conversations with the company's clients beside the open one. `?conversationId=` (a notification's
 * link) opens that one; otherwise the most recent. 'Nueva conversación' opens one with a client
 * member; it shows only to whoever may list the company's members.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { Button, Card, Col, Row } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useConversations } from '../api/conversations';
import { useSendMessage } from '../api/messages';
import { useCanWriteMessages } from '../api/writer';
import { useLiveMessaging } from '../live/use-live-messaging';
import { ConversationList } from './conversation-list';
import { MessageComposer } from './message-composer';
import { MessageThread, NO_MESSAGES } from './message-thread';
import { NewConversationModal } from './new-conversation-modal';

/** The conversation a notification's link opens (`/app/messaging?conversationId=`). */
export const CONVERSATION_PARAM = 'conversationId';

export function StaffMessaging({ companyId }: { companyId: string }) {
  const can = useCanCall();
  const canSend = useCanWriteMessages();
  const canStart = canSend && can('companyUsers.list') && can('messages.startConversation');
  const conversations = useConversations(companyId);
  const send = useSendMessage(companyId);
  const [search, setSearch] = useSearchParams();
  const [starting, setStarting] = useState(false);

  const list = conversations.data ?? [];
  const asked = search.get(CONVERSATION_PARAM);
  const selected = list.find((c) => c.conversationId === asked) ?? (asked ? null : (list[0] ?? null));
  const openId = selected?.conversationId ?? asked ?? null;
  useLiveMessaging(companyId, openId);

  const select = (conversationId: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(CONVERSATION_PARAM, conversationId);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Mensajes"
        meta="Conversaciones con los clientes de la empresa"
        actions={
          canStart ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setStarting(true)}>
              Nueva conversación
            </Button>
          ) : null
        }
      />
      {conversations.isPending ? (
        <LoadingBlock label="Cargando conversaciones" />
      ) : conversations.isError ? (
        <LoadError
          title="Error cargando conversaciones"
          error={conversations.error}
          onRetry={() => void conversations.refetch()}
        />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={9}>
            <Card styles={{ body: { padding: 0 } }}>
              <ConversationList conversations={list} selectedId={openId} onSelect={select} />
            </Card>
          </Col>
          <Col xs={24} md={15}>
            {openId ? (
              <Card title={selected?.clientName ?? 'Conversación'}>
                <MessageThread
                  key={openId}
                  companyId={companyId}
                  conversationId={openId}
                  unreadCount={selected?.unreadCount ?? 0}
                  viewerIsStaff
                  markRead={canSend}
                  composer={
                    canSend ? (
                      <MessageComposer
                        onSend={(body) => send.mutateAsync({ conversationId: openId, body })}
                        placeholder="Escribe tu respuesta…"
                      />
                    ) : null
                  }
                />
              </Card>
            ) : (
              <Card>
                <p style={{ margin: 0 }}>{list.length === 0 ? NO_MESSAGES : 'Selecciona una conversación'}</p>
              </Card>
            )}
          </Col>
        </Row>
      )}
      {canStart ? (
        <NewConversationModal
          companyId={companyId}
          open={starting}
          onClose={() => setStarting(false)}
          onStarted={(conversation) => {
            setStarting(false);
            select(conversation.conversationId);
          }}
        />
      ) : null}
    </>
  );
}
