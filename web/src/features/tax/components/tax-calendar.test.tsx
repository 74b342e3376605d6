/**
 * 'Calendario fiscal': the list narrowed by `?filter=overdue|pending` (the alerts' links), the
 * obligations of the previous year's periods that fall due in the year, the drawer with 'Marcar
 * como presentada', 'Generar calendario' for a year without obligations, and the welcome card
 * (without a tax profile the calendar is not asked: the status says so first).
 */

import type { AssistantStatus, ObligationView } from '@shared/schemas/tax';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { calendar, espiga, membership, obligation } from '../testing/fixtures';
import { TaxCalendar } from './tax-calendar';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const pending1T = obligation();
const submitted2T = obligation({
  obligationId: '2027-303-2T',
  period: '2T',
  periodLabel: '2T 2027',
  windowStart: '2027-07-01',
  dueDate: '2027-07-20',
  status: 'SUBMITTED',
  submittedAt: '2027-07-10T10:00:00Z',
});
const overdue111 = obligation({
  obligationId: '2027-111-01',
  modelType: '111',
  modelName: 'Retenciones del trabajo y actividades profesionales',
  period: '01',
  periodLabel: 'Enero 2027',
  windowStart: '2027-02-01',
  dueDate: '2027-02-20',
  domiciliationDueDate: '2027-02-15',
  status: 'OVERDUE',
  daysRemaining: -45,
  daysOverdue: 45,
});
// 2026's 4T falls due in January 2027.
const q4of2026 = obligation({
  obligationId: '2026-303-4T',
  year: 2026,
  period: '4T',
  periodLabel: '4T 2026',
  windowStart: '2027-01-01',
  dueDate: '2027-01-30',
  status: 'SUBMITTED',
});

const byYear =
  (years: Record<number, ObligationView[]>) =>
  ({ query }: ApiRequestOptions) =>
    calendar(Number(query?.year), years[Number(query?.year)] ?? []);

const profileStatus = (hasProfile: boolean): AssistantStatus => ({
  hasProfile,
  status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: hasProfile ? '2027-01-02T08:00:00Z' : null,
});

const answers = (overrides: ApiAnswers = {}): ApiAnswers => ({
  'companies.get': membership('GESTOR'),
  'taxAssistant.status': profileStatus(true),
  'taxCalendar.get': byYear({ 2026: [q4of2026], 2027: [pending1T, submitted2T, overdue111] }),
  ...overrides,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderCalendar = (search: string) => {
  rendered = renderRoutes([{ path: '/app/tax/calendar', element: <TaxCalendar /> }], {
    path: `/app/tax/calendar${search}`,
  });
  return rendered;
};

/** The table's body rows, by their model and period. */
const rows = () =>
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

describe('TaxCalendar', { timeout: 20_000 }, () => {
  it('?filter=overdue opens the list with the overdue obligations only', async () => {
    answerApi(apiRequest, answers());
    renderCalendar('?year=2027&filter=overdue');

    expect(await screen.findByText('Obligaciones vencidas sin presentar')).toBeTruthy();
    await waitFor(() => expect(rows()).toEqual(['Modelo 111 · Enero 2027']));
    expect(screen.getByText('Vencida')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxCalendar.get').map((c) => c.query?.year)).toEqual(
      expect.arrayContaining([2027, 2026]),
    );
  });

  it('?filter=pending shows the pending ones; Todas shows everything due in the year', async () => {
    answerApi(apiRequest, answers());
    renderCalendar('?year=2027&filter=pending');

    await waitFor(() => expect(rows()).toEqual(['Modelo 303 · 1T 2027']));
    fireEvent.click(screen.getByText('Todas'));
    await waitFor(() =>
      expect(rows()).toEqual([
        'Modelo 303 · 4T 2026',
        'Modelo 111 · Enero 2027',
        'Modelo 303 · 1T 2027',
        'Modelo 303 · 2T 2027',
      ]),
    );
    expect(rendered?.router.state.location.search).not.toContain('filter=');
  });

  it('an unknown filter is ignored and the month view opens', async () => {
    answerApi(apiRequest, answers());
    renderCalendar('?year=2027&month=4&filter=everything');

    expect(await screen.findByRole('button', { name: 'Modelo 303 · 1T 2027 · Pendiente' })).toBeTruthy();
    expect(screen.queryByText('Obligaciones vencidas sin presentar')).toBeNull();
  });

  it("the month view shows each day's obligations, last year's 4T in January too; a click opens one", async () => {
    answerApi(apiRequest, answers());
    renderCalendar('?year=2027&month=1');

    const tag = await screen.findByRole('button', { name: 'Modelo 303 · 4T 2026 · Presentada' });
    expect(tag.closest('td')?.getAttribute('title')).toBe('2027-01-30');
    fireEvent.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    expect(await screen.findByRole('button', { name: 'Modelo 111 · Enero 2027 · Vencida' })).toBeTruthy();
    expect(rendered?.router.state.location.search).toContain('month=2');

    fireEvent.click(screen.getByRole('button', { name: 'Modelo 111 · Enero 2027 · Vencida' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("opens an obligation and marks it as filed with 'Marcar como presentada'", async () => {
    answerApi(
      apiRequest,
      answers({
        'taxObligations.updateStatus': ({ params }: ApiRequestOptions) => ({
          ...overdue111,
          obligationId: params?.obligationId,
          status: 'SUBMITTED',
          submittedAt: '2027-04-08T09:00:00Z',
        }),
      }),
    );
    renderCalendar('?year=2027&filter=overdue');
    fireEvent.click(await screen.findByRole('row', { name: 'Modelo 111 · Enero 2027' }));

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Retenciones del trabajo y actividades profesionales')).toBeTruthy();
    expect(within(drawer).getByText('Del 01/02/2027 al 20/02/2027')).toBeTruthy();
    expect(within(drawer).getByText('Hasta el 15/02/2027')).toBeTruthy();
    expect(within(drawer).getByText('Vencida hace 45 días')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Marcar como presentada' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxObligations.updateStatus')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxObligations.updateStatus')[0]).toMatchObject({
      params: { companyId: 'c-1', obligationId: '2027-111-01' },
      body: { status: 'SUBMITTED' },
    });
    expect(await within(drawer).findByRole('button', { name: 'Volver a pendiente' })).toBeTruthy();
  });

  it('a client who only reads sees the obligation without the status buttons', async () => {
    answerApi(apiRequest, answers({ 'companies.get': membership('CLIENTE') }));
    renderCalendar('?year=2027&filter=overdue');
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('row', { name: 'Modelo 111 · Enero 2027' }));

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Retenciones del trabajo y actividades profesionales')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Marcar como presentada' })).toBeNull();
  });

  it("offers 'Generar calendario' for a year without obligations", async () => {
    let generated = false;
    answerApi(
      apiRequest,
      answers({
        'taxCalendar.get': ({ query }: ApiRequestOptions) =>
          calendar(
            Number(query?.year),
            generated && query?.year === 2030 ? [obligation({ dueDate: '2030-04-22' })] : [],
          ),
        'taxCalendar.generate': () => {
          generated = true;
          return {
            ...calendar(2030, [obligation({ dueDate: '2030-04-22' })]),
            created: 1,
            updated: 0,
            removed: 0,
          };
        },
      }),
    );
    renderCalendar('?year=2030&view=list');

    fireEvent.click(await screen.findByRole('button', { name: 'Generar calendario' }));
    await waitFor(() => expect(callsTo(apiRequest, 'taxCalendar.generate')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxCalendar.generate')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      body: { year: 2030 },
    });
    expect(await screen.findByText('Calendario de 2030 generado: 1 obligación.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Generar calendario' })).toBeNull());
  });

  it('without a tax profile (the status says so): the welcome card, and the calendar is not asked', async () => {
    answerApi(apiRequest, answers({ 'taxAssistant.status': profileStatus(false) }));
    renderCalendar('?year=2027&view=list');
    expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar Ahora' }).getAttribute('href')).toBe(
      '/app/companies/c-1/configuration?tab=fiscal',
    );
    expect(callsTo(apiRequest, 'taxAssistant.status')).toHaveLength(1);
    expect(callsTo(apiRequest, 'taxCalendar.get')).toEqual([]);
  });

  it('the status out of date or unread, the calendar answers TAX_021: the welcome card', async () => {
    answerApi(
      apiRequest,
      answers({
        'taxCalendar.get': () => {
          throw new ApiError({ code: 'TAX_021', message: 'Sin configuración fiscal', status: 400 });
        },
      }),
    );
    renderCalendar('');
    expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar Ahora' }).getAttribute('href')).toBe(
      '/app/companies/c-1/configuration?tab=fiscal',
    );
  });

  it("a load failure shows the error with 'Reintentar'", async () => {
    answerApi(
      apiRequest,
      answers({
        'taxCalendar.get': () => {
          throw new ApiError({ code: 'CORE_005', message: 'Error interno', status: 500 });
        },
      }),
    );
    renderCalendar('?year=2027');
    expect(await screen.findByText('Error cargando el calendario fiscal')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
