import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { answerRoutes, companyDetail, companySettings } from '../testing/fixtures';
import type { CompanyDetail as Company } from '../types';
import { CompanyDetail } from './company-detail';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const renderDetail = (path = '/app/companies/c-1') =>
  renderRoutes(
    [
      { path: '/app/companies/:companyId', element: <CompanyDetail companyId="c-1" /> },
      { path: '/app/companies/:companyId/edit', element: <h1>Edición</h1> },
    ],
    { path },
  );

const answer = (company: Company | (() => never), settings = companySettings()) =>
  vi.mocked(apiRequest).mockImplementation(
    answerRoutes({
      'companies.get': typeof company === 'function' ? company : () => company,
      'companies.getSettings': () => settings,
      'companies.updateSettings': ({ body }) => ({
        ...settings,
        invoicing: { ...settings.invoicing, ...(body as { invoicing: object }).invoicing },
      }),
      'companies.setDefault': () => ({ ...companyDetail(), isDefault: true }),
    }),
  );

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  localStorage.clear();
});

describe('CompanyDetail', { timeout: 20_000 }, () => {
  it('shows the header, the general data and the fiscal data with Spanish labels', async () => {
    answer(
      companyDetail({
        siiEnabled: true,
        verifactuEnabled: false,
        fiscal: { ...companyDetail().fiscal, vatRegime: 'RECARGO_EQUIVALENCIA', largeCompany: true },
      }),
    );
    renderDetail();

    expect(await screen.findByRole('heading', { name: 'Panadería La Espiga SL' })).toBeTruthy();
    expect(screen.getByText('NIF B46128732')).toBeTruthy();
    expect(screen.getAllByText('Sociedad Limitada').length).toBeGreaterThan(0);
    expect(screen.getByText('Predeterminada')).toBeTruthy();
    expect(screen.getByText('administracion@laespiga.test')).toBeTruthy();
    expect(screen.getByText('Gestor')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Datos fiscales' }));

    expect(await screen.findByText('Recargo de equivalencia')).toBeTruthy();
    expect(screen.getByText('Impuesto sobre Sociedades')).toBeTruthy();
    expect(screen.getByText('1071')).toBeTruthy();
  });

  it('offers Editar, Predeterminar and the working-company choice to who manages it', async () => {
    answer(companyDetail({ isDefault: false }));
    const { router } = renderDetail();

    fireEvent.click(await screen.findByRole('button', { name: 'Seleccionar como empresa de trabajo' }));
    expect(JSON.parse(localStorage.getItem('selected_company') ?? 'null')).toMatchObject({
      companyId: 'c-1',
      name: 'Panadería La Espiga SL',
    });
    // Only the CompanyEntry fields are stored.
    expect(JSON.parse(localStorage.getItem('selected_company') ?? '{}').canManage).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Predeterminar' }));
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith('companies.setDefault', { params: { companyId: 'c-1' } }),
    );

    fireEvent.click(screen.getByRole('link', { name: /Editar/ }));
    expect(router.state.location.pathname).toBe('/app/companies/c-1/edit');
  });

  it('is read-only for a client: no Editar, settings shown, not editable', async () => {
    answer(companyDetail({ canManage: false, myRole: 'CLIENTE' }));
    renderDetail('/app/companies/c-1?tab=settings');

    expect(await screen.findByText('Transferencia bancaria')).toBeTruthy();
    expect(screen.getByText('30 días')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar configuración' })).toBeNull();
    expect(screen.queryByLabelText('IBAN')).toBeNull();
  });

  it('hides the settings and the users from a client without VIEW_INVOICES, asking nothing', async () => {
    answer(companyDetail({ canManage: false, myRole: 'CLIENTE', myPermissions: ['UPLOAD_DOCUMENTS'] }));
    renderDetail('/app/companies/c-1?tab=settings');

    // The settings tab is not offered, and a link to it opens the general data instead.
    expect(await screen.findByText('administracion@laespiga.test')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Datos fiscales' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Configuración' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Usuarios/ })).toBeNull();
    const called = vi.mocked(apiRequest).mock.calls.map(([route]) => route);
    expect(called).not.toContain('companies.getSettings');
  });

  it('links the users only for who manages the company', async () => {
    answer(companyDetail());
    const { unmount } = renderDetail();
    expect(await screen.findByRole('link', { name: /Usuarios/ })).toBeTruthy();
    unmount();

    answer(companyDetail({ canManage: false, myRole: 'MEMBER', myPermissions: [] }));
    renderDetail();
    expect(await screen.findByRole('tab', { name: 'Configuración' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Usuarios/ })).toBeNull();
  });

  it('refuses an IBAN with wrong check digits and saves a valid one', async () => {
    answer(companyDetail());
    renderDetail('/app/companies/c-1?tab=settings');
    const iban = await screen.findByLabelText('IBAN');

    fireEvent.change(iban, { target: { value: 'ES92 2100 0418 4502 0005 1332' } });
    expect(await screen.findByText('Los dígitos de control del IBAN no son correctos.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(apiRequest).mock.calls.some(([route]) => route === 'companies.updateSettings')).toBe(
      false,
    );

    fireEvent.change(iban, { target: { value: 'es91 2100 0418 4502 0005 1332' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar configuración' }));

    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith('companies.updateSettings', {
        params: { companyId: 'c-1' },
        body: {
          invoicing: {
            defaultPaymentTermsDays: 30,
            // Issue 19: no instalments, one due date at the days.
            defaultPaymentTerms: null,
            defaultPaymentMethod: 'TRANSFER',
            iban: 'ES9121000418450200051332',
            footerNotes: '',
            primaryColor: '#1f4e79',
          },
        },
      }),
    );
    expect(await screen.findByText('Configuración guardada')).toBeTruthy();
  });

  it.each([
    [403, 'CORE_003', 'No tienes acceso a esta empresa.'],
    [404, 'CORE_006', 'La empresa no existe.'],
  ] as const)('explains a %s from the API in Spanish', async (status, code, text) => {
    answer(() => {
      throw new ApiError({ code, message: 'x', status });
    });
    renderDetail();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a empresas' })).toBeTruthy();
  });

  it('offers Reintentar when the company could not load', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(
      new ApiError({ code: 'NETWORK_ERROR', message: 'Error de conexión', status: 0 }),
    );
    renderDetail();
    expect(await screen.findByText('Error de conexión')).toBeTruthy();

    answer(companyDetail());
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));

    expect(await screen.findByRole('heading', { name: 'Panadería La Espiga SL' })).toBeTruthy();
  });
});
