import type { NotificationHistoryEntry, NotificationStats } from '@shared/schemas/notification-analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { NotificationHistory } from './notification-history';
import { NotificationStatsPanel } from './notification-stats-panel';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/toast', () => ({
  toast: { info: vi.fn(), warning: vi.fn(), error: vi.fn(), success: vi.fn(), fromError: vi.fn() },
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => vi.resetAllMocks());

const stats: NotificationStats = {
  total: 42,
  unread: 5,
  read: 37,
  last7Days: 9,
  byCategory: { invoices: 30, tax_deadlines: 12 },
  bySeverity: { info: 40, error: 2 },
};

describe("'Estadísticas' and 'Historial'", { timeout: 30_000 }, () => {
  it('shows the counts, what waits for the digest, and deletes old read ones after confirming', async () => {
    answerApi(apiRequest, {
      'notifications.stats': stats,
      'notifications.pending': { unread: 5, awaitingDigest: 3, nextDigestAt: '2026-11-28T07:00:00.000Z' },
      'notifications.cleanup': { deleted: 12 },
    });
    renderRoutes([{ path: '/', element: <NotificationStatsPanel companyId="c-1" /> }]);
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText('37')).toBeTruthy();
    const byType = screen.getByRole('list', { name: 'Por tipo de aviso' });
    expect(
      within(byType)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Facturas: 30', 'Vencimientos fiscales: 12']);
    expect(screen.getByText('Error: 2')).toBeTruthy();
    expect(
      await screen.findByText(
        `En el próximo resumen diario (${formatDateTime('2026-11-28T07:00:00.000Z')}): 3`,
      ),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Borrar las notificaciones leídas de más de'), {
      target: { value: '60' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Borrar leídas' }));
    expect(
      await screen.findByText(
        'Se borrarán las notificaciones leídas de más de 60 días. Las no leídas se conservan. ¿Continuar?',
      ),
    ).toBeTruthy();
    expect(callsTo(apiRequest, 'notifications.cleanup')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'notifications.cleanup')).toHaveLength(1));
    expect(callsTo(apiRequest, 'notifications.cleanup')[0]).toMatchObject({
      body: { olderThanDays: 60 },
      companyId: 'c-1',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('12 notificaciones borradas'));
  });

  it('Historial shows the channels and e-mail status, filtered by dates', async () => {
    const entry: NotificationHistoryEntry = {
      notificationId: 'n-1',
      type: 'invoice_created',
      title: 'Factura creada',
      createdAt: '2026-11-20T10:00:00.000Z',
      isRead: true,
      readAt: '2026-11-20T11:00:00.000Z',
      clickedAt: null,
      channels: ['IN_APP', 'WEBSOCKET', 'EMAIL'],
      emailStatus: 'SENT',
    };
    answerApi(apiRequest, {
      'notifications.history': { content: [entry], totalElements: 1, page: 0, size: 20 },
    });
    renderRoutes([{ path: '/', element: <NotificationHistory companyId="c-1" /> }]);
    const row = (await screen.findByText('Factura creada')).closest('tr') as HTMLElement;
    for (const text of ['En la app', 'Tiempo real', 'Email', 'Enviado', formatDateTime(entry.readAt), 'No'])
      expect(within(row).getByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(callsTo(apiRequest, 'notifications.history').at(-1)).toMatchObject({
        query: { page: 0, size: 20, from: '2026-11-01', to: '2026-11-30' },
        companyId: 'c-1',
      }),
    );
  });
});
