import type { AdminActivity, AdminStats } from '@shared/schemas/dashboard';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { AdminDashboard } from './admin-dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const NBSP = '\u00a0';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const stats: AdminStats = {
  totalUsers: 1250,
  activeUsers: 980,
  activeSubscriptions: 310,
  monthlyRevenue: 929_690,
  supportTickets: null,
  changes: {
    users: { percent: 12.5, type: 'positive' },
    subscriptions: { percent: -3.2, type: 'negative' },
    revenue: { percent: null, type: 'positive' },
    tickets: null,
  },
  asOf: hoursAgo(0),
};

const activities: AdminActivity[] = [
  {
    id: 'e-1',
    action: 'Nuevo usuario registrado',
    user: 'lucia@example.com',
    details: 'Plan Básico',
    time: hoursAgo(3),
  },
  {
    id: 'e-2',
    action: 'Empresa creada',
    user: 'ana@example.com',
    details: 'Talleres Norte SL',
    time: hoursAgo(50),
  },
];

const statistic = (title: string) =>
  screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent;

function renderDashboard() {
  return renderRoutes([
    { path: '/', element: <AdminDashboard /> },
    { path: '/app/admin/*', element: <div>Página de administración</div> },
  ]);
}

describe('AdminDashboard', { timeout: 30_000 }, () => {
  it('shows the stats with their real changes, no tickets card without a support area, and the activity', async () => {
    answerApi(apiRequest, { 'admin.stats': stats, 'admin.recentActivities': activities });
    renderDashboard();
    await waitFor(() => expect(statistic('Usuarios totales')).toBe('1.250'));
    expect(statistic('Usuarios activos')).toBe('980');
    expect(statistic('Suscripciones activas')).toBe('310');
    expect(statistic('Ingresos mensuales')).toBe(`9.296,90${NBSP}€`);
    expect(screen.getByText('+12,5 % en 30 días')).toBeTruthy();
    expect(screen.getByText('-3,2 % en 30 días')).toBeTruthy();
    // Revenue has no base: no percentage at all.
    expect(screen.queryByLabelText('Cambio de Ingresos mensuales')).toBeNull();
    expect(screen.queryByText('Tickets de soporte')).toBeNull();
    expect(await screen.findByText('Nuevo usuario registrado')).toBeTruthy();
    expect(screen.getByText('Hace 3 horas')).toBeTruthy();
    expect(screen.getByText('Hace 2 días')).toBeTruthy();
    expect(callsTo(apiRequest, 'admin.recentActivities')[0]?.query).toEqual({ limit: 10 });
  });

  it('shows the tickets card when the platform counts tickets', async () => {
    answerApi(apiRequest, {
      'admin.stats': {
        ...stats,
        supportTickets: 4,
        changes: { ...stats.changes, tickets: { percent: 100, type: 'negative' } },
      },
      'admin.recentActivities': [],
    });
    renderDashboard();
    await waitFor(() => expect(statistic('Tickets de soporte')).toBe('4'));
    expect(screen.getByText('+100 % en 30 días')).toBeTruthy();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
  });

  it('quick actions go to users, subscriptions and system configuration', async () => {
    answerApi(apiRequest, { 'admin.stats': stats, 'admin.recentActivities': activities });
    for (const [label, path] of [
      ['Gestionar usuarios', '/app/admin/users'],
      ['Suscripciones', '/app/admin/subscriptions'],
      ['Configuración del sistema', '/app/admin/system-config'],
    ] as const) {
      const { router, unmount } = renderDashboard();
      fireEvent.click(await screen.findByRole('button', { name: new RegExp(label) }));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      unmount();
    }
  });

  it('loading, then the error with Reintentar', async () => {
    let fail = true;
    answerApi(apiRequest, {
      'admin.stats': () =>
        new Promise((resolve, reject) =>
          setTimeout(() => (fail ? reject(new Error('caído')) : resolve(stats)), 50),
        ),
      'admin.recentActivities': activities,
    });
    renderDashboard();
    expect(document.querySelector('.ant-skeleton')).toBeTruthy();
    expect(await screen.findByText('Error cargando métricas')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(statistic('Usuarios totales')).toBe('1.250'));
  });
});
