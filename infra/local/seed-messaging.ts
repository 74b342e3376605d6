/**
 * Demo messages for `npm start` (issue 21 item 3), through the REST API as the demo users would
 * write them: the client of Panadería La Espiga (cliente@cuadra.test) and its gestor
 * (gestor@cuadra.test) talk about the quarter's paperwork; the gestor read and answered the first
 * two messages, the client read the answer and wrote once more, so the gestor has one unread message
 * (and its notification in the bell). Idempotent: a conversation that already has messages is left
 * as it is.
 */

import type { Conversation, ConversationMessage } from '@shared/schemas/messaging';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { type ApiResponse, apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const GESTOR = 'gestor@cuadra.test';
const CLIENT = 'cliente@cuadra.test';

/** The conversation, in order: who writes, what. */
export const DEMO_MESSAGES: readonly { from: 'client' | 'gestor'; content: string }[] = [
  { from: 'client', content: 'Hola, ¿qué necesitáis de nosotros para el IVA de este trimestre?' },
  {
    from: 'client',
    content:
      'Tenemos las facturas de la harina y los tickets de la gasolina, pero nos falta el extracto del banco.',
  },
  {
    from: 'gestor',
    content:
      'Hola. Con las facturas de compra, los tickets y el extracto del trimestre nos basta. El extracto lo podéis subir desde «Enviar documentos».',
  },
  { from: 'client', content: 'Perfecto, os lo subo mañana en cuanto lo descargue del banco.' },
];

function ok<T>(res: ApiResponse<T>, what: string): T {
  if (!res.body.success) throw new Error(`${what} failed (${res.status}): ${JSON.stringify(res.body.error)}`);
  return res.body.data;
}

export async function seedDemoMessaging(
  info: Pick<LocalCloudInfo, 'url'>,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const api = apiClient(info.url);
  const companyId = DEMO_INVOICING_COMPANY;
  const client = await api.login(CLIENT);
  const gestor = await api.login(GESTOR);
  const conversation = ok<Conversation>(
    await api.request<Conversation>('POST', '/api/v1/messages/conversations', {
      token: client,
      companyId,
      body: {},
    }),
    'open conversation',
  );
  const path = `/api/v1/messages/conversations/${encodeURIComponent(conversation.conversationId)}`;
  if (conversation.lastMessage !== null) return;

  for (const [i, m] of DEMO_MESSAGES.entries()) {
    const token = m.from === 'client' ? client : gestor;
    // Whoever answers read what came before.
    if (i > 0 && DEMO_MESSAGES[i - 1]!.from !== m.from)
      ok(await api.request('POST', `${path}/read`, { token, companyId }), 'mark read');
    ok<ConversationMessage>(
      await api.request<ConversationMessage>('POST', `${path}/messages`, {
        token,
        companyId,
        body: { content: m.content },
      }),
      'send message',
    );
  }
  log(`messages: ${DEMO_MESSAGES.length} between ${CLIENT} and ${GESTOR} (1 unread for the gestor)`);
}
