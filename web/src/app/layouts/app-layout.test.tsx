/**
 * The side menu appears once what decides it is known (issue 10 item 4): the profile says which
 * menu (an autónomo without an advisor gets the owner's, not the client portal's), the membership
 * which entries the person may open. Before that the menu is empty, so no entry shows and vanishes.
 */
import type { CompanyEntry } from '@shared/schemas/companies';
import { screen, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/api-mock';
import { renderRoutes } from '../../testing/render';
import { AppLayout } from './app-layout';

vi.mock('@web/lib/api-client', async (original) => ({
  ...(await original<typeof import('@web/lib/api-client')>()),
  apiRequest: vi.fn(),
}));
vi.mock('@web/lib/auth', async (original) => ({
  ...(await original<typeof import('@web/lib/auth')>()),
  useAuth: () => ({ signOut: vi.fn(), rateLimitError: null }),
  useAuthUser: () => ({ userId: 'u-1', email: 'ruben@cuadra.test', groups: ['CLIENTE'], role: 'CLIENTE' }),
}));
const own: CompanyEntry = {
  companyId: 'c-1',
  name: 'Rubén Castillo Vega',
  nif: '24555894J',
  companyType: 'AUTONOMO',
  isActive: true,
  isDefault: true,
  siiEnabled: false,
  verifactuEnabled: false,
  createdAt: '2026-01-05T10:00:00Z',
};
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => own,
}));
vi.mock('@web/features/notifications/ws/use-notification-socket', () => ({
  useNotificationSocket: () => {},
}));
vi.mock('@web/features/notifications/components/notification-bell', () => ({ NotificationBell: () => null }));
vi.mock('@web/features/onboarding/components/onboarding-controller', () => ({
  OnboardingController: () => null,
}));
vi.mock('@web/features/layout/components/company-selector', () => ({
  CompanyName: () => null,
  CompanySelector: () => null,
}));

afterEach(() => vi.resetAllMocks());

/** An answer held until the test releases it. */
function held<T>(value: T) {
  let release: () => void = () => undefined;
  const answer = new Promise<T>((resolve) => {
    release = () => resolve(value);
  });
  return { answer: () => answer, release };
}

const profile = {
  userId: 'u-1',
  email: 'ruben@cuadra.test',
  firstName: 'Rubén',
  lastName: 'Castillo Vega',
  role: 'CLIENTE',
  isAutonomous: true,
  companies: [],
};
const membership = {
  ...own,
  myRole: 'OWNER',
  myPermissions: ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS'],
  canManage: true,
};

const menuLinks = () =>
  within(screen.getByRole('navigation', { name: 'Menú principal' }))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('AppLayout side menu', { timeout: 20_000 }, () => {
  it("shows an autónomo's owner menu only once the profile and the membership are known", async () => {
    const profileAnswer = held(profile);
    const membershipAnswer = held(membership);
    answerApi(apiRequest, {
      'users.getProfile': profileAnswer.answer,
      'companies.get': membershipAnswer.answer,
      'billing.getSubscriptionStatus': { subscription: null },
    });
    renderRoutes([{ path: '/app/*', element: <AppLayout /> }], { path: '/app/dashboard' });

    expect(await screen.findByRole('navigation', { name: 'Menú principal' })).toBeTruthy();
    // Profile unknown: not the client portal's menu, nothing.
    expect(menuLinks()).toEqual([]);

    profileAnswer.release();
    expect(await screen.findByRole('button', { name: /Menú de usuario de Rubén/ })).toBeTruthy();
    // Membership unknown: not an owner's menu without its invoicing.
    expect(menuLinks()).toEqual([]);

    membershipAnswer.release();
    expect(await screen.findByText('Facturación')).toBeTruthy();
    expect(menuLinks()).toEqual(expect.arrayContaining(['Inicio', 'Mi empresa', 'Perfil']));
    expect(screen.queryByText('Mis facturas')).toBeNull();
  });
});
