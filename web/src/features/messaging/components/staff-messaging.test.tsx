import type { Conversation, ConversationMessage } from '@shared/schemas/messaging';
import type { Notification } from '@shared/schemas/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { publishPushMessage } from '@web/lib/push-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { MESSAGES_PAGE_SIZE } from '../api/messages';
import { StaffMessaging } from './staff-messaging';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const who = vi.hoisted(() => ({ companyRole: 'GESTOR' as 'GESTOR' | 'MEMBER' | 'ADMIN' }));
vi.mock('@web/lib/auth', async (original) => ({
  ...(await original<typeof import('@web/lib/auth')>()),
  useOptionalAuthUser: () => ({ userId: 'g-1', email: 'g@example.com', groups: ['GESTOR'], role: 'GESTOR' }),
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: { myRole: who.companyRole, myPermissions: [], canManage: true } }),
}));

afterEach(() => {
  vi.resetAllMocks();
  who.companyRole = 'GESTOR';
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const idAt = (iso: string, n: number) => `${Date.parse(iso)}${String(n).padStart(4, '0')}`;

const conversation = (over: Partial<Conversation>): Conversation => ({
  conversationId: 'conv-1',
  companyId: 'c-1',
  clientUserId: 'u-1',
  clientName: 'Lucía Pérez',
  lastMessage: { content: 'Os mando las facturas', timestamp: minutesAgo(5), isFromGestor: false },
  unreadCount: 2,
  updatedAt: minutesAgo(5),
  ...over,
});

const message = (over: Partial<ConversationMessage> & { at: string; n: number }): ConversationMessage => {
  const { at, n, ...rest } = over;
  return {
    id: idAt(at, n),
    conversationId: 'conv-1',
    isFromGestor: false,
    senderUserId: 'u-1',
    senderName: 'Lucía Pérez',
    content: '',
    kind: 'TEXT',
    priority: 'NORMAL',
    documentCount: null,
    documentIds: [],
    timestamp: at,
    ...rest,
  };
};

const first = message({ at: minutesAgo(60), n: 1, content: 'Hola, ¿qué necesitáis este trimestre?' });
const answer = message({
  at: minutesAgo(30),
  n: 2,
  content: 'Las facturas de compra, por favor.',
  isFromGestor: true,
  senderUserId: 'g-1',
  senderName: 'Ana García',
});
const upload = message({
  at: minutesAgo(5),
  n: 3,
  kind: 'DOCUMENT_UPLOAD',
  content: 'Os mando las facturas',
  documentCount: 3,
  documentIds: ['d-1', 'd-2', 'd-3'],
  priority: 'HIGH',
});

const notification = (over: Partial<Notification> = {}): Notification => ({
  notificationId: 'n-1',
  type: 'message_received',
  title: 'Nuevo mensaje',
  message: 'Lucía Pérez te ha escrito',
  isRead: false,
  readAt: null,
  createdAt: new Date().toISOString(),
  companyId: 'c-1',
  severity: 'info',
  ...over,
});

const render = (path = '/') =>
  renderRoutes([{ path: '/', element: <StaffMessaging companyId="c-1" /> }], { path });

describe('StaffMessaging', { timeout: 30_000 }, () => {
  it('lists the conversations and opens the most recent, marking it read', async () => {
    answerApi(apiRequest, {
      'messages.conversations': [
        conversation({
          conversationId: 'conv-2',
          clientName: 'Jorge Ruiz',
          lastMessage: { content: 'Gracias', timestamp: minutesAgo(3 * 1440), isFromGestor: true },
          unreadCount: 0,
          updatedAt: minutesAgo(3 * 1440),
        }),
        conversation({}),
      ],
      'messages.list': [upload, first, answer],
      'messages.markRead': { unreadCount: 0 },
    });
    render();
    const nav = await screen.findByRole('navigation', { name: 'Conversaciones' });
    const items = within(nav).getAllByRole('button');
    // Most recent first, with its unread count, last message and relative time.
    expect(items[0]?.getAttribute('aria-label')).toBe('Conversación con Lucía Pérez, 2 sin leer');
    expect(within(items[0] as HTMLElement).getByText('Hace 5 minutos')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Os mando las facturas')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Gestoría: Gracias')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Hace 3 días')).toBeTruthy();

    const thread = await screen.findByRole('region', { name: 'Mensajes de la conversación' });
    const bubbles = await within(thread).findAllByRole('article');
    // Oldest first, whatever order the page came in.
    expect(bubbles.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Mensaje de Lucía Pérez',
      'Mensaje de Ana García',
      'Mensaje de Lucía Pérez',
    ]);
    expect(within(bubbles[1] as HTMLElement).getByText('Tú')).toBeTruthy();
    expect(within(bubbles[2] as HTMLElement).getByText('Ha enviado 3 documentos')).toBeTruthy();
    expect(within(bubbles[2] as HTMLElement).getByText('Prioridad alta')).toBeTruthy();
    expect(within(bubbles[0] as HTMLElement).getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeTruthy();
    expect(callsTo(apiRequest, 'messages.list')[0]).toMatchObject({
      params: { conversationId: 'conv-1' },
      query: { size: MESSAGES_PAGE_SIZE },
      companyId: 'c-1',
    });
    await waitFor(() => expect(callsTo(apiRequest, 'messages.markRead')).toHaveLength(1));
    expect(callsTo(apiRequest, 'messages.markRead')[0]).toMatchObject({
      params: { conversationId: 'conv-1' },
    });
  });

  it('sends with Enter and the chosen priority; Shift+Enter does not send', async () => {
    const sent = message({
      at: new Date().toISOString(),
      n: 9,
      content: 'Recibidas, gracias',
      isFromGestor: true,
      senderUserId: 'g-1',
      senderName: 'Ana García',
      priority: 'HIGH',
    });
    let stored = [first];
    answerApi(apiRequest, {
      'messages.conversations': [conversation({ unreadCount: 0 })],
      'messages.list': () => stored,
      'messages.send': () => {
        stored = [first, sent];
        return sent;
      },
    });
    render();
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    fireEvent.change(box, { target: { value: '  Recibidas, gracias  ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(callsTo(apiRequest, 'messages.send')).toHaveLength(0);
    fireEvent.click(screen.getByText('Alta'));
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(callsTo(apiRequest, 'messages.send')).toHaveLength(1));
    expect(callsTo(apiRequest, 'messages.send')[0]).toMatchObject({
      params: { conversationId: 'conv-1' },
      body: { content: 'Recibidas, gracias', priority: 'HIGH' },
      companyId: 'c-1',
    });
    expect(await screen.findByText('Recibidas, gracias')).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    // Nothing unread when it opened: no mark read.
    expect(callsTo(apiRequest, 'messages.markRead')).toHaveLength(0);
  });

  it("shows the server's refusal, the spec's message when it fails, and the schema's limit", async () => {
    let fail: ApiError = new ApiError({
      code: 'CORE_004',
      message: 'El texto contiene caracteres no permitidos.',
      status: 400,
    });
    answerApi(apiRequest, {
      'messages.conversations': [conversation({ unreadCount: 0 })],
      'messages.list': [first],
      'messages.send': () => {
        throw fail;
      },
    });
    render();
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    fireEvent.change(box, { target: { value: 'Hola' } });
    fireEvent.click(screen.getByRole('button', { name: /Enviar/ }));
    expect(await screen.findByText('El texto contiene caracteres no permitidos.')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Hola');

    fail = new ApiError({ code: 'API_ERROR', message: 'Error del servidor', status: 503 });
    fireEvent.click(screen.getByRole('button', { name: /Enviar/ }));
    expect(await screen.findByText('Error enviando mensaje')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'x'.repeat(5001) } });
    fireEvent.click(screen.getByRole('button', { name: /Enviar/ }));
    expect(await screen.findByText('El mensaje no puede superar 5000 caracteres')).toBeTruthy();
    expect(callsTo(apiRequest, 'messages.send')).toHaveLength(2);
  });

  it('refetches the list and the open thread when a message arrives, and marks it read', async () => {
    let incoming: ConversationMessage[] = [first];
    answerApi(apiRequest, {
      'messages.conversations': () => [conversation({ unreadCount: incoming.length > 1 ? 1 : 0 })],
      'messages.list': () => incoming,
      'messages.markRead': { unreadCount: 0 },
    });
    render();
    const thread = await screen.findByRole('region', { name: 'Mensajes de la conversación' });
    await within(thread).findByText('Hola, ¿qué necesitáis este trimestre?');
    const lists = callsTo(apiRequest, 'messages.conversations').length;
    expect(callsTo(apiRequest, 'messages.markRead')).toHaveLength(0);

    incoming = [first, message({ at: new Date().toISOString(), n: 5, content: '¿Os llegó el extracto?' })];
    // Another company's message, and another type of notification, change nothing.
    act(() => {
      publishPushMessage({ type: 'notification', notification: notification({ companyId: 'c-9' }) });
      publishPushMessage({ type: 'notification', notification: notification({ type: 'invoice_created' }) });
    });
    expect(callsTo(apiRequest, 'messages.conversations')).toHaveLength(lists);
    act(() => publishPushMessage({ type: 'notification', notification: notification() }));
    expect(await within(thread).findByText('¿Os llegó el extracto?')).toBeTruthy();
    expect(callsTo(apiRequest, 'messages.conversations').length).toBeGreaterThan(lists);
    await waitFor(() => expect(callsTo(apiRequest, 'messages.markRead')).toHaveLength(1));
  });

  it("pages back with 'Cargar anteriores'", async () => {
    const base = Date.now() - 10 * 86_400_000;
    const page = Array.from({ length: MESSAGES_PAGE_SIZE }, (_, i) =>
      message({
        at: new Date(base + (i + 10) * 60_000).toISOString(),
        n: i + 10,
        content: `Mensaje ${i + 10}`,
      }),
    );
    const older = message({ at: new Date(base).toISOString(), n: 1, content: 'El primero de todos' });
    answerApi(apiRequest, {
      'messages.conversations': [conversation({ unreadCount: 0 })],
      'messages.list': ({ query }: ApiRequestOptions) => (query?.before ? [older] : page),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Cargar anteriores' }));
    expect(await screen.findByText('El primero de todos')).toBeTruthy();
    expect(callsTo(apiRequest, 'messages.list').at(-1)).toMatchObject({ query: { before: page[0]?.id } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar anteriores' })).toBeNull());
  });

  it('opens a new conversation with a client member', async () => {
    answerApi(apiRequest, {
      'messages.conversations': [],
      'companyUsers.list': {
        content: [
          { userId: 'u-7', email: 'marta@example.com', firstName: 'Marta', lastName: 'Sanz' },
          { userId: null, email: 'invitado@example.com', firstName: '', lastName: '' },
        ],
        page: 0,
        size: 100,
        totalElements: 2,
        totalPages: 1,
      },
      'messages.startConversation': conversation({
        conversationId: 'conv-7',
        clientUserId: 'u-7',
        clientName: 'Marta Sanz',
        lastMessage: null,
        unreadCount: 0,
      }),
      'messages.list': [],
    });
    const { router } = render();
    expect(await screen.findByText('No hay conversaciones todavía')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Nueva conversación/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox'));
    fireEvent.click(await screen.findByText('Marta Sanz (marta@example.com)'));
    expect(screen.queryByText(/invitado@example.com/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abrir conversación' }));
    await waitFor(() => expect(callsTo(apiRequest, 'messages.startConversation')).toHaveLength(1));
    expect(callsTo(apiRequest, 'messages.startConversation')[0]).toMatchObject({
      body: { clientUserId: 'u-7' },
      companyId: 'c-1',
    });
    expect(callsTo(apiRequest, 'companyUsers.list')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      query: { companyRole: 'CLIENTE', isActive: 'true' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?conversationId=conv-7'));
    expect(await screen.findByText('No hay mensajes todavía')).toBeTruthy();
  });

  it('offers no new conversation to a member who may not list the company users', async () => {
    who.companyRole = 'MEMBER';
    answerApi(apiRequest, {
      'messages.conversations': [conversation({ unreadCount: 0 })],
      'messages.list': [first],
    });
    render('/?conversationId=conv-1');
    expect(await screen.findByRole('textbox', { name: 'Mensaje' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Nueva conversación/ })).toBeNull();
  });

  it('lets an administrator outside the company read without writing or marking read', async () => {
    who.companyRole = 'ADMIN';
    answerApi(apiRequest, { 'messages.conversations': [conversation({})], 'messages.list': [first] });
    render();
    expect(await screen.findByText('Hola, ¿qué necesitáis este trimestre?')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mensaje' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Nueva conversación/ })).toBeNull();
    expect(callsTo(apiRequest, 'messages.markRead')).toHaveLength(0);
  });
});
