import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { fetchAuthSession, getCurrentUser, signIn } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amplifyError, noSession, sessionWithTokens } from '../../../testing/amplify';
import { renderRoutes } from '../../../testing/render';
import { ActivationForm } from './activation-form';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));

const VALID = {
  valid: true,
  email: 'l***@g***.es',
  companyName: 'Talleres Ruiz SL',
  firstName: 'Laura',
  lastName: 'Gómez',
  expiresAt: '2026-11-27T10:00:00Z',
};

function renderActivation(token = 'inv-1') {
  return renderRoutes(
    [
      { path: '/client/activate', element: <ActivationForm token={token} /> },
      { path: '/app/dashboard', element: <p>Panel</p> },
      { path: '/auth/login', element: <p>Login</p> },
    ],
    { path: `/client/activate?token=${token}`, withAuth: true },
  );
}

function answer(handlers: Partial<Record<string, (options: unknown) => unknown>>) {
  vi.mocked(apiRequest).mockImplementation(async (routeId, options) => {
    const handler = handlers[routeId];
    if (!handler) throw new Error(`unexpected call ${routeId}`);
    return handler(options);
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
});

afterEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
});

describe('ActivationForm', () => {
  it('activates the invitation, then signs in with the returned e-mail and opens the dashboard', async () => {
    answer({
      'auth.activationValidate': () => VALID,
      'auth.activate': () => ({ userId: 'u-9', email: 'laura@gomez.es' }),
    });
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-9', username: 'u-9' });
    const { router } = renderActivation();

    expect(await screen.findByText('Talleres Ruiz SL')).toBeTruthy();
    expect(screen.getByText('l***@g***.es')).toBeTruthy();
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', 'Laura');
    vi.mocked(fetchAuthSession).mockResolvedValue(sessionWithTokens({ groups: ['CLIENTE'] }));

    type('Contraseña', 'Clave-2026-xy');
    type('Repite la contraseña', 'Clave-2026-xy');
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(apiRequest).toHaveBeenCalledWith('auth.activate', {
      body: { token: 'inv-1', password: 'Clave-2026-xy', firstName: 'Laura', lastName: 'Gómez' },
    });
    expect(signIn).toHaveBeenCalledWith({
      username: 'laura@gomez.es',
      password: 'Clave-2026-xy',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    // The account is created before anyone signs in with it.
    const activateOrder = vi.mocked(apiRequest).mock.invocationCallOrder[1]!;
    expect(vi.mocked(signIn).mock.invocationCallOrder[0]).toBeGreaterThan(activateOrder);
  });

  it('does not sign in when the activation fails', async () => {
    answer({
      'auth.activationValidate': () => VALID,
      'auth.activate': () => {
        throw new Error('boom');
      },
    });
    renderActivation();
    await screen.findByText('Talleres Ruiz SL');

    type('Contraseña', 'Clave-2026-xy');
    type('Repite la contraseña', 'Clave-2026-xy');
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));

    expect(await screen.findByText('Error desconocido')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('says so when the account was activated but the automatic sign-in failed', async () => {
    answer({
      'auth.activationValidate': () => VALID,
      'auth.activate': () => ({ userId: 'u-9', email: 'laura@gomez.es' }),
    });
    vi.mocked(signIn).mockRejectedValue(amplifyError('NetworkError', 'A network error has occurred.'));
    renderActivation();
    await screen.findByText('Talleres Ruiz SL');

    type('Contraseña', 'Clave-2026-xy');
    type('Repite la contraseña', 'Clave-2026-xy');
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));

    expect(await screen.findByText('Tu cuenta está activada')).toBeTruthy();
    expect(screen.getByText(/Error de conexión. Verifica tu conexión a internet./)).toBeTruthy();
  });

  it('explains an expired or used invitation', async () => {
    answer({ 'auth.activationValidate': () => ({ valid: false }) });
    renderActivation();

    expect(await screen.findByText('La invitación no es válida o ha caducado.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activar cuenta' })).toBeNull();
  });
});
