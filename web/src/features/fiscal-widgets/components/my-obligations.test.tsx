/**
 * 'Mis obligaciones' (client portal): the selected company's obligations of this year and the last,
 * grouped as Vencidas, Próximas (30 días) and Presentadas; 'No hay datos disponibles' when none,
 * and without a tax profile (the status asked first, the calendar then not asked).
 */
import type { CompanyEntry } from '@shared/schemas/companies';
import type { AssistantStatus } from '@shared/schemas/tax';
import { screen, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { obligationView } from '../testing/fixtures';
import { MyObligations } from './my-obligations';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const espiga: CompanyEntry = {
  companyId: 'c-1',
  name: 'Panadería La Espiga SL',
  nif: 'B46128732',
  companyType: 'SL',
  isActive: true,
  isDefault: true,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-03-05T10:00:00Z',
};
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

beforeEach(() => {
  // Only the clock: timers stay real for React and react-query. 10 April 2027, 10:00 in Madrid.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-04-10T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.resetAllMocks();
});

const calendar = (year: number, obligations: ReturnType<typeof obligationView>[]) => ({
  companyId: 'c-1',
  year,
  obligations,
  profileVersions: [`${year}-01-01`],
});

const profileStatus = (hasProfile: boolean): AssistantStatus => ({
  hasProfile,
  status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: hasProfile ? '2027-01-02T08:00:00Z' : null,
});

const renderPage = () => renderRoutes([{ path: '/', element: <MyObligations /> }]);

describe('MyObligations', { timeout: 20_000 }, () => {
  it('groups the obligations of this year and the last by status', async () => {
    answerApi(apiRequest, {
      'taxAssistant.status': profileStatus(true),
      'taxCalendar.get': (options: { query?: Record<string, unknown> }) =>
        options.query?.year === 2026
          ? calendar(2026, [
              obligationView({
                obligationId: '2026-390-0A',
                modelType: '390',
                modelName: 'IVA. Resumen anual',
                periodLabel: 'Ejercicio 2026',
                year: 2026,
                dueDate: '2027-01-30',
                status: 'SUBMITTED',
                submittedAt: '2027-01-28T10:00:00Z',
              }),
              obligationView({
                obligationId: '2026-200-0A',
                modelType: '200',
                modelName: 'Impuesto sobre Sociedades. Declaración anual',
                periodLabel: 'Ejercicio 2026',
                year: 2026,
                dueDate: '2027-07-26',
                alertDate: '2027-07-26',
              }),
            ])
          : calendar(2027, [
              obligationView({
                obligationId: '2027-111-1T',
                modelType: '111',
                modelName: 'Retenciones del trabajo y actividades profesionales',
                dueDate: '2027-04-05',
                status: 'OVERDUE',
                daysOverdue: 5,
              }),
              obligationView({ obligationId: '2027-303-1T', dueDate: '2027-04-20', alertDate: '2027-04-20' }),
            ]),
    });
    renderPage();

    const overdue = await screen.findByRole('list', { name: 'Vencidas' });
    expect(
      within(overdue).getByText('Modelo 111 · Retenciones del trabajo y actividades profesionales'),
    ).toBeTruthy();
    expect(within(overdue).getByText('Vencida hace 5 días')).toBeTruthy();

    const upcoming = screen.getByRole('list', { name: 'Próximas (30 días)' });
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(1);
    expect(within(upcoming).getByText('Modelo 303 · IVA. Autoliquidación')).toBeTruthy();
    expect(within(upcoming).getByText('1.er trimestre 2027')).toBeTruthy();
    expect(within(upcoming).getByText('Vence el 20/04/2027')).toBeTruthy();
    expect(within(upcoming).getByText('Quedan 10 días').getAttribute('data-tone')).toBe('warning');

    const filed = screen.getByRole('list', { name: 'Presentadas' });
    expect(within(filed).getByText('Modelo 390 · IVA. Resumen anual')).toBeTruthy();
    expect(within(filed).getByText('Presentada el 28/01/2027')).toBeTruthy();
    // The annual IS return of 2026 is due in July: not within the next 30 days.
    expect(screen.queryByText(/Modelo 200/)).toBeNull();
    expect(
      callsTo(apiRequest, 'taxCalendar.get')
        .map((c) => c.query?.year)
        .sort(),
    ).toEqual([2026, 2027]);
  });

  it("says 'No hay datos disponibles' without obligations to show and without a tax profile", async () => {
    answerApi(apiRequest, {
      'taxAssistant.status': profileStatus(true),
      'taxCalendar.get': (o: { query?: Record<string, unknown> }) => calendar(Number(o.query?.year), []),
    });
    const first = renderPage();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
    first.unmount();

    // The status says there is none: the calendar (TAX_021 without a profile) is not asked.
    vi.mocked(apiRequest).mockClear();
    answerApi(apiRequest, {
      'taxAssistant.status': profileStatus(false),
      'taxCalendar.get': (o: { query?: Record<string, unknown> }) => calendar(Number(o.query?.year), []),
    });
    const second = renderPage();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
    expect(screen.getByText('La empresa aún no tiene perfil fiscal: tu gestor lo configurará.')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxAssistant.status')).toHaveLength(1);
    expect(callsTo(apiRequest, 'taxCalendar.get')).toEqual([]);
    second.unmount();

    // The status out of date (or unread): the calendar's TAX_021 says the same.
    answerApi(apiRequest, {
      'taxAssistant.status': profileStatus(true),
      'taxCalendar.get': () => {
        throw new ApiError({
          code: 'TAX_021',
          message: 'La empresa no tiene configuración fiscal.',
          status: 400,
        });
      },
    });
    renderPage();
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
    expect(screen.getByText('La empresa aún no tiene perfil fiscal: tu gestor lo configurará.')).toBeTruthy();
  });
});
