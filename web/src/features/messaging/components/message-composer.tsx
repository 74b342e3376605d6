/**
 * The composer of a conversation (spec part 3 §7 'Messaging', §9 'Chat input'): text and priority
 * (NORMAL or HIGH). Enter sends, Shift+Enter starts a new line; blank messages are not sent; the
 * composer is disabled while sending and keeps the text when sending fails, with the reason.
 */
import SendOutlined from '@ant-design/icons/SendOutlined';
import { type MessagePriority, SendMessageBody } from '@shared/schemas/messaging';
import { isApiError } from '@web/lib/api-error';
import { Alert, Button, Flex, Input, Segmented } from 'antd';
import { type KeyboardEvent, useState } from 'react';

/** Spec part 3 §8 'Chat'. */
export const SEND_FAILED = 'Error enviando mensaje';

const PRIORITY_OPTIONS: { label: string; value: MessagePriority }[] = [
  { label: 'Normal', value: 'NORMAL' },
  { label: 'Alta', value: 'HIGH' },
];

/** A failure whose text the composer shows as it is (e.g. 'Error creando conversación'). */
export class ComposerError extends Error {}

/**
 * What to show when sending failed: the server's own words for a refused message (validation,
 * access), the spec's 'Error enviando mensaje' when the server could not answer.
 */
export function sendErrorText(error: unknown): string {
  if (error instanceof ComposerError) return error.message;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return SEND_FAILED;
}

export interface MessageComposerProps {
  /** Sends the message; rejects when it could not be sent. */
  onSend: (body: SendMessageBody) => Promise<unknown>;
  placeholder?: string;
  autoFocus?: boolean;
}

export function MessageComposer({
  onSend,
  placeholder = 'Escribe un mensaje…',
  autoFocus,
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const [priority, setPriority] = useState<MessagePriority>('NORMAL');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (sending || text.trim() === '') return;
    const parsed = SendMessageBody.safeParse({ content: text.trim(), priority });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SEND_FAILED);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSend(parsed.data);
      setText('');
      setPriority('NORMAL');
    } catch (e) {
      setError(sendErrorText(e));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <Flex vertical gap={8}>
      {error ? <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} /> : null}
      <Input.TextArea
        aria-label="Mensaje"
        value={text}
        placeholder={placeholder}
        autoSize={{ minRows: 2, maxRows: 8 }}
        disabled={sending}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Flex align="center" gap={8}>
          <span id="message-priority-label">Prioridad</span>
          <Segmented<MessagePriority>
            aria-labelledby="message-priority-label"
            options={PRIORITY_OPTIONS}
            value={priority}
            disabled={sending}
            onChange={setPriority}
          />
        </Flex>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          disabled={text.trim() === ''}
          onClick={() => void submit()}
        >
          Enviar
        </Button>
      </Flex>
    </Flex>
  );
}
