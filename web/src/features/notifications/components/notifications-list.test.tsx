import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { toast } from '@web/lib/toast';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { notification } from '../testing/fixtures';
import type { NotificationItem } from '../types';
import { NotificationsList } from './notifications-list';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => vi.resetAllMocks());

const failure = () => {
  throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
};

/** A server holding `items`: list (newest first, paged), read/unread, delete and mark-all. */
function serve(items: NotificationItem[]) {
  const find = (id?: string) => items.find((n) => n.notificationId === id)!;
  answerApi(apiRequest, {
    'notifications.list': (o: ApiRequestOptions) => {
      const shown = o.query?.unreadOnly === 'true' ? items.filter((n) => !n.isRead) : items;
      const page = Number(o.query?.page ?? 0);
      const size = Number(o.query?.size ?? 20);
      return {
        content: shown.slice(page * size, page * size + size),
        totalElements: shown.length,
        page,
        size,
      };
    },
    'notifications.unread': () => ({
      count: items.filter((n) => !n.isRead).length,
      latest: items.slice(0, 10),
    }),
    'notifications.markRead': (o: ApiRequestOptions) =>
      Object.assign(find(o.params?.notificationId), { isRead: true }),
    'notifications.markUnread': (o: ApiRequestOptions) =>
      Object.assign(find(o.params?.notificationId), { isRead: false }),
    'notifications.click': (o: ApiRequestOptions) => ({ link: find(o.params?.notificationId).link ?? null }),
    'notifications.delete': (o: ApiRequestOptions) => {
      items.splice(items.indexOf(find(o.params?.notificationId)), 1);
      return { notificationId: o.params?.notificationId };
    },
    'notifications.markAllRead': () => {
      const updated = items.filter((n) => !n.isRead).length;
      for (const n of items) n.isRead = true;
      return { updated, count: 0 };
    },
  });
}

const renderList = (path = '/app/notifications') =>
  renderRoutes(
    [
      { path: '/app/notifications', element: <NotificationsList companyId="c-1" /> },
      { path: '/app/invoices/:id', element: <h1>Factura abierta</h1> },
    ],
    { path },
  );

const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('NotificationsList', { timeout: 30_000 }, () => {
  it('lists 20 per page with relative times and who delegated a copy', async () => {
    const items = Array.from({ length: 23 }, (_, i) => notification(i + 1));
    items[0] = notification(1, { delegatedFrom: { userId: 'u-9', name: 'Marta Ruiz' } });
    serve(items);
    renderList();
    expect(await screen.findByText('Aviso 1')).toBeTruthy();
    expect(screen.getByText('Delegada de Marta Ruiz')).toBeTruthy();
    expect(within(row('Aviso 2')).getByText('Hace 5 minutos')).toBeTruthy();
    expect(screen.queryByText('Aviso 21')).toBeNull();
    expect(screen.getByText('23 notificaciones')).toBeTruthy();
    expect(callsTo(apiRequest, 'notifications.list')[0]).toMatchObject({
      query: { page: 0, size: 20 },
      companyId: 'c-1',
    });
  });

  it("filters 'Sin leer' with unreadOnly", async () => {
    serve([notification(1), notification(2, { isRead: true, readAt: new Date().toISOString() })]);
    renderList();
    await screen.findByText('Aviso 2');
    fireEvent.click(within(screen.getByLabelText('Filtrar notificaciones')).getByText('Sin leer'));
    await waitFor(() => expect(screen.queryByText('Aviso 2')).toBeNull());
    expect(callsTo(apiRequest, 'notifications.list').at(-1)).toMatchObject({ query: { unreadOnly: 'true' } });
  });

  it('marks one read, then unread again, and all read', async () => {
    serve([notification(1), notification(2)]);
    renderList();
    await screen.findByText('Aviso 1');
    fireEvent.click(within(row('Aviso 1')).getByRole('button', { name: /Marcar como leída/ }));
    await waitFor(() => expect(within(row('Aviso 1')).getByText('Leída')).toBeTruthy());
    expect(callsTo(apiRequest, 'notifications.markRead')[0]).toMatchObject({
      params: { notificationId: 'n-1' },
    });
    fireEvent.click(within(row('Aviso 1')).getByRole('button', { name: /Marcar como no leída/ }));
    await waitFor(() => expect(within(row('Aviso 1')).getByText('Sin leer')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /Marcar todas como leídas/ }));
    await waitFor(() => expect(screen.getAllByText('Leída')).toHaveLength(2));
    expect(toast.success).toHaveBeenCalledWith('2 notificaciones marcadas como leídas');
  });

  it('deletes one after confirming', async () => {
    serve([notification(1), notification(2)]);
    renderList();
    await screen.findByText('Aviso 1');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar: Aviso 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('Aviso 1')).toBeNull());
    expect(callsTo(apiRequest, 'notifications.delete')[0]).toMatchObject({
      params: { notificationId: 'n-1' },
    });
    expect(toast.success).toHaveBeenCalledWith('Notificación eliminada');
  });

  it('opening a notification records the click, marks it read and goes to its link', async () => {
    serve([notification(1, { link: '/app/invoices/inv-1' })]);
    const { router } = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Aviso 1' }));
    expect(await screen.findByText('Factura abierta')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/invoices/inv-1');
    await waitFor(() => expect(callsTo(apiRequest, 'notifications.click')).toHaveLength(1));
    expect(callsTo(apiRequest, 'notifications.click')[0]).toMatchObject({
      params: { notificationId: 'n-1' },
      companyId: 'c-1',
    });
    expect(callsTo(apiRequest, 'notifications.markRead')).toHaveLength(1);
  });

  it("says 'Error al cargar notificaciones' when the list fails", async () => {
    answerApi(apiRequest, { 'notifications.list': failure });
    renderList();
    expect(await screen.findByText('Error al cargar notificaciones')).toBeTruthy();
  });

  it("says 'Error al marcar notificación' and 'Error al eliminar notificación' when those fail", async () => {
    serve([notification(1)]);
    const base = vi.mocked(apiRequest).getMockImplementation()!;
    vi.mocked(apiRequest).mockImplementation(async (id, o) =>
      id === 'notifications.markRead' || id === 'notifications.delete' ? failure() : base(id, o),
    );
    renderList();
    await screen.findByText('Aviso 1');
    fireEvent.click(within(row('Aviso 1')).getByRole('button', { name: /Marcar como leída/ }));
    await waitFor(() =>
      expect(toast.fromError).toHaveBeenCalledWith(expect.any(ApiError), {
        title: 'Error al marcar notificación',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar: Aviso 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(toast.fromError).toHaveBeenCalledWith(expect.any(ApiError), {
        title: 'Error al eliminar notificación',
      }),
    );
  });
});
