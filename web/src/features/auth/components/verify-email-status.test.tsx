import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { VerifyEmailStatus } from './verify-email-status';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

function answer(handlers: Partial<Record<string, (options: unknown) => unknown>>) {
  vi.mocked(apiRequest).mockImplementation(async (routeId, options) => {
    const handler = handlers[routeId];
    if (!handler) throw new Error(`unexpected call ${routeId}`);
    return handler(options);
  });
}

const renderVerify = (token = 'v-1') =>
  renderRoutes(
    [
      {
        path: '/auth/verify-email',
        element: (
          <StrictMode>
            <VerifyEmailStatus token={token} />
          </StrictMode>
        ),
      },
      { path: '/auth/login', element: <p>Login</p> },
    ],
    { path: `/auth/verify-email?token=${token}` },
  );

afterEach(() => {
  vi.resetAllMocks();
});

describe('VerifyEmailStatus', () => {
  it('validates, then verifies the single-use link exactly once, and leads to the login', async () => {
    answer({
      'auth.verifyEmailValidate': () => ({ valid: true }),
      'auth.verifyEmail': () => ({
        verified: true,
        message: 'Tu email se ha verificado. Ya puedes iniciar sesión.',
      }),
    });
    const { router } = renderVerify();

    expect(await screen.findByText('Email verificado')).toBeTruthy();
    expect(screen.getByText('Tu email se ha verificado. Ya puedes iniciar sesión.')).toBeTruthy();
    const calls = vi.mocked(apiRequest).mock.calls.map(([routeId]) => routeId);
    expect(calls).toEqual(['auth.verifyEmailValidate', 'auth.verifyEmail']);
    expect(apiRequest).toHaveBeenLastCalledWith('auth.verifyEmail', { body: { token: 'v-1' } });

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('offers to resend the e-mail when the link is invalid or expired, with a neutral answer', async () => {
    answer({
      'auth.verifyEmailValidate': () => ({ valid: false }),
      'auth.verifyEmailResendByEmail': () => ({
        message:
          'Si la cuenta existe y está pendiente de verificación, te hemos enviado un nuevo enlace de verificación.',
      }),
    });
    renderVerify();

    expect(await screen.findByText('El enlace no es válido o ha caducado.')).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalledWith('auth.verifyEmail', expect.anything());

    fireEvent.change(screen.getByLabelText('Email de tu cuenta'), { target: { value: 'ana@gestoria.es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar email' }));

    expect(
      await screen.findByText(
        'Si la cuenta existe y está pendiente de verificación, te hemos enviado un nuevo enlace de verificación.',
      ),
    ).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('auth.verifyEmailResendByEmail', {
      body: { email: 'ana@gestoria.es' },
    });
  });
});
