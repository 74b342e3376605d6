import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useCan } from '@web/lib/access';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { LEVEL_COLORS } from '@web/lib/dashboard-thresholds';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { channel, kpis, trendPoint, WINDOW } from '../testing/fixtures';
import { NotificationMetricsWidget } from './notification-metrics-widget';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/access', () => ({ useCan: vi.fn(() => true) }));

// recharts measures its container with a ResizeObserver, which jsdom lacks: this one reports a
// 520 x 240 box at once.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: (entries: unknown[]) => void) {}
      observe() {
        this.callback([{ contentRect: { width: 520, height: 240 } }]);
      }
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => {
  vi.mocked(apiRequest).mockReset();
  vi.mocked(useCan).mockReturnValue(true);
});

const viewOf = (o: { params?: Record<string, string> }) => o.params?.view;
const renderWidget = () =>
  renderRoutes([{ path: '/', element: <NotificationMetricsWidget companyId="c-1" /> }]);

describe('NotificationMetricsWidget', { timeout: 30_000 }, () => {
  it('shows the KPIs of the last 30 days in the metric colours (80 good, 60 warning, else bad)', async () => {
    answerApi(apiRequest, {
      'notifications.analytics': (o: ApiRequestOptions) => (viewOf(o) === 'kpis' ? kpis() : null),
    });
    renderWidget();
    const colourOf = (text: string) =>
      screen.getByText(text).closest('.ant-statistic-content')?.getAttribute('style') ?? '';
    await screen.findByText('92,5 %');
    expect(colourOf('92,5 %')).toContain(LEVEL_COLORS.good);
    expect(colourOf('64 %')).toContain(LEVEL_COLORS.warning);
    expect(colourOf('12,3 %')).toContain(LEVEL_COLORS.bad);
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('Mejor canal: Tiempo real')).toBeTruthy();
    expect(screen.getByText('Últimos 30 días: 29/10/2026 – 27/11/2026')).toBeTruthy();
    expect(callsTo(apiRequest, 'notifications.analytics')[0]).toMatchObject({
      params: { view: 'kpis' },
      companyId: 'c-1',
    });
  });

  it('shows a skeleton while loading', async () => {
    (apiRequest as ReturnType<typeof vi.fn>).mockImplementation(() => new Promise(() => undefined));
    const { container } = renderWidget();
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).not.toBeNull());
    expect(screen.getByText('Métricas de notificaciones')).toBeTruthy();
  });

  it("a failure says 'Error cargando métricas' and 'Reintentar' loads again", async () => {
    let fail = true;
    answerApi(apiRequest, {
      'notifications.analytics': () => {
        if (fail) throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
        return kpis();
      },
    });
    renderWidget();
    expect(await screen.findByText('Error cargando métricas')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('92,5 %')).toBeTruthy();
    expect(callsTo(apiRequest, 'notifications.analytics')).toHaveLength(2);
  });

  it("without notifications in the window says 'No hay datos disponibles'", async () => {
    answerApi(apiRequest, { 'notifications.analytics': kpis({ totalNotifications: 0 }) });
    renderWidget();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
  });

  it('Canales and Tipos list each slice with its rates', async () => {
    answerApi(apiRequest, {
      'notifications.analytics': (o: ApiRequestOptions) => {
        if (viewOf(o) === 'kpis') return kpis();
        if (viewOf(o) === 'channels')
          return {
            ...WINDOW,
            items: [
              channel({ channel: 'IN_APP', sent: 40, deliveryRate: 100, readRate: 55 }),
              channel({ channel: 'EMAIL', sent: 0 }),
            ],
          };
        return {
          ...WINDOW,
          items: [
            {
              type: 'tax_deadline',
              category: 'tax_deadlines',
              total: 7,
              read: 6,
              clicked: 1,
              readRate: 85.7,
              clickRate: 14.3,
            },
          ],
        };
      },
    });
    renderWidget();
    await screen.findByText('92,5 %');
    fireEvent.click(screen.getByText('Canales'));
    expect(await screen.findByText('En la app')).toBeTruthy();
    expect(screen.getByText('40')).toBeTruthy();
    expect(screen.getByText('55 %')).toBeTruthy();
    // A channel that sent nothing is left out.
    expect(screen.queryByText('Email')).toBeNull();
    fireEvent.click(screen.getByText('Tipos'));
    expect(await screen.findByText('tax_deadline')).toBeTruthy();
    expect(screen.getByText('Vencimientos fiscales')).toBeTruthy();
    expect(screen.getByText('85,7 %')).toBeTruthy();
  });

  it('Tendencias draws the daily counts of the trends view', async () => {
    answerApi(apiRequest, {
      'notifications.analytics': (o: ApiRequestOptions) =>
        viewOf(o) === 'trends'
          ? {
              ...WINDOW,
              points: [
                trendPoint('2026-11-25', 3, 1),
                trendPoint('2026-11-26', 5, 4, 2),
                trendPoint('2026-11-27'),
              ],
            }
          : kpis(),
    });
    const { container } = renderWidget();
    await screen.findByText('92,5 %');
    fireEvent.click(screen.getByText('Tendencias'));
    expect(await screen.findByText('8 enviadas · 5 leídas · 2 clics')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Notificaciones por día' })).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('.recharts-line').length).toBe(3));
    expect(
      callsTo(apiRequest, 'notifications.analytics').map((o: ApiRequestOptions) => o.params?.view),
    ).toEqual(['kpis', 'trends']);
  });

  it('Tendencias without any event says there is no data', async () => {
    answerApi(apiRequest, {
      'notifications.analytics': (o: ApiRequestOptions) =>
        viewOf(o) === 'trends'
          ? { ...WINDOW, points: [trendPoint('2026-11-26'), trendPoint('2026-11-27')] }
          : kpis(),
    });
    renderWidget();
    await screen.findByText('92,5 %');
    fireEvent.click(screen.getByText('Tendencias'));
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
  });

  it('is not shown to someone who may not read the analytics (a client)', async () => {
    vi.mocked(useCan).mockReturnValue(false);
    answerApi(apiRequest, { 'notifications.analytics': kpis() });
    const { container } = renderWidget();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(callsTo(apiRequest, 'notifications.analytics')).toHaveLength(0);
  });
});
