import type { Notification } from '@shared/schemas/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { setRuntimeConfig } from '@web/lib/runtime-config';
import { setSelectedCompany } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { FakeWebSocket } from '../../../testing/fake-websocket';
import { renderRoutes } from '../../../testing/render';
import { useNotificationSocket, WS_MESSAGES } from '../ws/use-notification-socket';
import { NotificationBell } from './notification-bell';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/access-token', () => ({ getAccessToken: vi.fn(async () => 'token-1') }));
vi.mock('@web/lib/auth', () => ({
  useAuth: () => ({ state: { status: 'authenticated', user: { userId: 'u-1' } } }),
}));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

const notification = (n: number, isRead = false): Notification => ({
  notificationId: `n-${n}`,
  type: 'invoice_created',
  title: `Aviso ${n}`,
  message: `Mensaje ${n}`,
  isRead,
  readAt: null,
  createdAt: new Date().toISOString(),
  companyId: 'c-1',
  severity: 'info',
});

function Header() {
  useNotificationSocket(FakeWebSocket as unknown as typeof WebSocket);
  return <NotificationBell companyId="c-1" />;
}

function renderBell() {
  return renderRoutes([
    { path: '/', element: <Header /> },
    { path: '/app/notifications', element: <h1>Todas las notificaciones</h1> },
  ]);
}

beforeEach(() => {
  setRuntimeConfig({
    apiBaseUrl: '',
    region: 'eu-south-2',
    userPoolId: 'pool',
    userPoolClientId: 'client',
    wsUrl: 'ws://localhost:3000/ws',
  });
  setSelectedCompany({
    companyId: 'c-1',
    name: 'Panadería La Espiga SL',
    nif: 'B12345674',
    companyType: 'SL',
    isActive: true,
    isDefault: true,
    siiEnabled: false,
    verifactuEnabled: true,
    createdAt: '2025-01-01T00:00:00Z',
  });
  answerApi(apiRequest, {
    'notifications.unread': { count: 2, latest: [notification(2), notification(1), notification(0, true)] },
    'notifications.markRead': ({ params }: { params?: Record<string, string> }) => ({
      ...notification(1),
      notificationId: params?.notificationId,
      isRead: true,
    }),
    'notifications.markAllRead': { updated: 2, count: 0 },
  });
});

afterEach(() => {
  vi.clearAllMocks();
  FakeWebSocket.reset();
  setSelectedCompany(null);
});

describe('NotificationBell', () => {
  it('shows the unread count and the latest notifications, and marks them read', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));

    expect(await screen.findByText('Aviso 2')).toBeTruthy();
    expect(screen.getByText('Aviso 0')).toBeTruthy();
    expect(callsTo(apiRequest, 'notifications.unread')[0]?.companyId).toBe('c-1');

    fireEvent.click(screen.getByRole('button', { name: 'Marcar como leída: Aviso 1' }));
    await waitFor(() => expect(callsTo(apiRequest, 'notifications.markRead')).toHaveLength(1));
    expect(callsTo(apiRequest, 'notifications.markRead')[0]).toMatchObject({
      params: { notificationId: 'n-1' },
      companyId: 'c-1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() => expect(callsTo(apiRequest, 'notifications.markAllRead')).toHaveLength(1));
  });

  it("opens the notifications page with 'Ver todas'", async () => {
    const { router } = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ver todas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/notifications'));
  });

  it('shows a pushed notification without a reload, with an info toast', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const url = new URL(FakeWebSocket.last.url);
    expect(url.searchParams.get('token')).toBe('token-1');
    expect(url.searchParams.get('companyId')).toBe('c-1');

    act(() => {
      FakeWebSocket.last.open();
      FakeWebSocket.last.receive('pong');
      FakeWebSocket.last.receive(JSON.stringify({ type: 'notification', notification: notification(3) }));
    });

    expect(await screen.findByRole('button', { name: 'Notificaciones: 3 sin leer' })).toBeTruthy();
    expect(toast.info).toHaveBeenCalledWith('Mensaje 3', { title: 'Aviso 3' });
    fireEvent.click(screen.getByRole('button', { name: 'Notificaciones: 3 sin leer' }));
    expect(await screen.findByText('Aviso 3')).toBeTruthy();
  });

  it('warns once while reconnecting', async () => {
    renderBell();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => {
      FakeWebSocket.last.open();
      FakeWebSocket.last.drop(1006);
    });
    expect(toast.warning).toHaveBeenCalledWith(WS_MESSAGES.retrying);
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });
});
