import { screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { statistics } from '../testing/fixtures';
import { SiiWidget } from './sii-widget';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => vi.resetAllMocks());

const renderWidget = (company = { companyId: 'c-1', siiEnabled: true }) =>
  renderRoutes([{ path: '/app/dashboard', element: <SiiWidget company={company} /> }], {
    path: '/app/dashboard',
  });

describe("SiiWidget ('Estado SII' of the company dashboard)", { timeout: 20_000 }, () => {
  it('shows the counts of the SII widget data and the urgent deadlines', async () => {
    answerApi(apiRequest, { 'sii.statistics': statistics() });
    renderWidget();
    expect(await screen.findByText('Pendientes: 3')).toBeTruthy();
    expect(screen.getByText('Aceptadas (7 días): 12')).toBeTruthy();
    expect(screen.getByText('Rechazadas (7 días): 1')).toBeTruthy();
    expect(screen.getByText('Próximos vencimientos: 2')).toBeTruthy();
    expect(screen.getByText('1 registro vence en un día o menos.')).toBeTruthy();
    expect(screen.getByText('2 facturas con problemas en el SII.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver SII' }).getAttribute('href')).toBe('/app/tax/sii');
    expect(callsTo(apiRequest, 'sii.statistics')[0]).toMatchObject({
      query: { period: 'CURRENT_MONTH' },
      companyId: 'c-1',
    });
  });

  it("says 'No hay datos disponibles' when there is nothing to tell", async () => {
    answerApi(apiRequest, {
      'sii.statistics': statistics({
        totalPending: 0,
        acceptedLast7Days: 0,
        rejectedLast7Days: 0,
        errors: 0,
        upcomingDeadlines: 0,
        reconciliationPending: 0,
        problems: [],
        deadlines: [],
      }),
    });
    renderWidget();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
  });

  it("a failure says 'Error cargando estado SII' with Reintentar", async () => {
    answerApi(apiRequest, {
      'sii.statistics': () => {
        throw new ApiError({ code: 'CORE_005', message: 'Servicio no disponible', status: 503 });
      },
    });
    renderWidget();
    expect(await screen.findByText('Error cargando estado SII')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('is not shown (nor asked for) without SII, nor to a user without access (403)', async () => {
    answerApi(apiRequest, {});
    const without = renderWidget({ companyId: 'c-1', siiEnabled: false });
    expect(without.container.textContent).toBe('');
    expect(callsTo(apiRequest, 'sii.statistics')).toHaveLength(0);
    without.unmount();

    answerApi(apiRequest, {
      'sii.statistics': () => {
        throw new ApiError({ code: 'CORE_003', message: 'Sin permiso', status: 403 });
      },
    });
    const forbidden = renderWidget();
    await vi.waitFor(() => expect(callsTo(apiRequest, 'sii.statistics')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(forbidden.container.textContent).toBe('');
  });
});
