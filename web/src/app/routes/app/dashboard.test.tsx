/**
 * The dashboard asks only what the person may read (issue 10 item 5): the VeriFacTu widget reads
 * `verifactu.dashboard` and the fiscal widgets the tax calls (policy tax.read), which a CLIENTE
 * without VIEW_TAX_DOCUMENTS may not call.
 */
import type { CompanyEntry } from '@shared/schemas/companies';
import { screen } from '@testing-library/react';
import { statistics as siiStatistics } from '@web/features/sii/testing/fixtures';
import { dashboard as verifactuDashboard } from '@web/features/verifactu/testing/fixtures';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import DashboardRoute from './dashboard';

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
/** An SII company (issue 16): 'Estado SII' instead of VeriFacTu. */
const levante: CompanyEntry = {
  ...espiga,
  name: 'Transportes Levante SA',
  companyType: 'SA',
  siiEnabled: true,
  verifactuEnabled: false,
};
const membership = vi.hoisted(() => ({ current: { myRole: 'CLIENTE', myPermissions: [] as string[] } }));
const selected = vi.hoisted(() => ({ sii: false }));

vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => (selected.sii ? levante : espiga),
}));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: { ...espiga, ...membership.current, canManage: false } }),
}));

afterEach(() => {
  selected.sii = false;
  vi.resetAllMocks();
});

const dashboard = verifactuDashboard({ companyId: 'c-1' });
const taxRoutes = [
  'taxAssistant.status',
  'taxObligations.upcoming',
  'taxObligations.overdue',
  'taxAlerts.critical',
  'taxAnalysis.get',
] as const;

describe('DashboardRoute', { timeout: 20_000 }, () => {
  it('does not ask for the VeriFacTu state of a client without VIEW_TAX_DOCUMENTS', async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_INVOICES'] };
    answerApi(apiRequest, { 'verifactu.dashboard': dashboard });
    renderRoutes([{ path: '/', element: <DashboardRoute /> }]);

    expect(await screen.findByText('Empresa seleccionada')).toBeTruthy();
    expect(screen.queryByLabelText('Estado VeriFacTu')).toBeNull();
    expect(callsTo(apiRequest, 'verifactu.dashboard')).toEqual([]);
    for (const route of taxRoutes) expect(callsTo(apiRequest, route)).toEqual([]);
    expect(screen.queryByText('Bienvenido! Configuración Fiscal')).toBeNull();
  });

  it('shows the fiscal welcome card to a client with VIEW_TAX_DOCUMENTS when the company has no tax profile', async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_TAX_DOCUMENTS'] };
    const noProfile = () => {
      throw new ApiError({
        code: 'TAX_021',
        message: 'La empresa no tiene configuración fiscal.',
        status: 400,
      });
    };
    answerApi(apiRequest, {
      'verifactu.dashboard': dashboard,
      'taxAssistant.status': {
        hasProfile: false,
        status: 'NOT_STARTED',
        draft: null,
        profileUpdatedAt: null,
      },
      'taxObligations.upcoming': { from: '2027-04-10', to: '2027-05-10', obligations: [] },
      'taxObligations.overdue': { today: '2027-04-10', obligations: [] },
      'taxAlerts.critical': noProfile,
      'taxAnalysis.get': noProfile,
    });
    renderRoutes([{ path: '/', element: <DashboardRoute /> }]);

    expect(await screen.findByText('Bienvenido! Configuración Fiscal')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar Ahora' }).getAttribute('href')).toBe(
      '/app/companies/c-1/configuration?tab=fiscal',
    );
    // The status said so first: the calls that answer 4xx without a profile are not made.
    expect(callsTo(apiRequest, 'taxAssistant.status')[0]).toMatchObject({ params: { companyId: 'c-1' } });
    expect(callsTo(apiRequest, 'taxAlerts.critical')).toEqual([]);
    expect(callsTo(apiRequest, 'taxAnalysis.get')).toEqual([]);
  });

  it('shows it to a client with VIEW_TAX_DOCUMENTS', async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_TAX_DOCUMENTS'] };
    answerApi(apiRequest, { 'verifactu.dashboard': dashboard });
    renderRoutes([{ path: '/', element: <DashboardRoute /> }]);

    expect(await screen.findByLabelText('Estado VeriFacTu')).toBeTruthy();
    expect(callsTo(apiRequest, 'verifactu.dashboard').length).toBeGreaterThan(0);
  });

  it("shows 'Estado SII' for an SII company (and not VeriFacTu), never without SII", async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_TAX_DOCUMENTS'] };
    answerApi(apiRequest, { 'verifactu.dashboard': dashboard, 'sii.statistics': siiStatistics() });
    const plain = renderRoutes([{ path: '/', element: <DashboardRoute /> }]);
    expect(await screen.findByLabelText('Estado VeriFacTu')).toBeTruthy();
    expect(screen.queryByLabelText('Estado SII')).toBeNull();
    expect(callsTo(apiRequest, 'sii.statistics')).toEqual([]);
    plain.unmount();

    selected.sii = true;
    renderRoutes([{ path: '/', element: <DashboardRoute /> }]);
    expect(await screen.findByLabelText('Estado SII')).toBeTruthy();
    expect(await screen.findByText('Pendientes: 3')).toBeTruthy();
    expect(screen.queryByLabelText('Estado VeriFacTu')).toBeNull();
  });

  it("does not ask for 'Estado SII' for a client without VIEW_TAX_DOCUMENTS", async () => {
    membership.current = { myRole: 'CLIENTE', myPermissions: ['VIEW_INVOICES'] };
    selected.sii = true;
    answerApi(apiRequest, { 'sii.statistics': siiStatistics() });
    renderRoutes([{ path: '/', element: <DashboardRoute /> }]);
    expect(await screen.findByText('Empresa seleccionada')).toBeTruthy();
    expect(screen.queryByLabelText('Estado SII')).toBeNull();
    expect(callsTo(apiRequest, 'sii.statistics')).toEqual([]);
  });
});
