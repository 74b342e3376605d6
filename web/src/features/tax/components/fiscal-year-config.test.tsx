/**
 * 'Ejercicio fiscal': the first tax year read only, the end of the tax year and the domiciliation
 * of each domiciliable model the company files, saved as the whole facts with taxProfile.update,
 * effective from the date the server says; the welcome card without a profile (the status asked
 * first, the profile then not asked).
 */
import type { AssistantStatus } from '@shared/schemas/tax';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import type { TaxProfileView } from '@web/lib/tax-api';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership } from '../testing/fixtures';
import { FiscalYearConfig } from './fiscal-year-config';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const facts = {
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  hasEmployees: true,
  domiciliation: { '303': true },
};
const profile: TaxProfileView = {
  companyId: 'c-1',
  companyType: 'SL',
  taxYear: 2026,
  facts,
  versions: [{ effectiveFrom: '2026-01-01', facts, changedAt: '2026-01-05T09:00:00Z', changedBy: 'u-1' }],
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-01-05T09:00:00Z',
  revision: 1,
  requiredModels: [
    { model: '303', periodicity: 'QUARTERLY', reason: 'IVA' },
    { model: '390', periodicity: 'ANNUAL', reason: 'Resumen anual' },
    { model: '111', periodicity: 'QUARTERLY', reason: 'Trabajadores' },
    { model: '202', periodicity: 'INSTALMENTS', reason: 'Sociedades' },
  ],
  nextEffectiveFrom: '2027-05-01',
};

const profileStatus = (hasProfile: boolean): AssistantStatus => ({
  hasProfile,
  status: hasProfile ? 'APPLIED' : 'NOT_STARTED',
  draft: null,
  profileUpdatedAt: hasProfile ? '2027-01-02T08:00:00Z' : null,
});

let rendered: ReturnType<typeof renderRoutes> | null = null;
const renderPage = (answers: ApiAnswers) => {
  answerApi(apiRequest, {
    'companies.get': membership('GESTOR'),
    'taxAssistant.status': profileStatus(true),
    ...answers,
  });
  rendered = renderRoutes([{ path: '/app/tax/fiscal-year-config', element: <FiscalYearConfig /> }], {
    path: '/app/tax/fiscal-year-config',
  });
};

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('FiscalYearConfig', { timeout: 20_000 }, () => {
  it('one switch per domiciliable model filed; saves the whole facts with the changes', async () => {
    renderPage({
      'taxProfile.get': profile,
      'taxProfile.update': { ...profile, updatedAt: '2027-04-08T09:00:00Z' },
    });

    expect(await screen.findByText('2026')).toBeTruthy();
    expect(
      screen.getByText(
        'Los cambios se aplicarán desde el 01/05/2027; los periodos anteriores conservan sus obligaciones.',
      ),
    ).toBeTruthy();
    // 303, 111 and 202 admit direct debit; 390 does not.
    const switches = screen.getAllByRole('switch');
    expect(switches).toHaveLength(3);
    expect(screen.queryByText(/Modelo 390/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Fin del ejercicio (MM-DD)'), { target: { value: '06-30' } });
    fireEvent.click(screen.getByRole('switch', { name: /Modelo 111/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxProfile.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxProfile.update')[0]?.body).toEqual({
      facts: { ...facts, fiscalYearEnd: '06-30', domiciliation: { '303': true, '111': true, '202': false } },
    });
  });

  it('refuses an end of year that is not MM-DD before asking the server', async () => {
    renderPage({ 'taxProfile.get': profile });
    fireEvent.change(await screen.findByLabelText('Fin del ejercicio (MM-DD)'), {
      target: { value: '13-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La fecha debe tener el formato MM-DD.')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxProfile.update')).toHaveLength(0);
  });

  it('without a profile (the status says so): the welcome card, and the profile is not asked', async () => {
    renderPage({ 'taxAssistant.status': profileStatus(false), 'taxProfile.get': profile });
    expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxAssistant.status')).toHaveLength(1);
    expect(callsTo(apiRequest, 'taxProfile.get')).toEqual([]);
  });

  it('the status out of date or unread, the profile answers 404 CORE_006: the welcome card', async () => {
    renderPage({
      'taxProfile.get': () => {
        throw new ApiError({ code: 'CORE_006', message: 'La empresa no tiene perfil fiscal.', status: 404 });
      },
    });
    expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
  });
});
