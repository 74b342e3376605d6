/**
 * The company's conversations for its staff: each with the client's name, the last message, how
 * long ago it moved (spec part 3 §9 relative times) and the messages the staff have not read.
 */
import type { Conversation } from '@shared/schemas/messaging';
import { EmptyState } from '@web/components/load-states';
import { relativeTime } from '@web/lib/relative-time';
import { Badge, Flex, Typography, theme } from 'antd';
import { lastActivity } from '../api/conversations';

export const NO_CONVERSATIONS = 'No hay conversaciones todavía';

export interface ConversationListProps {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
  /** The clock the relative times are read at (tests pass their own). */
  now?: Date;
}

export function ConversationList({ conversations, selectedId, onSelect, now }: ConversationListProps) {
  const { token } = theme.useToken();
  if (conversations.length === 0) return <EmptyState description={NO_CONVERSATIONS} />;
  return (
    <nav aria-label="Conversaciones">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {conversations.map((conversation) => {
          const selected = conversation.conversationId === selectedId;
          const last = conversation.lastMessage;
          const unread = conversation.unreadCount;
          return (
            <li key={conversation.conversationId}>
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                aria-label={`Conversación con ${conversation.clientName}${unread > 0 ? `, ${unread} sin leer` : ''}`}
                onClick={() => onSelect(conversation.conversationId)}
                style={{
                  width: '100%',
                  textAlign: 'left',
                  border: 'none',
                  borderBottom: `1px solid ${token.colorBorderSecondary}`,
                  background: selected ? token.colorPrimaryBg : 'transparent',
                  padding: '10px 12px',
                  cursor: 'pointer',
                  font: 'inherit',
                  color: 'inherit',
                }}
              >
                <Flex align="center" justify="space-between" gap={8}>
                  <Typography.Text strong={unread > 0} ellipsis>
                    {conversation.clientName}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, flexShrink: 0 }}>
                    {relativeTime(lastActivity(conversation), now)}
                  </Typography.Text>
                </Flex>
                <Flex align="center" justify="space-between" gap={8}>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
                    {last ? `${last.isFromGestor ? 'Gestoría: ' : ''}${last.content}` : 'Sin mensajes'}
                  </Typography.Text>
                  {unread > 0 ? <Badge count={unread} aria-hidden /> : null}
                </Flex>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
