/**
 * 'Panel fiscal': the welcome card without a tax profile (the status asked first, the company calls
 * that need a profile then not asked), the spec's error texts with 'Reintentar',
 * the fiscal alerts (sorted, 5 shown, the rest on the 'Alertas fiscales' tab), the next
 * obligation's days-left colour and the gated 'Generar alertas'.
 */
import type { AssistantStatus } from '@shared/schemas/tax';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { alert, analysis, espiga, membership, overdue, summary, upcoming } from '../testing/fixtures';
import { TaxDashboard } from './tax-dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const fail =
  (code: string, status: number, message = 'Fallo del servidor') =>
  () => {
    throw new ApiError({ code: code as ApiError['code'], message, status });
  };

const profileStatus = (hasProfile: boolean): AssistantStatus => ({
  hasProfile,
  status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: hasProfile ? '2027-01-02T08:00:00Z' : null,
});

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxObligations.summary': summary(),
  'taxObligations.upcoming': { from: '2027-04-08', to: '2027-05-08', obligations: [upcoming()] },
  'taxObligations.overdue': { today: '2027-04-08', obligations: [overdue()] },
  'taxAlerts.critical': [alert('a-1', { priority: 'high', title: 'El 303 vence pronto' })],
  'taxAnalysis.get': analysis(),
  'taxThresholds.alerts': { year: 2027, alerts: [] },
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderDashboard = (path = '/app/tax/dashboard') => {
  rendered = renderRoutes([{ path: '/app/tax/dashboard', element: <TaxDashboard /> }], { path });
  return rendered;
};

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

const expectWelcome = async () => {
  expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
  expect(screen.getByText('Configuración fiscal incompleta')).toBeTruthy();
  const link = screen.getByRole('link', { name: 'Configurar Ahora' });
  expect(link.getAttribute('href')).toBe('/app/companies/c-1/configuration?tab=fiscal');
  // Nothing else of the dashboard, and no action that would answer TAX_021 again.
  expect(screen.queryByText('Próximas obligaciones (30 días)')).toBeNull();
  expect(screen.queryByRole('button', { name: /Generar alertas/ })).toBeNull();
};

describe('TaxDashboard', { timeout: 20_000 }, () => {
  it.each(['/app/tax/dashboard', '/app/tax/dashboard?tab=alerts'])(
    'without a tax profile (the status says so, at %s): the welcome card, and no company call that needs a profile',
    async (path) => {
      answerApi(apiRequest, answers({ 'taxAssistant.status': profileStatus(false) }));
      renderDashboard(path);

      await expectWelcome();
      expect(callsTo(apiRequest, 'taxAssistant.status')[0]).toMatchObject({ params: { companyId: 'c-1' } });
      for (const route of [
        'taxAlerts.critical',
        'taxAlerts.list',
        'taxAnalysis.get',
        'taxThresholds.alerts',
      ] as const) {
        expect(callsTo(apiRequest, route)).toEqual([]);
      }
    },
  );

  it.each([
    [
      'the analysis answers CONFIGURATION_NOT_FOUND',
      { 'taxAnalysis.get': fail('CONFIGURATION_NOT_FOUND', 404) },
    ],
    ['the alerts answer TAX_021', { 'taxAlerts.critical': fail('TAX_021', 400) }],
  ])(
    'the status out of date or unread, %s: still the welcome card and the incomplete-configuration warning',
    async (_, overrides) => {
      answerApi(apiRequest, answers(overrides));
      renderDashboard();
      await expectWelcome();
    },
  );

  it("shows each widget's error text with 'Reintentar', which asks again", async () => {
    answerApi(
      apiRequest,
      answers({
        'taxObligations.summary': fail('CORE_005', 500),
        'taxObligations.upcoming': fail('CORE_005', 500),
        'taxObligations.overdue': fail('CORE_005', 500),
        'taxAlerts.critical': fail('CORE_005', 500),
      }),
    );
    renderDashboard();

    for (const text of [
      'Error cargando resumen fiscal',
      'Error cargando obligaciones próximas',
      'Error cargando obligaciones vencidas',
      'Error cargando alertas fiscales',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(screen.getAllByRole('button', { name: 'Reintentar' })).toHaveLength(4);

    const before = callsTo(apiRequest, 'taxObligations.summary').length;
    const summaryError = screen
      .getByText('Error cargando resumen fiscal')
      .closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(summaryError).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxObligations.summary').length).toBe(before + 1));
  });

  it("shows 'No hay datos disponibles' for empty lists", async () => {
    answerApi(
      apiRequest,
      answers({
        'taxObligations.upcoming': { from: '2027-04-08', to: '2027-05-08', obligations: [] },
        'taxObligations.overdue': { today: '2027-04-08', obligations: [] },
        'taxAlerts.critical': [],
      }),
    );
    renderDashboard();
    // The card of that title (the tab of the same name is not a card).
    const card = async (title: string) =>
      (await screen.findAllByText(title)).map((el) => el.closest('.ant-card')).find(Boolean) as HTMLElement;
    for (const title of ['Próximas obligaciones (30 días)', 'Obligaciones vencidas', 'Alertas fiscales']) {
      expect(await within(await card(title)).findByText('No hay datos disponibles')).toBeTruthy();
    }
    expect(screen.getByText('Sin obligaciones en los próximos 30 días')).toBeTruthy();
  });

  it('shows the 5 most urgent fiscal alerts, critical first, and links to all of them', async () => {
    const alerts = [
      alert('low', { priority: 'low', title: 'Aviso informativo' }),
      alert('medium', { priority: 'medium', title: 'Media', dueDate: '2027-05-01' }),
      alert('high', { priority: 'high', title: 'Alta' }),
      alert('critical-late', { priority: 'critical', title: 'Crítica tardía', dueDate: '2027-04-20' }),
      alert('medium-soon', { priority: 'medium', title: 'Media pronto', dueDate: '2027-04-25' }),
      alert('critical-soon', { priority: 'critical', title: 'Crítica pronto', dueDate: '2027-04-10' }),
      alert('summary', { priority: 'high', title: 'Resumen', dueDate: null }),
    ];
    answerApi(
      apiRequest,
      answers({
        'taxAlerts.critical': alerts,
        'taxAlerts.list': { content: alerts, page: 0, size: 20, totalElements: 7, totalPages: 1 },
      }),
    );
    renderDashboard();

    const list = await screen.findByRole('list', { name: 'Alertas fiscales principales' });
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(titles).toEqual(['Crítica pronto', 'Crítica tardía', 'Alta', 'Resumen', 'Media pronto']);

    fireEvent.click(screen.getByRole('button', { name: 'Ver todas las alertas (7)' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxAlerts.list').length).toBeGreaterThan(0));
    expect(callsTo(apiRequest, 'taxAlerts.list')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      query: { page: 0, size: 20 },
    });
    expect(await screen.findByText('Aviso informativo')).toBeTruthy();
  });

  it.each([
    [5, 'danger', '#cf1322'],
    [7, 'danger', '#cf1322'],
    [12, 'warning', '#d48806'],
    [30, 'warning', '#d48806'],
    [31, 'none', ''],
  ])('colours the next obligation’s %i days left %s', async (days, tone, color) => {
    answerApi(
      apiRequest,
      answers({
        'taxObligations.upcoming': {
          from: '2027-04-08',
          to: '2027-05-08',
          obligations: [
            upcoming({
              id: 'later',
              dueDate: '2027-06-30',
              daysRemaining: days + 40,
              periodLabel: '2T 2027',
            }),
            upcoming({ daysRemaining: days }),
          ],
        },
      }),
    );
    renderDashboard();

    const card = await screen.findByLabelText('Próxima obligación');
    const daysLeft = await within(card).findByText(`Quedan ${days} días`);
    expect(within(card).getByText('Modelo 303 · 1T 2027')).toBeTruthy();
    expect(daysLeft.getAttribute('data-tone')).toBe(tone);
    expect(daysLeft.style.color).toBe(color);
  });

  it("lets a gestor run 'Generar alertas' and says what it did", async () => {
    answerApi(
      apiRequest,
      answers({
        'taxAlerts.generate': {
          companyId: 'c-1',
          date: '2027-04-08',
          created: 2,
          updated: 1,
          notified: 3,
          obligationsCreated: 0,
          markedOverdue: 0,
        },
      }),
    );
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: /Generar alertas/ }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxAlerts.generate')).toHaveLength(1));
    expect(
      await screen.findByText('Alertas actualizadas: 2 nuevas, 1 actualizadas, 3 avisos enviados.'),
    ).toBeTruthy();
  });

  it("hides 'Generar alertas' from a client", async () => {
    answerApi(apiRequest, answers({ 'companies.get': membership('CLIENTE') }));
    renderDashboard();
    expect(await screen.findByText('Próximas obligaciones (30 días)')).toBeTruthy();
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    await screen.findByText('El 303 vence pronto');
    expect(screen.queryByRole('button', { name: /Generar alertas/ })).toBeNull();
  });
});
