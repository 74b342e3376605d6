import { plans } from '@shared/schemas/billing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionExpired } from '@web/lib/access-token';
import { apiRequest } from '@web/lib/api-client';
import { setRuntimeConfig } from '@web/lib/runtime-config';
import { fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSession, sessionWithTokens } from '../testing/amplify';
import { type ApiAnswers, answerApi, notFound } from '../testing/api-mock';
import { FakeWebSocket } from '../testing/fake-websocket';
import { renderRoutes } from '../testing/render';
import { appRoutes, legacyBankingTarget } from './router';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));
vi.mock('@web/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/api-client')>()),
  apiRequest: vi.fn(),
}));

const company = (companyId: string, name: string, over: Record<string, unknown> = {}) => ({
  companyId,
  name,
  nif: 'B12345674',
  companyType: 'SL',
  isActive: true,
  isDefault: false,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-02-01T10:00:00Z',
  ...over,
});
const espiga = company('c-1', 'Panadería La Espiga SL', { isDefault: true });
const levante = company('c-2', 'Transportes Levante Norte SA', { companyType: 'SA', nif: 'A46103834' });
const page = (content: unknown[]) => ({
  content,
  page: 0,
  size: 100,
  totalElements: content.length,
  totalPages: 1,
});

function answers(over: ApiAnswers = {}): ApiAnswers {
  return {
    'companies.list': page([espiga, levante]),
    'companies.get': ({ params }: { params?: Record<string, string> }) => {
      const found = [espiga, levante].find((c) => c.companyId === params?.companyId);
      if (!found) notFound('La empresa no existe.');
      return { ...found, myRole: 'GESTOR', myPermissions: [], canManage: true };
    },
    'users.getProfile': {
      userId: 'u-1',
      email: 'lucia@gestoria.es',
      firstName: 'Lucía',
      lastName: 'Martínez',
      role: 'GESTOR',
      companies: [espiga, levante],
    },
    'billing.getSubscriptionStatus': { subscription: null },
    'notifications.unread': { count: 0, latest: [] },
    'onboarding.check': { needsOnboarding: false },
    ...over,
  };
}

function signedIn(groups = ['GESTOR']) {
  vi.mocked(fetchAuthSession).mockResolvedValue(sessionWithTokens({ email: 'lucia@gestoria.es', groups }));
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-1', username: 'u-1' });
}

const renderApp = (path: string) => renderRoutes(appRoutes, { path, withAuth: true });
const location = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  setRuntimeConfig({
    apiBaseUrl: '',
    region: 'eu-south-2',
    userPoolId: 'pool',
    userPoolClientId: 'client',
    wsUrl: 'ws://localhost/ws',
  });
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
  answerApi(apiRequest, answers());
  // The cookie banner is tested on its own.
  localStorage.setItem(
    'cookie_consent',
    JSON.stringify({
      version: '1.0',
      timestamp: Date.now(),
      state: { essential: true, analytics: false, marketing: false, preferences: false },
      consentGiven: true,
    }),
  );
});

afterEach(() => {
  vi.resetAllMocks();
  vi.unstubAllGlobals();
  FakeWebSocket.reset();
  localStorage.clear();
});

describe('session guard', () => {
  it('sends a guest from /app to the login, and back to where they were going after it', async () => {
    const { router } = renderApp('/app/companies?page=1');

    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(location(router)).toBe('/auth/login?redirectTo=%2Fapp%2Fcompanies%3Fpage%3D1');

    vi.mocked(signIn).mockImplementation(async () => {
      signedIn();
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'lucia@gestoria.es' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secreta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    // The first screen of the file pays for transforming the companies pages: give it time.
    expect(
      await screen.findByText('Transportes Levante Norte SA', { selector: 'td *' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(location(router)).toBe('/app/companies?page=1');
  }, 20_000);

  it.each(['/', '/auth/login', '/auth/register', '/auth/forgot-password'])(
    'sends a signed-in user from %s to the dashboard',
    async (path) => {
      signedIn();
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: /, Lucía$/ })).toBeTruthy();
      expect(location(router)).toBe('/app/dashboard');
    },
  );

  it('ignores a redirect target outside the application', async () => {
    signedIn();
    const { router } = renderApp('/auth/login?redirectTo=%2F%2Fevil.example');
    await screen.findByRole('heading', { name: /, Lucía$/ });
    expect(location(router)).toBe('/app/dashboard');
  });

  it('asks for a session on /checkout and comes back to it after the login', async () => {
    const { router } = renderApp('/checkout');
    await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(location(router)).toBe('/auth/login?redirectTo=%2Fcheckout');
  });

  it('signs out back to the login, forgetting the selected company', async () => {
    signedIn();
    const { router } = renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: /, Lucía$/ });
    expect(localStorage.getItem('selected_company')).toContain('c-1');

    vi.mocked(signOut).mockImplementation(async () => {
      vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
    });
    fireEvent.click(screen.getByRole('button', { name: /Menú de usuario de Lucía Martínez/ }));
    fireEvent.click(await screen.findByText('Cerrar sesión'));

    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(location(router)).toBe('/auth/login');
    expect(signOut).toHaveBeenCalled();
    expect(localStorage.getItem('selected_company')).toBeNull();
  });

  it('after a forced logout, says the session expired and keeps the way back', async () => {
    signedIn();
    const { router } = renderApp('/app/profile');
    await screen.findByRole('heading', { name: 'Mi perfil' });
    vi.mocked(signOut).mockImplementation(async () => {
      vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
    });

    // What the API client does when the session cannot be refreshed.
    act(() => void sessionExpired());

    expect(await screen.findByText('Sesión expirada. Por favor, inicia sesión nuevamente.')).toBeTruthy();
    expect(location(router)).toBe('/auth/login?redirectTo=%2Fapp%2Fprofile');
  });

  it('keeps the way back when both tokens expired meanwhile', async () => {
    signedIn();
    const { router } = renderApp('/app/profile');
    await screen.findByRole('heading', { name: 'Mi perfil' });

    // Amplify could not refresh: no tokens left; another tab's storage change makes us look again.
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: null })));

    expect(await screen.findByText('Sesión expirada. Por favor, inicia sesión nuevamente.')).toBeTruthy();
    expect(location(router)).toBe('/auth/login?redirectTo=%2Fapp%2Fprofile');
  });

  it('shows the not-found page for unknown paths, public or under /app', async () => {
    renderApp('/esto/no/existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });
});

describe('companies in the session', () => {
  it('selects the default company at start when the stored one is no longer valid', async () => {
    localStorage.setItem('selected_company', JSON.stringify(company('c-gone', 'Ya no está SL')));
    signedIn();
    renderApp('/app/dashboard');

    await screen.findByRole('heading', { name: /, Lucía$/ });
    expect(JSON.parse(localStorage.getItem('selected_company') ?? '{}').companyId).toBe('c-1');
    expect(screen.getAllByText('Panadería La Espiga SL').length).toBeGreaterThan(0);
  });

  it('keeps a stored company that is still valid', async () => {
    localStorage.setItem('selected_company', JSON.stringify(levante));
    signedIn();
    renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: /, Lucía$/ });
    expect(JSON.parse(localStorage.getItem('selected_company') ?? '{}').companyId).toBe('c-2');
  });

  it('sends a user without companies to /app/companies, except from the exempt pages', async () => {
    answerApi(apiRequest, answers({ 'companies.list': page([]) }));
    signedIn();
    const first = renderApp('/app/dashboard');
    await waitFor(() => expect(location(first.router)).toBe('/app/companies'));
    first.unmount();

    const second = renderApp('/app/profile');
    expect(await screen.findByRole('heading', { name: 'Mi perfil' })).toBeTruthy();
    expect(location(second.router)).toBe('/app/profile');
  });
});

describe('role, permission and plan gates', () => {
  it('shows the restricted page naming the roles a page needs', async () => {
    signedIn(['GESTOR']);
    renderApp('/app/admin/users');
    expect(await screen.findByText('Acceso Restringido')).toBeTruthy();
    expect(screen.getByText('Permisos Insuficientes')).toBeTruthy();
    expect(screen.getByText('Administrador')).toBeTruthy();
  });

  it('names Gestor to a client opening a gestor page', async () => {
    signedIn(['CLIENTE']);
    renderApp('/app/gestor/clients');
    expect(await screen.findByText('Acceso Restringido')).toBeTruthy();
    expect(screen.getByText('Gestor')).toBeTruthy();
  });

  it('lets an administrator through every role gate', async () => {
    signedIn(['ADMIN']);
    renderApp('/app/admin/users');
    // The admin pages are a later issue: past the gate there is no page yet.
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.queryByText('Acceso Restringido')).toBeNull();
  });

  it('asks a client for the permission of the selected company', async () => {
    answerApi(
      apiRequest,
      answers({
        'companies.get': { ...espiga, myRole: 'CLIENTE', myPermissions: ['VIEW_INVOICES'], canManage: false },
      }),
    );
    signedIn(['CLIENTE']);
    renderApp('/app/accounting/chart');
    expect(await screen.findByText('Permisos Insuficientes')).toBeTruthy();
    expect(screen.getByText(/«Ver datos contables»/)).toBeTruthy();
  });

  it('offers the upgrade and the support page on a premium page without the plan', async () => {
    signedIn(['GESTOR']);
    const { router } = renderApp('/app/accounting/chart');

    expect(await screen.findByText('Funcionalidad Premium')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Contactar con soporte' }));
    await waitFor(() => expect(location(router)).toBe('/app/support'));

    await act(() => router.navigate('/app/payroll/dashboard'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ver planes y mejorar' }));
    await waitFor(() => expect(location(router)).toBe('/app/dashboard/subscription'));
  });

  it('lets the Professional plan through the plan gate', async () => {
    answerApi(
      apiRequest,
      answers({
        'billing.getSubscriptionStatus': {
          subscription: { ...plans.GESTORIA_PROFESSIONAL, status: 'ACTIVE', addons: [] },
        },
      }),
    );
    signedIn(['GESTOR']);
    // A path of the area without a page of its own: past the gate, the not-found page.
    renderApp('/app/accounting/not-a-page');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.queryByText('Funcionalidad Premium')).toBeNull();
  });
});

describe('the application shell', () => {
  it('greets the user and shows the selected company, the bell and the role menu', async () => {
    answerApi(
      apiRequest,
      answers({
        'notifications.unread': {
          count: 1,
          latest: [
            {
              notificationId: 'n-1',
              type: 'invoice_created',
              title: 'Factura creada',
              message: 'La factura F-2025-001 se ha creado.',
              isRead: false,
              readAt: null,
              createdAt: new Date().toISOString(),
              companyId: 'c-1',
              severity: 'success',
            },
          ],
        },
      }),
    );
    signedIn(['GESTOR']);
    renderApp('/app/dashboard');

    expect(await screen.findByRole('heading', { name: /, Lucía$/ })).toBeTruthy();
    expect(await screen.findByText('B12345674')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Menú principal' })[0]!;
    for (const label of ['Inicio', 'Empresas', 'Usuarios', 'Suscripción', 'Perfil']) {
      expect(within(nav).getByText(label)).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: 'Empresa seleccionada' })).toBeTruthy();
  });

  it('shows a client the company name instead of the selector', async () => {
    signedIn(['CLIENTE']);
    renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: /, Lucía$/ });
    expect(screen.queryByRole('combobox', { name: 'Empresa seleccionada' })).toBeNull();
    expect(screen.getByTitle('Empresa: Panadería La Espiga SL')).toBeTruthy();
  });
});

describe('legacy banking paths', () => {
  it('moves /app/reconciliation and /app/treasury under /app/banking, keeping the rest and the query', () => {
    expect(legacyBankingTarget('/app/reconciliation')).toBe('/app/banking/reconciliation');
    expect(legacyBankingTarget('/app/reconciliation/sessions/s1')).toBe(
      '/app/banking/reconciliation/sessions/s1',
    );
    expect(legacyBankingTarget('/app/treasury/calendar', '?month=2026-11')).toBe(
      '/app/banking/treasury/calendar?month=2026-11',
    );
    expect(legacyBankingTarget('/app/treasury')).toBe('/app/banking/treasury');
  });

  it('leaves a path that only starts like them unchanged', () => {
    expect(legacyBankingTarget('/app/treasuryx')).toBe('/app/treasuryx');
    expect(legacyBankingTarget('/app/reconciliations/s1')).toBe('/app/reconciliations/s1');
    expect(legacyBankingTarget('/app/banking/treasury')).toBe('/app/banking/treasury');
  });

  it('redirects in the router, and an unknown look-alike is not found', async () => {
    signedIn();
    const first = renderApp('/app/treasury/calendar?month=2026-11');
    await waitFor(() => expect(location(first.router)).toBe('/app/banking/treasury/calendar?month=2026-11'));
    first.unmount();

    const second = renderApp('/app/treasuryx');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(location(second.router)).toBe('/app/treasuryx');
  });
});
