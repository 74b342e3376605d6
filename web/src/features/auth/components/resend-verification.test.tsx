import { fireEvent, screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { RESEND_NEUTRAL_MESSAGE, ResendVerification } from './resend-verification';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe('ResendVerification', { timeout: 20_000 }, () => {
  it('answers with the neutral message', async () => {
    vi.mocked(apiRequest).mockResolvedValue({});
    renderRoutes([{ path: '/', element: <ResendVerification email="ana@ejemplo.es" /> }]);

    fireEvent.click(await screen.findByRole('button', { name: /Reenviar email/ }));

    expect(await screen.findByText(RESEND_NEUTRAL_MESSAGE)).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('auth.verifyEmailResendByEmail', {
      body: { email: 'ana@ejemplo.es' },
    });
  });

  it("shows the per-account limit's message, which names the wait", async () => {
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({
        code: 'RATE_LIMITED',
        status: 429,
        message: 'Demasiadas solicitudes. Inténtalo de nuevo en 12 minutos.',
        details: { retryAfterSeconds: 700 },
        retryAfterSeconds: 700,
      }),
    );
    renderRoutes([{ path: '/', element: <ResendVerification /> }]);

    fireEvent.change(await screen.findByLabelText('Email de tu cuenta'), {
      target: { value: 'ana@ejemplo.es' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Reenviar email/ }));

    expect(await screen.findByText('Demasiadas solicitudes. Inténtalo de nuevo en 12 minutos.')).toBeTruthy();
  });

  it("says how long to wait when only Retry-After tells it (the gateway's 429)", async () => {
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({
        code: 'RATE_LIMITED',
        status: 429,
        message: 'Demasiadas peticiones. Inténtalo de nuevo en unos segundos.',
        retryAfterSeconds: 30,
      }),
    );
    renderRoutes([{ path: '/', element: <ResendVerification email="ana@ejemplo.es" /> }]);

    fireEvent.click(await screen.findByRole('button', { name: /Reenviar email/ }));

    expect(await screen.findByText('Demasiados intentos. Vuelve a intentarlo en 30 segundos.')).toBeTruthy();
  });
});
