/**
 * /app/dashboard picks its layout from the profile, the gestor-type call and the companies list
 * (spec part 3 §2; the selection itself is tested in features/dashboard/utils/layout.test.ts): each
 * layout renders its dashboard. The dashboards are stand-ins here; each has its own tests.
 */
import type { CompanyEntry } from '@shared/schemas/companies';
import type { GestorTypeResult, ProfileResult } from '@shared/schemas/identity';
import { screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswers, answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import DashboardRoute from './dashboard';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const selected = vi.hoisted(() => ({ companyId: 'c-1' as string | null }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => (selected.companyId ? { companyId: selected.companyId } : null),
}));
vi.mock('@web/features/admin-dashboard/components/admin-dashboard', () => ({
  AdminDashboard: () => 'admin dashboard',
}));
vi.mock('@web/features/advisor-dashboard/components/advisor-dashboard', () => ({
  AdvisorDashboard: () => 'advisor dashboard',
}));
vi.mock('@web/features/client-dashboard/components/client-dashboard', () => ({
  ClientDashboard: ({ companyId }: { companyId: string }) => `client dashboard ${companyId}`,
}));
vi.mock('@web/app/dashboard/company-dashboard', () => ({
  CompanyDashboard: ({ companyId, variant }: { companyId: string; variant?: string }) =>
    `company dashboard ${companyId} ${variant ?? 'COMPANY'}`,
}));
vi.mock('@web/app/dashboard/consolidated-dashboard', () => ({
  ConsolidatedDashboard: ({
    companies,
    initialCompanyId,
  }: {
    companies: CompanyEntry[];
    initialCompanyId: string;
  }) => `consolidated ${companies.map((c) => c.companyId).join(',')} from ${initialCompanyId}`,
}));

afterEach(() => {
  selected.companyId = 'c-1';
  vi.resetAllMocks();
});

const company = (companyId: string, companyType: CompanyEntry['companyType']): CompanyEntry => ({
  companyId,
  name: `Empresa ${companyId}`,
  nif: 'B46128732',
  companyType,
  isActive: true,
  isDefault: false,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-03-05T10:00:00Z',
});

const profile = (overrides: Partial<ProfileResult>): ProfileResult => ({
  userId: 'u-1',
  email: 'lucia@example.com',
  firstName: 'Lucía',
  lastName: 'Martínez',
  role: 'CLIENTE',
  isAutonomous: false,
  emailVerified: true,
  isActive: true,
  createdAt: '2025-01-01T00:00:00Z',
  clientPermissions: [],
  invitedByUserId: null,
  defaultCompanyId: 'c-1',
  companies: [],
  ...overrides,
});

const page = (content: CompanyEntry[]) => ({
  content,
  page: 0,
  size: 100,
  totalElements: content.length,
  totalPages: 1,
});
const gestorType = (type: GestorTypeResult['type']): GestorTypeResult => ({
  type,
  companyCount: 2,
  isAutonomous: false,
  clientCount: 3,
});

const renderWith = (answers: ApiAnswers) => {
  answerApi(apiRequest, answers);
  return renderRoutes([{ path: '/', element: <DashboardRoute /> }]);
};

describe('DashboardRoute', { timeout: 20_000 }, () => {
  it('shows the administrator its dashboard without asking the gestor type', async () => {
    renderWith({ 'users.getProfile': profile({ role: 'ADMIN' }), 'companies.list': page([]) });
    expect(await screen.findByText('admin dashboard')).toBeTruthy();
    expect(screen.getByText(/, Lucía$/)).toBeTruthy();
    expect(callsTo(apiRequest, 'users.gestorType')).toEqual([]);
  });

  it('shows a gestoría the advisor dashboard (asked by the gestor-type call)', async () => {
    renderWith({
      'users.getProfile': profile({ role: 'GESTOR' }),
      'users.gestorType': gestorType('GESTORIA'),
      'companies.list': page([company('c-1', 'SL'), company('c-2', 'SL')]),
    });
    expect(await screen.findByText('advisor dashboard')).toBeTruthy();
    expect(callsTo(apiRequest, 'users.gestorType')).toHaveLength(1);
  });

  it('shows a gestor of several companies (not a gestoría) the consolidated view', async () => {
    renderWith({
      'users.getProfile': profile({ role: 'GESTOR' }),
      'users.gestorType': gestorType('EMPRESA'),
      'companies.list': page([company('c-1', 'SL'), company('c-2', 'AUTONOMO')]),
    });
    expect(await screen.findByText('consolidated c-1,c-2 from c-1')).toBeTruthy();
  });

  it("shows a gestor of one autónomo company 'Mi Empresa' and of one SL its company dashboard", async () => {
    const one = renderWith({
      'users.getProfile': profile({ role: 'GESTOR' }),
      'users.gestorType': gestorType('AUTONOMO'),
      'companies.list': page([company('c-1', 'AUTONOMO')]),
    });
    expect(await screen.findByText('company dashboard c-1 AUTONOMOUS')).toBeTruthy();
    one.unmount();

    renderWith({
      'users.getProfile': profile({ role: 'GESTOR' }),
      'users.gestorType': gestorType('EMPRESA'),
      'companies.list': page([company('c-1', 'SL')]),
    });
    expect(await screen.findByText('company dashboard c-1 COMPANY')).toBeTruthy();
  });

  it('shows a client invited by its advisor the client dashboard, an autónomo its own company', async () => {
    const invited = renderWith({
      'users.getProfile': profile({ invitedByUserId: 'u-gestor' }),
      'companies.list': page([company('c-1', 'SL')]),
    });
    expect(await screen.findByText('client dashboard c-1')).toBeTruthy();
    // The client dashboard has its own welcome.
    expect(screen.queryByText(/, Lucía$/)).toBeNull();
    invited.unmount();

    renderWith({
      'users.getProfile': profile({ isAutonomous: true, invitedByUserId: 'u-gestor' }),
      'companies.list': page([company('c-1', 'AUTONOMO')]),
    });
    expect(await screen.findByText('company dashboard c-1 AUTONOMOUS')).toBeTruthy();
    expect(screen.getByText(/, Lucía$/)).toBeTruthy();
  });

  it("falls back to 'Mi Empresa' without a profile, and says when no company is selected", async () => {
    const failing = renderWith({ 'companies.list': page([]) });
    expect(await screen.findByText('company dashboard c-1 AUTONOMOUS')).toBeTruthy();
    failing.unmount();

    selected.companyId = null;
    renderWith({ 'users.getProfile': profile({}), 'companies.list': page([]) });
    expect(await screen.findByText('No tienes ninguna empresa seleccionada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver empresas' }).getAttribute('href')).toBe('/app/companies');
  });
});
