import type { AdvisorCompanyStats, AdvisorSummary } from '@shared/schemas/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { LEVEL_COLORS } from '@web/lib/dashboard-thresholds';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { AdvisorDashboard } from './advisor-dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
// The company dashboard is web-company's (tested there): here only that the selected one is shown.

afterEach(() => vi.resetAllMocks());

const NBSP = '\u00a0';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const summary: AdvisorSummary = {
  period: 'MONTH',
  clientStats: {
    totalCompanies: 3,
    totalClients: 7,
    healthyCompanies: 1,
    warningCompanies: 1,
    criticalCompanies: 1,
  },
  documentStats: { totalDocuments: 42, totalRevenue: 1_234_567 },
  taxStats: { averageComplianceScore: 82.4 },
  pendingTasks: 5,
  pendingTaskList: [
    {
      companyId: 'c-3',
      companyName: 'Talleres Norte SL',
      kind: 'OVERDUE_OBLIGATION',
      title: 'Modelo 303 3T vencido',
      dueDate: '2026-10-20',
      url: '/app/tax/calendar',
    },
  ],
  recentActivity: [
    {
      id: 'a-1',
      companyId: 'c-1',
      companyName: 'Panadería La Espiga SL',
      action: 'Factura F-2026-0012 emitida',
      timestamp: minutesAgo(5),
      type: 'DOCUMENT',
    },
  ],
  meta: { generatedAt: minutesAgo(0), companies: 3, fromCache: 3, computed: 0, failed: 0, itemsRead: 12 },
};

const company = (id: string, name: string, over: Partial<AdvisorCompanyStats>): AdvisorCompanyStats => ({
  company: { id, name, nif: 'B12345678', companyType: 'SL' },
  status: 'HEALTHY',
  reasons: [],
  clientCount: 2,
  documentCount: 10,
  revenue: 500_000,
  pendingTasks: 0,
  lastActivity: minutesAgo(120),
  complianceScore: 95,
  overdueObligations: 0,
  dueSoonObligations: 0,
  rejectedSii: 0,
  rejectedVerifactu: 0,
  unreviewedDocuments: 0,
  failed: false,
  computedAt: minutesAgo(1),
  ...over,
});

const healthy = company('c-1', 'Panadería La Espiga SL', {});
const critical = company('c-3', 'Talleres Norte SL', {
  status: 'CRITICAL',
  reasons: ['1 obligación vencida'],
  pendingTasks: 3,
  complianceScore: 60,
});

function renderDashboard() {
  return renderRoutes([
    {
      path: '/',
      element: <AdvisorDashboard renderCompany={(id) => <div>Panel de la empresa {id}</div>} />,
    },
    { path: '/app/companies/:companyId', element: <div>Ficha de empresa</div> },
  ]);
}

const segment = (label: string) =>
  screen.getAllByText(label).find((el) => el.closest('.ant-segmented')) as HTMLElement;

/** jsdom keeps a hex colour as written and turns rgb() into rgb(). */
const toCss = (color: string) => {
  const probe = document.createElement('div');
  probe.style.color = color;
  return probe.style.color;
};

const statistic = (title: string) => {
  const node = screen.getAllByText(title).find((el) => el.closest('.ant-statistic'));
  return node?.closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent;
};

describe('AdvisorDashboard', { timeout: 30_000 }, () => {
  it('shows the consolidated figures, the companies with their status and reasons, tasks and activity', async () => {
    answerApi(apiRequest, {
      'dashboard.advisorSummary': summary,
      'dashboard.advisorCompanies': { period: 'MONTH', items: [healthy, critical] },
    });
    renderDashboard();
    expect(await screen.findByText('Resumen de la cartera')).toBeTruthy();
    await waitFor(() => expect(statistic('Empresas')).toBe('3'));
    expect(statistic('Clientes')).toBe('7');
    expect(statistic('Documentos')).toBe('42');
    expect(statistic('Facturación')).toBe(`12.345,67${NBSP}€`);
    expect(statistic('Cumplimiento medio')).toBe('82 %');
    // 82 is between 70 and 90: yellow.
    const compliance = screen.getByText('82 %').closest('.ant-statistic-content') as HTMLElement;
    expect(compliance.style.color).toBe(toCss(LEVEL_COLORS.warning));

    const card = await screen.findByRole('button', { name: 'Talleres Norte SL' });
    expect(within(card).getByText('Crítica')).toBeTruthy();
    expect(within(card).getByText('1 obligación vencida')).toBeTruthy();
    expect(screen.getByText('Modelo 303 3T vencido')).toBeTruthy();
    expect(screen.getByText('Panadería La Espiga SL · Hace 5 minutos')).toBeTruthy();
    expect(callsTo(apiRequest, 'dashboard.advisorSummary')[0]?.query).toMatchObject({ period: 'MONTH' });
    expect(callsTo(apiRequest, 'dashboard.advisorCompanies')[0]?.query).toEqual({
      period: 'MONTH',
      status: 'ALL',
    });
  });

  it("selects a company: its dashboard below and 'Ver Detalles' to its page", async () => {
    answerApi(apiRequest, {
      'dashboard.advisorSummary': summary,
      'dashboard.advisorCompanies': { period: 'MONTH', items: [healthy, critical] },
    });
    const { router } = renderDashboard();
    const card = await screen.findByRole('button', { name: 'Talleres Norte SL' });
    expect(screen.queryByText('Ver Detalles')).toBeNull();
    fireEvent.click(card);
    expect(await screen.findByText('Panel de la empresa c-3')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Ver Detalles' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/companies/c-3'));
  });

  it('filters by status and period and refreshes with refresh=true', async () => {
    answerApi(apiRequest, {
      'dashboard.advisorSummary': ({ query }: ApiRequestOptions) => ({ ...summary, period: query?.period }),
      'dashboard.advisorCompanies': ({ query }: ApiRequestOptions) => ({
        period: query?.period,
        items: query?.status === 'CRITICAL' ? [critical] : [healthy, critical],
      }),
    });
    renderDashboard();
    await screen.findByRole('button', { name: 'Panadería La Espiga SL' });
    fireEvent.click(segment('Críticas'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Panadería La Espiga SL' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Talleres Norte SL' })).toBeTruthy();
    fireEvent.click(segment('Trimestre'));
    await waitFor(() =>
      expect(callsTo(apiRequest, 'dashboard.advisorCompanies').at(-1)?.query).toEqual({
        period: 'QUARTER',
        status: 'CRITICAL',
      }),
    );
    expect(callsTo(apiRequest, 'dashboard.advisorSummary').at(-1)?.query).toMatchObject({
      period: 'QUARTER',
    });
    fireEvent.click(screen.getByRole('button', { name: /Actualizar/ }));
    await waitFor(() =>
      expect(callsTo(apiRequest, 'dashboard.advisorSummary').at(-1)?.query).toEqual({
        period: 'QUARTER',
        refresh: 'true',
      }),
    );
  });

  it('marks a company whose stats failed', async () => {
    answerApi(apiRequest, {
      'dashboard.advisorSummary': summary,
      'dashboard.advisorCompanies': {
        period: 'MONTH',
        items: [
          company('c-9', 'Fallida SL', { status: 'CRITICAL', failed: true, revenue: 0, documentCount: 0 }),
        ],
      },
    });
    renderDashboard();
    const card = await screen.findByRole('button', { name: 'Fallida SL' });
    expect(within(card).getByText('No se pudieron calcular las estadísticas de esta empresa.')).toBeTruthy();
    expect(within(card).getByText('Crítica')).toBeTruthy();
  });

  it('loading, error with Reintentar and empty states', async () => {
    let fail = true;
    answerApi(apiRequest, {
      'dashboard.advisorSummary': () =>
        new Promise((resolve, reject) =>
          setTimeout(() => (fail ? reject(new Error('caído')) : resolve(summary)), 50),
        ),
      'dashboard.advisorCompanies': { period: 'MONTH', items: [] },
    });
    renderDashboard();
    expect(document.querySelector('.ant-skeleton')).toBeTruthy();
    expect(await screen.findByText('Error cargando dashboard')).toBeTruthy();
    // No companies: the list says so.
    expect(await screen.findAllByText('No hay datos disponibles')).not.toHaveLength(0);
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Reintentar' })[0] as HTMLElement);
    await waitFor(() => expect(statistic('Empresas')).toBe('3'));
  });
});
