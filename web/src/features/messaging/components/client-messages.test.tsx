import type { Conversation, ConversationMessage } from '@shared/schemas/messaging';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { ClientMessages } from './client-messages';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const who = vi.hoisted(() => ({ member: true }));
vi.mock('@web/lib/auth', async (original) => ({
  ...(await original<typeof import('@web/lib/auth')>()),
  useOptionalAuthUser: () => ({
    userId: 'u-1',
    email: 'u@example.com',
    groups: ['CLIENTE'],
    role: 'CLIENTE',
  }),
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({
    // Not a member of the selected company: the server refuses every call, so nothing is offered.
    data: who.member
      ? { myRole: 'CLIENTE', myPermissions: ['UPLOAD_DOCUMENTS'], canManage: false }
      : { myRole: null, myPermissions: [], canManage: false },
  }),
}));

afterEach(() => {
  vi.resetAllMocks();
  who.member = true;
});

const now = new Date().toISOString();
const own: Conversation = {
  conversationId: 'conv-1',
  companyId: 'c-1',
  clientUserId: 'u-1',
  clientName: 'Lucía Pérez',
  lastMessage: null,
  unreadCount: 0,
  updatedAt: now,
};
const mine: ConversationMessage = {
  id: `${Date.now()}0001`,
  conversationId: 'conv-1',
  isFromGestor: false,
  senderUserId: 'u-1',
  senderName: 'Lucía Pérez',
  content: '¿Cuándo presentáis el 303?',
  kind: 'TEXT',
  priority: 'NORMAL',
  documentCount: null,
  documentIds: [],
  timestamp: now,
};
const fromGestor: ConversationMessage = {
  ...mine,
  id: `${Date.now()}0002`,
  isFromGestor: true,
  senderUserId: 'g-1',
  senderName: 'Ana García',
  content: 'El día 20, como siempre.',
};

const render = (path = '/') =>
  renderRoutes([{ path: '/', element: <ClientMessages companyId="c-1" /> }], { path });

describe('ClientMessages', { timeout: 30_000 }, () => {
  it('opens the conversation on the first message and sends it there', async () => {
    let conversations: Conversation[] = [];
    let stored: ConversationMessage[] = [];
    answerApi(apiRequest, {
      'messages.conversations': () => conversations,
      'messages.startConversation': () => {
        conversations = [own];
        return own;
      },
      'messages.list': () => stored,
      'messages.send': () => {
        stored = [mine];
        return mine;
      },
    });
    render('/?action=new');
    expect(await screen.findByText('No hay mensajes todavía')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Mensaje' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: '¿Cuándo presentáis el 303?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(callsTo(apiRequest, 'messages.send')).toHaveLength(1));
    expect(callsTo(apiRequest, 'messages.startConversation')[0]).toMatchObject({
      body: {},
      companyId: 'c-1',
    });
    expect(callsTo(apiRequest, 'messages.send')[0]).toMatchObject({
      params: { conversationId: 'conv-1' },
      body: { content: '¿Cuándo presentáis el 303?', priority: 'NORMAL' },
    });
    const thread = await screen.findByRole('region', { name: 'Mensajes de la conversación' });
    expect(await within(thread).findByText('¿Cuándo presentáis el 303?')).toBeTruthy();
  });

  it("says 'Error creando conversación' when the conversation cannot be opened", async () => {
    answerApi(apiRequest, {
      'messages.conversations': [],
      'messages.startConversation': () => {
        throw new ApiError({ code: 'API_ERROR', message: 'Error del servidor', status: 500 });
      },
    });
    render();
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    fireEvent.change(box, { target: { value: 'Hola' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Error creando conversación')).toBeTruthy();
    expect(callsTo(apiRequest, 'messages.send')).toHaveLength(0);
  });

  it("shows the gestoría's answers on the other side and marks them read when unread", async () => {
    answerApi(apiRequest, {
      'messages.conversations': [{ ...own, unreadCount: 1 }],
      'messages.list': [fromGestor, mine],
      'messages.markRead': { unreadCount: 0 },
    });
    render();
    const bubbles = await screen.findAllByRole('article');
    expect(bubbles.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Mensaje de Lucía Pérez',
      'Mensaje de Ana García',
    ]);
    expect(within(bubbles[0] as HTMLElement).getByText('Tú')).toBeTruthy();
    expect(within(bubbles[1] as HTMLElement).getByText('Ana García')).toBeTruthy();
    await waitFor(() => expect(callsTo(apiRequest, 'messages.markRead')).toHaveLength(1));
  });

  it('offers no composer to whoever may not write in the company', async () => {
    who.member = false;
    answerApi(apiRequest, { 'messages.conversations': [own], 'messages.list': [mine] });
    render();
    expect(await screen.findByText('¿Cuándo presentáis el 303?')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mensaje' })).toBeNull();
  });
});
