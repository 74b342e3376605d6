import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSession } from '../../../testing/amplify';
import { renderRoutes } from '../../../testing/render';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));

function renderReset(token = 'tok-1') {
  return renderRoutes(
    [
      { path: '/auth/reset-password', element: <ResetPasswordForm token={token} /> },
      { path: '/auth/login', element: <LoginForm /> },
      { path: '/auth/forgot-password', element: <p>Olvidada</p> },
    ],
    { path: `/auth/reset-password?token=${token}`, withAuth: true },
  );
}

/** apiRequest answering per route id. */
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
});

describe('ResetPasswordForm', () => {
  it('validates the link, shows the masked e-mail, resets and lands on the login with a success message', async () => {
    answer({
      'auth.resetPasswordValidate': () => ({ valid: true, email: 'a***@g***.es' }),
      'auth.resetPassword': () => ({
        message: 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión.',
      }),
    });
    const { router } = renderReset();

    expect(await screen.findByText('a***@g***.es')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith(
      'auth.resetPasswordValidate',
      expect.objectContaining({ query: { token: 'tok-1' } }),
    );

    type('Nueva contraseña', 'Nueva-2026-xy');
    type('Repite la nueva contraseña', 'Nueva-2026-xy');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(apiRequest).toHaveBeenCalledWith('auth.resetPassword', {
      body: { token: 'tok-1', newPassword: 'Nueva-2026-xy' },
    });
    expect(
      await screen.findByText('Tu contraseña se ha restablecido. Ya puedes iniciar sesión.'),
    ).toBeTruthy();
  });

  it('does not send a password that breaks the policy or a confirmation that differs', async () => {
    answer({ 'auth.resetPasswordValidate': () => ({ valid: true, email: 'a***@g***.es' }) });
    renderReset();
    await screen.findByText('a***@g***.es');

    type('Nueva contraseña', 'corta');
    type('Repite la nueva contraseña', 'otra');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findByText('La contraseña debe tener al menos 12 caracteres.')).toBeTruthy();
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledTimes(1);
  });

  it('says the link is dead and offers a new one when validation fails', async () => {
    answer({ 'auth.resetPasswordValidate': () => ({ valid: false }) });
    const { router } = renderReset();

    expect(await screen.findByText('El enlace no es válido o ha caducado.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar un nuevo enlace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/forgot-password'));
  });

  it('turns into the dead-link screen when the server refuses the token on submit', async () => {
    answer({
      'auth.resetPasswordValidate': () => ({ valid: true, email: 'a***@g***.es' }),
      'auth.resetPassword': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'El enlace no es válido o ha caducado.',
          status: 400,
          field: 'token',
        });
      },
    });
    renderReset();
    await screen.findByText('a***@g***.es');

    type('Nueva contraseña', 'Nueva-2026-xy');
    type('Repite la nueva contraseña', 'Nueva-2026-xy');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findByRole('button', { name: 'Solicitar un nuevo enlace' })).toBeTruthy();
  });

  it('puts a policy refusal of the server on the password field', async () => {
    answer({
      'auth.resetPasswordValidate': () => ({ valid: true, email: 'a***@g***.es' }),
      'auth.resetPassword': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'La contraseña no cumple la política de seguridad.',
          status: 400,
          field: 'newPassword',
        });
      },
    });
    renderReset();
    await screen.findByText('a***@g***.es');

    type('Nueva contraseña', 'Nueva-2026-xy');
    type('Repite la nueva contraseña', 'Nueva-2026-xy');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    const message = await screen.findByText('La contraseña no cumple la política de seguridad.');
    expect(message.closest('.ant-form-item')?.contains(screen.getByLabelText('Nueva contraseña'))).toBe(true);
  });

  it('without a token, shows the dead link without calling the API', async () => {
    renderReset('');
    expect(await screen.findByText('El enlace no es válido o ha caducado.')).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });
});
