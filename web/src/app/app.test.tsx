/**
 * The SPA as main.tsx starts it: `App` with the browser's address, the routes split in two (the
 * /app pages in their own lazy section) and Amplify loaded only when there are tokens to read.
 * router.test.tsx covers the route rules on the whole table; this file, that the split table the
 * SPA runs behaves the same.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { configureAmplify } from '@web/lib/amplify';
import { apiRequest } from '@web/lib/api-client';
import { setRuntimeConfig } from '@web/lib/runtime-config';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { Link } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionWithTokens } from '../testing/amplify';
import { answerApi, notFound } from '../testing/api-mock';
import { FakeWebSocket } from '../testing/fake-websocket';
import '../testing/render';
import { App } from './app';
import { RouteErrorBoundary } from './route-error';

const amplify = vi.hoisted(() => ({ loaded: false }));
vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));
// The SPA's one door to Amplify (loaded by lib/amplify.ts when there are tokens to read).
vi.mock('@web/lib/amplify-auth', async (importOriginal) => {
  amplify.loaded = true;
  return importOriginal();
});
vi.mock('@web/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/api-client')>()),
  apiRequest: vi.fn(),
}));

const CONFIG = {
  apiBaseUrl: '',
  region: 'eu-south-2',
  userPoolId: 'eu-south-2_pool',
  userPoolClientId: 'client-1',
  wsUrl: 'ws://localhost/ws',
};
const ACCESS_TOKEN_KEY = 'CognitoIdentityServiceProvider.client-1.u-1.accessToken';

const espiga = {
  companyId: 'c-1',
  name: 'Panadería La Espiga SL',
  nif: 'B12345674',
  companyType: 'SL',
  isActive: true,
  isDefault: true,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-02-01T10:00:00Z',
};

function signedIn(groups = ['GESTOR']) {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-access-token');
  vi.mocked(fetchAuthSession).mockResolvedValue(sessionWithTokens({ email: 'lucia@gestoria.es', groups }));
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-1', username: 'u-1' });
}

function openApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

const address = () => window.location.pathname + window.location.search;

beforeEach(() => {
  setRuntimeConfig(CONFIG);
  configureAmplify(CONFIG);
  vi.stubGlobal('WebSocket', FakeWebSocket);
  answerApi(apiRequest, {
    'companies.list': { content: [espiga], page: 0, size: 100, totalElements: 1, totalPages: 1 },
    'companies.get': { ...espiga, myRole: 'GESTOR', myPermissions: [], canManage: true },
    'users.getProfile': {
      userId: 'u-1',
      email: 'lucia@gestoria.es',
      firstName: 'Lucía',
      lastName: 'Martínez',
      role: 'GESTOR',
      companies: [espiga],
    },
    'billing.getSubscription': () => notFound('No tienes ninguna suscripción.'),
    'notifications.unread': { count: 0, latest: [] },
    'onboarding.check': { needsOnboarding: false },
  });
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
  sessionStorage.clear();
});

describe('the SPA as it starts', () => {
  // First in the file: nothing has imported Amplify yet.
  it('shows a guest the login without loading Amplify, and sends them there from /app', async () => {
    openApp('/app/companies');
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(address()).toBe('/auth/login?redirectTo=%2Fapp%2Fcompanies');
    expect(amplify.loaded).toBe(false);
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('opens the /app pages of a signed-in user from the lazy section', async () => {
    signedIn();
    openApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: /, Lucía$/ }, { timeout: 15_000 })).toBeTruthy();
    expect(fetchAuthSession).toHaveBeenCalled();
    expect(address()).toBe('/app/dashboard');
  }, 20_000);

  it('goes from /app to the dashboard, and from the login to the app when signed in', async () => {
    signedIn();
    const first = openApp('/app');
    await screen.findByRole('heading', { name: /, Lucía$/ }, { timeout: 15_000 });
    expect(address()).toBe('/app/dashboard');
    first.unmount();

    openApp('/auth/login');
    await screen.findByRole('heading', { name: /, Lucía$/ });
    expect(address()).toBe('/app/dashboard');
  }, 20_000);

  it('applies the access rules and the not-found page inside the section', async () => {
    signedIn(['GESTOR']);
    const first = openApp('/app/admin/users');
    expect(await screen.findByText('Acceso Restringido', undefined, { timeout: 15_000 })).toBeTruthy();
    first.unmount();

    openApp('/app/esto-no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  }, 20_000);

  it('shows the not-found page for an unknown public path', async () => {
    openApp('/esto/no/existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });
});

describe('route error boundary', () => {
  function Broken(): never {
    throw new Error('No se pudo leer la factura F-7');
  }

  it('shows the crash screen for a failing route and tries again after a navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { MemoryRouter, Route, Routes } = await import('react-router-dom');
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>Todo en orden</p>} />
          </Routes>
        </RouteErrorBoundary>
        <Link to="/fine">Ir a otra página</Link>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByText('No se pudo leer la factura F-7')).toBeTruthy();

    act(() => void fireEvent.click(screen.getByRole('link', { name: 'Ir a otra página' })));
    await waitFor(() => expect(screen.getByText('Todo en orden')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Algo salió mal' })).toBeNull();
    vi.mocked(console.error).mockRestore();
  });
});
