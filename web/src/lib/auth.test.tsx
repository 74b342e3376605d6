import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amplifyError, noSession, sessionWithTokens } from '../testing/amplify';
import { createTestQueryClient } from '../testing/render';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { AuthProvider, SESSION_CHECK_MS, useAuth } from './auth';
import { clearRateLimitError } from './rate-limit';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));
vi.mock('./api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('./toast', () => ({ toastAuthOnce: vi.fn() }));

function Probe() {
  const { state, rateLimitError } = useAuth();
  const message = state.status === 'unauthenticated' ? (state.message ?? '') : '';
  return (
    <>
      <p data-testid="status">{state.status}</p>
      <p data-testid="message">{message}</p>
      <p data-testid="rate-limit">{rateLimitError ?? ''}</p>
    </>
  );
}

const status = () => screen.getByTestId('status').textContent;
const message = () => screen.getByTestId('message').textContent;

function renderAuth() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

function signedIn(expiresInSeconds = 3600) {
  vi.mocked(fetchAuthSession).mockImplementation(async (options) =>
    sessionWithTokens({ accessToken: options?.forceRefresh ? 'fresh' : 'current', expiresInSeconds }),
  );
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-1', username: 'u-1' });
  vi.mocked(signOut).mockImplementation(async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession());
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.resetAllMocks();
  clearRateLimitError();
  localStorage.clear();
});

describe('AuthProvider session rules (spec part 1 §4)', () => {
  it('logs out when the access token is removed in another tab', async () => {
    signedIn();
    renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));

    // An unrelated key changing does nothing.
    act(
      () => void window.dispatchEvent(new StorageEvent('storage', { key: 'cookie_consent', newValue: null })),
    );
    expect(status()).toBe('authenticated');

    act(
      () =>
        void window.dispatchEvent(
          new StorageEvent('storage', {
            key: 'CognitoIdentityServiceProvider.client.u-1.accessToken',
            oldValue: 'current',
            newValue: null,
          }),
        ),
    );

    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(message()).toBe('Se ha cerrado la sesión en otra pestaña. Inicia sesión de nuevo para continuar.');
    expect(signOut).toHaveBeenCalled();
  });

  it('refreshes a token within 10 minutes of expiry every 30 s, then reloads the profile', async () => {
    signedIn(9 * 60);
    vi.mocked(apiRequest).mockResolvedValue({ userId: 'u-1' });
    renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(apiRequest).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));

    await waitFor(() => expect(apiRequest).toHaveBeenCalledWith('users.getProfile', expect.anything()));
    expect(vi.mocked(fetchAuthSession).mock.calls.some(([options]) => options?.forceRefresh)).toBe(true);
    expect(status()).toBe('authenticated');
  });

  it('leaves a token far from expiry alone', async () => {
    signedIn(60 * 60);
    renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS * 2));
    expect(vi.mocked(fetchAuthSession).mock.calls.some(([options]) => options?.forceRefresh)).toBe(false);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('logs out when the periodic profile reload fails', async () => {
    signedIn(9 * 60);
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError({ code: 'CORE_001', message: 'La sesión ha expirado.', status: 401 }),
    );
    renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));

    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(message()).toBe('Sesión expirada. Por favor, inicia sesión nuevamente.');
  });

  it('ends the session with "Refresh token expirado" when the periodic refresh is refused', async () => {
    signedIn(9 * 60);
    vi.mocked(fetchAuthSession).mockImplementation(async (options) =>
      options?.forceRefresh ? noSession() : sessionWithTokens({ expiresInSeconds: 9 * 60 }),
    );
    renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));

    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(message()).toBe('Refresh token expirado. Por favor, inicia sesión nuevamente.');
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('keeps the session on a rate-limited refresh, showing the message for 60 s', async () => {
    signedIn(9 * 60);
    vi.mocked(fetchAuthSession).mockImplementation(async (options) => {
      if (options?.forceRefresh) throw amplifyError('TooManyRequestsException');
      return sessionWithTokens({ expiresInSeconds: 9 * 60 });
    });
    renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));
    await waitFor(() =>
      expect(screen.getByTestId('rate-limit').textContent).toBe(
        'Demasiados intentos de refresh token. Intenta de nuevo en 1 minuto.',
      ),
    );
    expect(status()).toBe('authenticated');

    // Make the next checks quiet, then let the 60 s pass.
    signedIn(60 * 60);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('rate-limit').textContent).toBe('');
  });

  it('logs out on the periodic check when no token is left (both expired)', async () => {
    signedIn();
    renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession());

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));

    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(message()).toBe('Sesión expirada. Por favor, inicia sesión nuevamente.');
  });
});
