import { fireEvent, screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { FORGOT_PASSWORD_CONFIRMATION, ForgotPasswordForm } from './forgot-password-form';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => {
  vi.resetAllMocks();
});

describe('ForgotPasswordForm', () => {
  it('always answers with the same neutral confirmation', async () => {
    vi.mocked(apiRequest).mockResolvedValue({ message: 'cualquier cosa' });
    renderRoutes([{ path: '/', element: <ForgotPasswordForm /> }]);

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' nadie@ejemplo.es ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(await screen.findByText(FORGOT_PASSWORD_CONFIRMATION)).toBeTruthy();
    expect(screen.queryByText('cualquier cosa')).toBeNull();
    expect(apiRequest).toHaveBeenCalledWith('auth.forgotPassword', { body: { email: 'nadie@ejemplo.es' } });
  });

  it('checks the e-mail before calling the API', async () => {
    renderRoutes([{ path: '/', element: <ForgotPasswordForm /> }]);

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'no-es-un-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(await screen.findByText('Introduce un email válido.')).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("says how long to wait when the gateway's per-IP limit answers 429 with Retry-After", async () => {
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({
        code: 'RATE_LIMITED',
        status: 429,
        message: 'Demasiadas peticiones. Inténtalo de nuevo en unos segundos.',
        retryAfterSeconds: 240,
      }),
    );
    renderRoutes([{ path: '/', element: <ForgotPasswordForm /> }]);

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@ejemplo.es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(await screen.findByText('Demasiados intentos. Vuelve a intentarlo en 4 minutos.')).toBeTruthy();
    expect(screen.queryByText(FORGOT_PASSWORD_CONFIRMATION)).toBeNull();
  });
});
