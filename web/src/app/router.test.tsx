import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionExpired } from '@web/lib/access-token';
import { apiRequest } from '@web/lib/api-client';
import { fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSession, sessionWithTokens } from '../testing/amplify';
import { renderRoutes } from '../testing/render';
import { appRoutes } from './router';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));
vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const company = {
  companyId: 'c-1',
  name: 'Talleres Ruiz SL',
  nif: 'B12345678',
  companyType: 'SL',
  isActive: true,
  isDefault: true,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-02-01T10:00:00Z',
};

function signedIn() {
  vi.mocked(fetchAuthSession).mockResolvedValue(sessionWithTokens({ email: 'ana@gestoria.es' }));
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-1', username: 'u-1' });
}

const renderApp = (path: string) => renderRoutes(appRoutes, { path, withAuth: true });
const location = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
  vi.mocked(apiRequest).mockResolvedValue({
    content: [company],
    page: 0,
    size: 20,
    totalElements: 1,
    totalPages: 1,
  });
});

afterEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
});

describe('routes and guards', () => {
  it('sends a guest from /app to the login, and back to where they were going after it', async () => {
    const { router } = renderApp('/app/companies?page=1');

    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(location(router)).toBe('/auth/login?redirectTo=%2Fapp%2Fcompanies%3Fpage%3D1');

    vi.mocked(signIn).mockImplementation(async () => {
      signedIn();
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@gestoria.es' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secreta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText('Talleres Ruiz SL', { selector: 'td *' })).toBeTruthy();
    expect(location(router)).toBe('/app/companies?page=1');
    expect(screen.getByText('ana@gestoria.es')).toBeTruthy();
  });

  it('sends a signed-in user from the login to the dashboard, which is the companies list for now', async () => {
    signedIn();
    const { router } = renderApp('/auth/login');

    expect(await screen.findByRole('heading', { name: 'Empresas' })).toBeTruthy();
    expect(location(router)).toBe('/app/companies');
  });

  it('ignores a redirect target outside the application', async () => {
    signedIn();
    const { router } = renderApp('/auth/login?redirectTo=%2F%2Fevil.example');

    await screen.findByRole('heading', { name: 'Empresas' });
    expect(location(router)).toBe('/app/companies');
  });

  it('signs out back to the login, forgetting the selected company', async () => {
    signedIn();
    const { router } = renderApp('/app');
    await screen.findByText('Talleres Ruiz SL', { selector: 'td *' });
    await waitFor(() => expect(localStorage.getItem('selected_company')).toContain('c-1'));

    vi.mocked(signOut).mockImplementation(async () => {
      vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
    });
    fireEvent.click(screen.getByRole('button', { name: /Cerrar sesión/ }));

    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(location(router)).toBe('/auth/login');
    expect(signOut).toHaveBeenCalled();
    expect(localStorage.getItem('selected_company')).toBeNull();
  });

  it('after a forced logout, says the session expired and keeps the way back', async () => {
    signedIn();
    const { router } = renderApp('/app/companies');
    await screen.findByText('Talleres Ruiz SL', { selector: 'td *' });
    vi.mocked(signOut).mockImplementation(async () => {
      vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
    });

    // What the API client does when the session cannot be refreshed.
    act(() => void sessionExpired());

    expect(await screen.findByText('Sesión expirada. Por favor, inicia sesión nuevamente.')).toBeTruthy();
    expect(location(router)).toBe('/auth/login?redirectTo=%2Fapp%2Fcompanies');
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp('/esto/no/existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
  });
});
