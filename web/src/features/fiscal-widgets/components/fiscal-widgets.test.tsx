/**
 * The dashboard's fiscal widgets (spec part 3; part 2 §8-§9): one welcome card without a tax
 * profile (the status asked first, nothing that needs a profile asked then), the exact error texts
 * with 'Reintentar', the empty text, the colour rules and the five most urgent alerts.
 */

import type { RouteId } from '@shared/api/routes';
import type { AssistantStatus } from '@shared/schemas/tax';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import {
  analysis,
  COMPANY_ID,
  fiscalAlert,
  overdue,
  overdueAnswer,
  upcoming,
  upcomingAnswer,
} from '../testing/fixtures';
import { FiscalWidgets } from './fiscal-widgets';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const fail = (code: string, message: string, status: number) => () => {
  throw new ApiError({ code: code as ApiError['code'], message, status });
};

const profileStatus = (hasProfile: boolean): AssistantStatus => ({
  hasProfile,
  status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: hasProfile ? '2027-01-02T08:00:00Z' : null,
});

const healthy: ApiAnswers = {
  'taxAssistant.status': profileStatus(true),
  'taxObligations.upcoming': upcomingAnswer([upcoming()]),
  'taxObligations.overdue': overdueAnswer([overdue()]),
  'taxAlerts.critical': [fiscalAlert()],
  'taxAnalysis.get': analysis(),
};

const renderWidgets = (answers: ApiAnswers) => {
  answerApi(apiRequest, answers);
  return renderRoutes([{ path: '/', element: <FiscalWidgets companyId={COMPANY_ID} /> }]);
};

const expectWelcomeCard = async () => {
  expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
  expect(screen.getAllByText('Bienvenido! Configuración Fiscal')).toHaveLength(1);
  expect(screen.getAllByText('Configuración fiscal incompleta')).toHaveLength(1);
  const setup = screen.getByRole('link', { name: 'Configurar Ahora' });
  expect(setup.getAttribute('href')).toBe('/app/companies/c-1/configuration?tab=fiscal');
  expect(screen.queryByText('Próximas obligaciones')).toBeNull();
  expect(screen.queryByText('Análisis fiscal')).toBeNull();
};

describe('FiscalWidgets', { timeout: 20_000 }, () => {
  it('without a tax profile (the status says so): one welcome card, and no call that needs a profile', async () => {
    renderWidgets({
      ...healthy,
      'taxAssistant.status': profileStatus(false),
      'taxObligations.upcoming': upcomingAnswer([]),
      'taxObligations.overdue': overdueAnswer([]),
    });

    await expectWelcomeCard();
    expect(callsTo(apiRequest, 'taxAssistant.status')[0]).toMatchObject({
      params: { companyId: COMPANY_ID },
    });
    expect(callsTo(apiRequest, 'taxAlerts.critical')).toEqual([]);
    expect(callsTo(apiRequest, 'taxAnalysis.get')).toEqual([]);
  });

  it.each([
    [
      'TAX_021 from the alerts',
      { 'taxAlerts.critical': fail('TAX_021', 'La empresa no tiene configuración fiscal.', 400) },
    ],
    [
      'CONFIGURATION_NOT_FOUND from the analysis',
      {
        'taxAnalysis.get': fail('CONFIGURATION_NOT_FOUND', 'La empresa no tiene configuración fiscal.', 404),
      },
    ],
  ])('the status out of date or unread: still one welcome card on %s', async (_, failing) => {
    renderWidgets({
      ...healthy,
      'taxObligations.upcoming': upcomingAnswer([]),
      'taxObligations.overdue': overdueAnswer([]),
      ...failing,
    });
    await expectWelcomeCard();
  });

  it('asks the alerts and the analysis when the status cannot be read', async () => {
    renderWidgets({
      ...healthy,
      'taxAssistant.status': fail('CORE_005', 'Error interno del servidor.', 500),
    });
    expect(await screen.findByRole('list', { name: 'Alertas fiscales principales' })).toBeTruthy();
    expect(await screen.findByText('Puntuación 85/100')).toBeTruthy();
  });

  it.each<[RouteId, string]>([
    ['taxObligations.upcoming', 'Error cargando obligaciones próximas'],
    ['taxObligations.overdue', 'Error cargando obligaciones vencidas'],
    ['taxAlerts.critical', 'Error cargando alertas fiscales'],
    ['taxAnalysis.get', 'Error cargando resumen fiscal'],
  ])('a failing %s shows "%s" and retries', async (routeId, text) => {
    let failures = 0;
    const answers: ApiAnswers = {
      ...healthy,
      [routeId]: () => {
        failures += 1;
        throw new ApiError({ code: 'CORE_005', message: 'Error interno del servidor.', status: 500 });
      },
    };
    renderWidgets(answers);

    const title = await screen.findByText(text);
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('Error interno del servidor.')).toBeTruthy();
    // Only the failing widget shows an error.
    expect(screen.getAllByRole('button', { name: 'Reintentar' })).toHaveLength(1);

    answerApi(apiRequest, healthy);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByText(text)).toBeNull());
    expect(failures).toBe(1);
    expect(callsTo(apiRequest, routeId).length).toBe(2);
  });

  it("says 'No hay datos disponibles' in each widget with nothing to show", async () => {
    renderWidgets({
      'taxAssistant.status': profileStatus(true),
      'taxObligations.upcoming': upcomingAnswer([]),
      'taxObligations.overdue': overdueAnswer([]),
      'taxAlerts.critical': [],
      'taxAnalysis.get': analysis({ compliance: [], recommendations: [] }),
    });
    await waitFor(() => expect(screen.getAllByText('No hay datos disponibles')).toHaveLength(4));
  });

  it('colours the days left red at 7 or fewer, yellow at 30 or fewer, and asks only for the company', async () => {
    renderWidgets({
      ...healthy,
      'taxObligations.upcoming': upcomingAnswer([
        upcoming({ id: 'a', dueDate: '2027-04-13', daysRemaining: 7 }),
        upcoming({ id: 'b', dueDate: '2027-04-14', daysRemaining: 8 }),
        upcoming({ id: 'c', dueDate: '2027-05-06', daysRemaining: 30 }),
        upcoming({ id: 'd', dueDate: '2027-05-07', daysRemaining: 31 }),
      ]),
    });
    const list = await screen.findByRole('list', { name: 'Próximas obligaciones' });
    const tones = within(list)
      .getAllByText(/^Quedan/)
      .map((el) => [el.textContent, el.getAttribute('data-tone')]);
    expect(tones).toEqual([
      ['Quedan 7 días', 'danger'],
      ['Quedan 8 días', 'warning'],
      ['Quedan 30 días', 'warning'],
      ['Quedan 31 días', 'none'],
    ]);
    expect(callsTo(apiRequest, 'taxObligations.upcoming')[0]).toMatchObject({
      query: { companyId: COMPANY_ID, days: 30 },
    });
    expect(screen.getByText('Vencida hace 5 días')).toBeTruthy();
  });

  it.each([
    [95, 'success'],
    [90, 'success'],
    [89, 'warning'],
    [70, 'warning'],
    [69, 'danger'],
  ])('colours a compliance of %i as %s', async (percentage, tone) => {
    renderWidgets({
      ...healthy,
      'taxAnalysis.get': analysis({
        metrics: {
          compliancePercentage: percentage,
          totalThresholdAlerts: 0,
          modelsAffected: 0,
          lastAnalysisDate: '2027-04-10',
        },
      }),
    });
    const value = await screen.findByText(`${percentage} %`);
    expect(value.getAttribute('data-tone')).toBe(tone);
  });

  it('shows the 5 most urgent alerts (critical, high, medium, low) and a link to all', async () => {
    renderWidgets({
      ...healthy,
      'taxAlerts.critical': [
        fiscalAlert({ id: 'low', title: 'Baja', priority: 'low', dueDate: '2027-04-01' }),
        fiscalAlert({ id: 'med', title: 'Media', priority: 'medium' }),
        fiscalAlert({
          id: 'crit-late',
          title: 'Crítica tardía',
          priority: 'critical',
          dueDate: '2027-04-20',
        }),
        fiscalAlert({ id: 'high', title: 'Alta', priority: 'high' }),
        fiscalAlert({
          id: 'crit-soon',
          title: 'Crítica próxima',
          priority: 'critical',
          dueDate: '2027-04-11',
        }),
        fiscalAlert({ id: 'med-2', title: 'Media 2', priority: 'medium', dueDate: '2027-04-25' }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Alertas fiscales principales' });
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(titles).toEqual(['Crítica próxima', 'Crítica tardía', 'Alta', 'Media', 'Media 2']);
    expect(screen.getAllByRole('link', { name: 'Ver todas' }).map((a) => a.getAttribute('href'))).toContain(
      '/app/tax/dashboard?tab=alerts',
    );
  });

  it('shows the health, up to 4 recommendations (high then medium) and 5 models of compliance', async () => {
    const rec = (id: string, priority: 'high' | 'medium' | 'low') => ({
      id,
      title: `Recomendación ${id}`,
      description: 'Detalle',
      priority,
      type: 'DEADLINE_SOON' as const,
      estimatedBenefit: null,
      model: null,
    });
    renderWidgets({
      ...healthy,
      'taxAnalysis.get': analysis({
        recommendations: [
          rec('m1', 'medium'),
          rec('l1', 'low'),
          rec('h1', 'high'),
          rec('m2', 'medium'),
          rec('m3', 'medium'),
          rec('h2', 'high'),
        ],
        compliance: (['303', '111', '115', '130', '390', '347'] as const).map((model) => ({
          model,
          status: 'COMPLIANT' as const,
          description: 'Al día',
          nextDeadline: null,
        })),
      }),
    });
    expect(await screen.findByText('Puntuación 85/100')).toBeTruthy();
    const recommendations = within(screen.getByRole('list', { name: 'Recomendaciones' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent?.match(/Recomendación (\w+?)Detalle/)?.[1]);
    expect(recommendations).toEqual(['h1', 'h2', 'm1', 'm2']);
    expect(
      within(screen.getByRole('list', { name: 'Cumplimiento por modelo' })).getAllByRole('listitem'),
    ).toHaveLength(5);
  });
});
