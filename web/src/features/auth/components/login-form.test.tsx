import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser, signIn } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amplifyError, noSession, sessionWithTokens } from '../../../testing/amplify';
import { renderRoutes } from '../../../testing/render';
import { LoginForm } from './login-form';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));

function renderLogin() {
  return renderRoutes(
    [
      { path: '/auth/login', element: <LoginForm /> },
      { path: '/auth/register', element: <p>Registro</p> },
      { path: '/auth/forgot-password', element: <p>Olvidada</p> },
    ],
    { path: '/auth/login', withAuth: true },
  );
}

async function submit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
});

afterEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
});

describe('LoginForm', () => {
  it('labels every field and offers "Recordarme", checked by default', async () => {
    renderLogin();
    expect(await screen.findByLabelText('Email')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Contraseña')).toHaveProperty('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Recordarme' })).toHaveProperty('checked', true);
  });

  it('shows the exact Spanish message for a wrong password', async () => {
    vi.mocked(signIn).mockRejectedValue(
      amplifyError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    renderLogin();

    await submit('ana@gestoria.es', 'mala');

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Email o contraseña incorrectos. Verifica tus datos e inténtalo de nuevo.',
    );
    expect(signIn).toHaveBeenCalledWith({
      username: 'ana@gestoria.es',
      password: 'mala',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('shows the network message when Cognito cannot be reached', async () => {
    vi.mocked(signIn).mockRejectedValue(amplifyError('NetworkError', 'A network error has occurred.'));
    renderLogin();

    await submit('ana@gestoria.es', 'secreta');

    expect(await screen.findByText('Error de conexión. Verifica tu conexión a internet.')).toBeTruthy();
  });

  it('validates the fields before calling Cognito', async () => {
    renderLogin();

    await submit('no-es-un-email', '');

    expect(await screen.findByText('Introduce un email válido.')).toBeTruthy();
    expect(await screen.findByText('Introduce tu contraseña.')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('keeps the tokens for this browser session only when "Recordarme" is unchecked', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    vi.mocked(fetchAuthSession).mockResolvedValueOnce(noSession()).mockResolvedValue(sessionWithTokens());
    vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-1', username: 'u-1' });
    renderLogin();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Recordarme' }));
    await submit('ana@gestoria.es', 'secreta');

    await waitFor(() => expect(signIn).toHaveBeenCalled());
    expect(localStorage.getItem('remember_me')).toBe('false');
  });

  it('links to the registration and to the forgotten password', async () => {
    const { router } = renderLogin();

    fireEvent.click(await screen.findByRole('link', { name: 'Crear cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));

    await router.navigate('/auth/login');
    fireEvent.click(await screen.findByRole('link', { name: '¿Has olvidado tu contraseña?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/forgot-password'));
  });

  it('shows what the previous page reported (a reset password) until the user types', async () => {
    const { router } = renderLogin();
    await router.navigate('/auth/register');
    await router.navigate('/auth/login', {
      state: { loginNotice: { type: 'success', message: 'Tu contraseña se ha restablecido.' } },
    });

    expect(await screen.findByText('Tu contraseña se ha restablecido.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a' } });
    await waitFor(() => expect(screen.queryByText('Tu contraseña se ha restablecido.')).toBeNull());
  });
});
