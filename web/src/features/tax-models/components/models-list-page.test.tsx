/**
 * 'Modelos': the year's stored models and the periods the calendar owes without one ('Sin generar'),
 * filters by model and status in the URL, a row opens the model's page, 'Generar modelos' for who may,
 * and nothing asked without a tax profile.
 */
import type { ObligationView } from '@shared/schemas/tax';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership, model303, page, profileStatus } from '../testing/fixtures';
import { ModelsListPage } from './models-list-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const obligation = (overrides: Partial<ObligationView>): ObligationView => ({
  obligationId: '2026-303-2T',
  companyId: 'c-1',
  modelType: '303',
  period: '2T',
  year: 2026,
  periodicity: 'QUARTERLY',
  periodStart: '2026-04-01',
  periodEnd: '2026-06-30',
  windowStart: '2026-07-01',
  dueDate: '2026-07-20',
  domiciliationDueDate: '2026-07-15',
  paidByDomiciliation: false,
  alertDate: '2026-07-20',
  profileVersion: '2026-01-01',
  reason: 'IVA trimestral',
  status: 'PENDING',
  modelId: null,
  submittedAt: null,
  createdAt: '2026-01-02T08:00:00Z',
  updatedAt: '2026-01-02T08:00:00Z',
  modelName: 'IVA. Autoliquidación',
  periodLabel: '2T 2026',
  daysRemaining: 40,
  actionDaysRemaining: 40,
  ...overrides,
});

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxModels.list': ({ query }: ApiRequestOptions) =>
    page(
      [
        model303(),
        model303({
          modelId: '2026-349-1T',
          modelType: '349',
          status: 'SUBMITTED',
          reference: 'CSV-349',
          submittedAt: '2026-04-15T10:00:00Z',
          result: { type: 'INFORMATIVE', amountCents: 500_000 },
        }),
      ].filter((m) => !query?.modelType || m.modelType === query.modelType),
    ),
  'taxCalendar.get': {
    companyId: 'c-1',
    year: 2026,
    profileVersions: ['2026-01-01'],
    obligations: [
      obligation({
        obligationId: '2026-303-1T',
        period: '1T',
        status: 'MODEL_GENERATED',
        modelId: '2026-303-1T',
      }),
      obligation({}),
      obligation({ obligationId: '2026-390-0A', modelType: '390', period: '0A', dueDate: '2027-01-30' }),
      // The withholdings and the 130 are computed too (issue 15): listed after the VAT returns.
      obligation({ obligationId: '2026-111-2T', modelType: '111', reason: 'Retenciones' }),
      obligation({ obligationId: '2026-130-1T', modelType: '130', period: '1T', status: 'OVERDUE' }),
      // Not computed by Cuadra (filed elsewhere): not listed here.
      obligation({ obligationId: '2026-036-2026-03-01', modelType: '036', period: '2026-03-01' }),
    ],
  },
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = (search = '?year=2026') => {
  rendered = renderRoutes(
    [
      { path: '/app/tax/models', element: <ModelsListPage /> },
      { path: '/app/tax/models/:modelId/preview', element: <p>Página del modelo</p> },
    ],
    { path: `/app/tax/models${search}` },
  );
  return rendered;
};

const rowLabels = () =>
  screen
    .getAllByRole('row')
    .map((row) => row.getAttribute('aria-label'))
    .filter((label): label is string => label !== null);

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('ModelsListPage', { timeout: 20_000 }, () => {
  it('lists the stored models and the owed periods without one, by model and period', async () => {
    answerApi(apiRequest, answers());
    renderPage();

    await waitFor(() =>
      expect(rowLabels()).toEqual([
        'Modelo 303 · 1T 2026',
        'Modelo 303 · 2T 2026',
        'Modelo 390 · Ejercicio 2026',
        'Modelo 349 · 1T 2026',
        'Modelo 130 · 1T 2026',
        'Modelo 111 · 2T 2026',
      ]),
    );
    const withholdings = screen.getByRole('row', { name: 'Modelo 111 · 2T 2026' });
    expect(
      within(withholdings).getAllByText('Retenciones del trabajo y actividades profesionales').length,
    ).toBeGreaterThan(0);
    expect(within(withholdings).getAllByText('Sin generar').length).toBeGreaterThan(0);
    const first = screen.getByRole('row', { name: 'Modelo 303 · 1T 2026' });
    expect(within(first).getAllByText('Generado').length).toBeGreaterThan(0);
    expect(within(first).getAllByText('A ingresar').length).toBeGreaterThan(0);
    expect(within(first).getAllByText('1.680,00 €').length).toBeGreaterThan(0);
    const pending = screen.getByRole('row', { name: 'Modelo 303 · 2T 2026' });
    expect(within(pending).getAllByText('Sin generar').length).toBeGreaterThan(0);
    const filed = screen.getByRole('row', { name: 'Modelo 349 · 1T 2026' });
    expect(within(filed).getAllByText('Presentado').length).toBeGreaterThan(0);
    expect(within(filed).getAllByText('Declaración informativa').length).toBeGreaterThan(0);
    expect(callsTo(apiRequest, 'taxModels.list')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      query: { year: 2026 },
    });
  });

  it('?status=NOT_GENERATED shows only the periods still to generate', async () => {
    answerApi(apiRequest, answers());
    renderPage('?year=2026&status=NOT_GENERATED');
    await waitFor(() =>
      expect(rowLabels()).toEqual([
        'Modelo 303 · 2T 2026',
        'Modelo 390 · Ejercicio 2026',
        'Modelo 130 · 1T 2026',
        'Modelo 111 · 2T 2026',
      ]),
    );
  });

  it('?model= narrows to one model', async () => {
    answerApi(apiRequest, answers());
    renderPage('?year=2026&model=303');
    await waitFor(() => expect(rowLabels()).toEqual(['Modelo 303 · 1T 2026', 'Modelo 303 · 2T 2026']));
    expect(callsTo(apiRequest, 'taxModels.list').at(-1)?.query).toMatchObject({ modelType: '303' });
  });

  it("a row opens the model's page", async () => {
    answerApi(apiRequest, answers());
    renderPage();
    fireEvent.click(await screen.findByRole('row', { name: 'Modelo 303 · 2T 2026' }));
    expect(await screen.findByText('Página del modelo')).toBeTruthy();
    expect(rendered?.router.state.location.pathname).toBe('/app/tax/models/2026-303-2T/preview');
  });

  it("'Generar' on a period without a model generates it; the list asks again", async () => {
    answerApi(
      apiRequest,
      answers({ 'taxModels.generate': model303({ modelId: '2026-303-2T', period: '2T' }) }),
    );
    renderPage();
    const row = await screen.findByRole('row', { name: 'Modelo 303 · 2T 2026' });
    const lists = callsTo(apiRequest, 'taxModels.list').length;
    fireEvent.click(within(row).getAllByRole('button', { name: 'Generar' })[0] as HTMLElement);
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.generate')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxModels.generate')[0]).toMatchObject({
      params: { companyId: 'c-1', modelType: '303' },
      body: { year: 2026, period: '2T', regenerate: false },
    });
    expect(await screen.findByText('Modelo 303 · 2T 2026 generado')).toBeTruthy();
    await waitFor(() => expect(callsTo(apiRequest, 'taxModels.list').length).toBeGreaterThan(lists));
    // The generate button did not open the model.
    expect(rendered?.router.state.location.pathname).toBe('/app/tax/models');
  });

  it("'Generar modelos' for the gestor", async () => {
    answerApi(apiRequest, answers());
    renderPage();
    expect((await screen.findByRole('link', { name: 'Generar modelos' })).getAttribute('href')).toBe(
      '/app/tax/models/generate?year=2026',
    );
  });

  it("no 'Generar modelos' for a client who only reads", async () => {
    answerApi(apiRequest, answers({ 'companies.get': membership('CLIENTE') }));
    renderPage();
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    await screen.findByRole('row', { name: 'Modelo 303 · 1T 2026' });
    expect(screen.queryByRole('link', { name: 'Generar modelos' })).toBeNull();
  });

  it('without a tax profile: the welcome card and no model or calendar call', async () => {
    answerApi(apiRequest, answers({ 'taxAssistant.status': profileStatus(false) }));
    renderPage();
    expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxModels.list')).toEqual([]);
    expect(callsTo(apiRequest, 'taxCalendar.get')).toEqual([]);
  });
});
