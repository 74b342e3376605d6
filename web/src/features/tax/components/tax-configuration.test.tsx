/**
 * 'Configuración fiscal': read with taxConfig.get, saved with taxConfig.update (only what changed)
 * or created with taxConfig.create when the company has no profile (the status says so first and
 * taxConfig.get is not asked; or it answers TAX_021); the models it implies; the API's field errors
 * under their fields.
 */
import type { AssistantStatus, TaxConfiguration } from '@shared/schemas/tax';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { espiga, membership } from '../testing/fixtures';
import { configurationBody, TaxConfigurationPage } from './tax-configuration';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => espiga,
}));

const configuration = (overrides: Partial<TaxConfiguration> = {}): TaxConfiguration => ({
  companyId: 'c-1',
  taxRegime: 'GENERAL',
  vatZone: 'PENINSULA',
  siiEnabled: false,
  quarterlyVat: true,
  irpfRate: 0,
  irpfMethod: null,
  requiredModels: ['303', '390', '111', '190'],
  updatedAt: '2027-01-02T08:00:00Z',
  ...overrides,
});

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
  rendered = renderRoutes([{ path: '/app/tax/configuration', element: <TaxConfigurationPage /> }], {
    path: '/app/tax/configuration',
  });
  return rendered;
};

afterEach(async () => {
  const client = rendered?.queryClient;
  rendered = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  notification.destroy();
  vi.resetAllMocks();
});

describe('configurationBody', () => {
  const saved = {
    taxRegime: 'GENERAL',
    vatZone: 'PENINSULA',
    siiEnabled: false,
    quarterlyVat: true,
    irpfRate: 15,
  } as const;

  it('sends only what changed on update, everything on create', () => {
    expect(configurationBody({ ...saved, siiEnabled: true, quarterlyVat: false }, saved)).toEqual({
      updateSiiEnabled: true,
      updateQuarterlyVat: false,
    });
    expect(configurationBody(saved, saved)).toEqual({});
    expect(configurationBody(saved, null)).toEqual({
      updateTaxRegime: 'GENERAL',
      updateVatZone: 'PENINSULA',
      updateSiiEnabled: false,
      updateQuarterlyVat: true,
      updateIrpfRate: 15,
    });
  });
});

describe('TaxConfigurationPage', { timeout: 20_000 }, () => {
  it('shows the configuration, the models it implies and the link to the full profile', async () => {
    renderPage({ 'taxConfig.get': configuration() });

    const models = await screen.findByRole('list', { name: 'Modelos que presenta' });
    expect(within(models).getAllByRole('listitem')).toHaveLength(4);
    expect(within(models).getByText('IVA. Resumen anual')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Perfil fiscal completo' }).getAttribute('href')).toBe(
      '/app/companies/c-1/configuration?tab=fiscal',
    );
  });

  it('switching SII on makes VAT monthly; saving sends only those two fields with update', async () => {
    renderPage({
      'taxConfig.get': configuration(),
      'taxConfig.update': configuration({
        siiEnabled: true,
        quarterlyVat: false,
        updatedAt: '2027-01-03T08:00:00Z',
      }),
    });
    fireEvent.click(await screen.findByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxConfig.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxConfig.update')[0]).toMatchObject({
      params: { companyId: 'c-1' },
      body: { updateSiiEnabled: true, updateQuarterlyVat: false },
    });
    expect(Object.keys(callsTo(apiRequest, 'taxConfig.update')[0]?.body as object)).toHaveLength(2);
  });

  it("shows the API's error under its field", async () => {
    renderPage({
      'taxConfig.get': configuration({ siiEnabled: true, quarterlyVat: false }),
      'taxConfig.update': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'La liquidación mensual del IVA requiere SII, REDEME, gran empresa o grupo de entidades.',
          status: 400,
          field: 'updateQuarterlyVat',
        });
      },
    });
    fireEvent.click(await screen.findByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    const message = await screen.findByText(
      'La liquidación mensual del IVA requiere SII, REDEME, gran empresa o grupo de entidades.',
    );
    expect(message.closest('.ant-form-item')?.textContent).toContain('Periodicidad del IVA (modelo 303)');
  });

  it('without a profile (the status says so): the defaults without reading first; saving creates it', async () => {
    let created = false;
    renderPage({
      'taxAssistant.status': () => profileStatus(created),
      'taxConfig.get': () => configuration(),
      'taxConfig.create': () => {
        created = true;
        return configuration();
      },
    });
    expect(await screen.findByText('La empresa aún no tiene perfil fiscal')).toBeTruthy();
    expect(callsTo(apiRequest, 'taxConfig.get')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Crear perfil fiscal' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxConfig.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxConfig.create')[0]?.body).toEqual({
      updateTaxRegime: 'GENERAL',
      updateVatZone: 'PENINSULA',
      updateSiiEnabled: false,
      updateQuarterlyVat: true,
      updateIrpfRate: 0,
    });
    // The status is asked again: the profile exists now, and the form saves changes to it.
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(screen.queryByText('La empresa aún no tiene perfil fiscal')).toBeNull();
    expect(callsTo(apiRequest, 'taxAssistant.status').length).toBeGreaterThan(1);
  });

  it('the status out of date or unread, taxConfig.get answers TAX_021: the defaults, and saving creates it', async () => {
    renderPage({
      'taxConfig.get': () => {
        throw new ApiError({ code: 'TAX_021', message: 'Sin configuración fiscal', status: 400 });
      },
      'taxConfig.create': configuration(),
    });
    expect(await screen.findByText('La empresa aún no tiene perfil fiscal')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crear perfil fiscal' }));

    await waitFor(() => expect(callsTo(apiRequest, 'taxConfig.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'taxConfig.create')[0]?.body).toEqual({
      updateTaxRegime: 'GENERAL',
      updateVatZone: 'PENINSULA',
      updateSiiEnabled: false,
      updateQuarterlyVat: true,
      updateIrpfRate: 0,
    });
  });

  it('a client reads it without saving', async () => {
    renderPage({ 'companies.get': membership('CLIENTE'), 'taxConfig.get': configuration() });
    await screen.findByRole('list', { name: 'Modelos que presenta' });
    await waitFor(() => expect(callsTo(apiRequest, 'companies.get')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});
