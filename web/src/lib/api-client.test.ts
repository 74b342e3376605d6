import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amplifyError, noSession, sessionWithTokens } from '../testing/amplify';
import { setSessionExpiredHandler } from './access-token';
import { apiRequest, QUOTA_EXCEEDED_EVENT, type QuotaExceededDetail } from './api-client';
import { ApiError } from './api-error';
import { clearRateLimitError, getRateLimitError, RATE_LIMIT_CLEAR_MS } from './rate-limit';
import { setRuntimeConfig } from './runtime-config';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
// Every company-scoped route of the table has a {companyId} segment today; add one that takes
// the company from the header, like the invoices routes will.
vi.mock('@shared/api/routes', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shared/api/routes')>();
  const scoped = { method: 'GET', path: '/api/v1/invoices', domain: 'invoices', auth: 'user', company: true };
  return {
    ...actual,
    routes: { ...actual.routes, 'test.headerScoped': scoped },
    buildPath: (id: string, params?: Record<string, string>) =>
      id === 'test.headerScoped' ? scoped.path : actual.buildPath(id as never, params),
  };
});
const HEADER_SCOPED = 'test.headerScoped' as never;

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json({ success: true, data, error: null });
const fail = (status: number, code: string, message: string, field: string | null = null) =>
  json({ success: false, data: null, error: { code, message, field, details: null } }, status);

/** The request of the nth fetch call. */
const sent = (n = 0) => {
  const [url, init] = fetchMock.mock.calls[n] ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

beforeEach(() => {
  setRuntimeConfig({
    apiBaseUrl: 'https://api.cuadra.test',
    region: 'eu-south-2',
    userPoolId: 'eu-south-2_pool',
    userPoolClientId: 'client',
    wsUrl: 'wss://ws.cuadra.test',
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue(sessionWithTokens({ accessToken: 'token-1' }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetAllMocks();
  setSessionExpiredHandler(null);
  clearRateLimitError();
});

describe('apiRequest', () => {
  it('builds the URL from the route table and sends the token, a request id and the company', async () => {
    fetchMock.mockResolvedValue(ok({ content: [] }));

    const data = await apiRequest('companies.list', {
      query: { page: 0, size: 20, search: '', sort: 'createdAt,desc' },
      companyId: 'c-1',
    });

    expect(data).toEqual({ content: [] });
    const { url, init, headers } = sent();
    expect(url).toBe('https://api.cuadra.test/api/v1/companies?page=0&size=20&sort=createdAt%2Cdesc');
    expect(init.method).toBe('GET');
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('x-company-id')).toBe('c-1');
    expect(headers.get('x-request-id')).toMatch(/\S{8,}/);
  });

  it('fills path parameters and sends a JSON body', async () => {
    fetchMock.mockResolvedValue(ok({ companyId: 'a b' }));

    await apiRequest('companies.update', { params: { companyId: 'a b' }, body: { name: 'Nueva' } });

    const { url, init, headers } = sent();
    expect(url).toBe('https://api.cuadra.test/api/v1/companies/a%20b');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"name":"Nueva"}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.has('x-company-id')).toBe(false);
  });

  it('sends no token to public routes', async () => {
    fetchMock.mockResolvedValue(ok({ status: 'ok' }));
    await apiRequest('system.health');
    expect(sent().headers.has('authorization')).toBe(false);
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it("throws the server's code, Spanish message, field and status", async () => {
    fetchMock.mockResolvedValue(fail(400, 'CORE_004', 'El NIF no es válido.', 'nif'));

    const error = await apiRequest('companies.create', { body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'CORE_004',
      message: 'El NIF no es válido.',
      field: 'nif',
      status: 400,
    });
  });

  it('maps a request without a response to NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('companies.list')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Error de conexión',
      status: 0,
    });
  });

  it('maps a response that is not an envelope to API_ERROR', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('companies.list')).rejects.toMatchObject({
      code: 'API_ERROR',
      message: 'Error del servidor. Inténtalo de nuevo más tarde.',
      status: 502,
    });
  });

  it('refreshes the token once and retries once on a 401', async () => {
    vi.mocked(fetchAuthSession).mockImplementation(async (options) =>
      sessionWithTokens({ accessToken: options?.forceRefresh ? 'token-2' : 'token-1' }),
    );
    fetchMock
      .mockResolvedValueOnce(fail(401, 'CORE_001', 'La sesión ha expirado.'))
      .mockResolvedValueOnce(ok([1]));

    await expect(apiRequest('companies.list')).resolves.toEqual([1]);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent(1).headers.get('authorization')).toBe('Bearer token-2');
    expect(sent(0).headers.get('x-request-id')).not.toBe(sent(1).headers.get('x-request-id'));
  });

  it('does not retry twice', async () => {
    fetchMock.mockImplementation(async () => fail(403, 'CORE_003', 'No tienes acceso a esta empresa.'));
    await expect(apiRequest('companies.get', { params: { companyId: 'x' } })).rejects.toMatchObject({
      code: 'CORE_003',
      status: 403,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('ends the session at once when the user no longer exists', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    fetchMock.mockResolvedValue(fail(401, 'USER_NOT_FOUND', 'El usuario no existe.'));

    await expect(apiRequest('users.getProfile')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });

    expect(onExpired).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ends the session without calling the API when no tokens are left', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession());

    await expect(apiRequest('companies.list')).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
      message: 'Sesión expirada. Por favor, inicia sesión nuevamente.',
    });
    expect(onExpired).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes a token close to expiry before sending, sharing one refresh between callers', async () => {
    vi.mocked(fetchAuthSession).mockImplementation(async (options) =>
      options?.forceRefresh
        ? sessionWithTokens({ accessToken: 'fresh' })
        : sessionWithTokens({ accessToken: 'stale', expiresInSeconds: 60 }),
    );
    fetchMock.mockImplementation(async () => ok(null));

    await Promise.all([apiRequest('companies.list'), apiRequest('users.getProfile')]);

    const refreshes = vi.mocked(fetchAuthSession).mock.calls.filter(([options]) => options?.forceRefresh);
    expect(refreshes).toHaveLength(1);
    expect(sent(0).headers.get('authorization')).toBe('Bearer fresh');
    expect(sent(1).headers.get('authorization')).toBe('Bearer fresh');
  });

  it('refuses a company-scoped route without a company before sending', async () => {
    await expect(apiRequest(HEADER_SCOPED)).rejects.toMatchObject({
      code: 'NO_COMPANY_SELECTED',
      message: 'No hay empresa seleccionada. Por favor, selecciona una empresa primero.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a company-scoped route with the company header, or with the company in the path', async () => {
    fetchMock.mockImplementation(async () => ok({}));
    await apiRequest(HEADER_SCOPED, { companyId: 'c-9' });
    await apiRequest('companies.get', { params: { companyId: 'c-9' } });
    expect(sent(0).headers.get('x-company-id')).toBe('c-9');
    expect(sent(1).url).toBe('https://api.cuadra.test/api/v1/companies/c-9');
  });
});

describe('session rules of spec part 1 §8', () => {
  it('never retries a 429', async () => {
    fetchMock.mockImplementation(async () => fail(429, 'RATE_LIMITED', 'Demasiadas peticiones.'));
    await expect(apiRequest('companies.list')).rejects.toMatchObject({ status: 429 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetchAuthSession).mock.calls.some(([options]) => options?.forceRefresh)).toBe(false);
  });

  it('broadcasts cuadra:quota-exceeded with the error data on a 402', async () => {
    const events: QuotaExceededDetail[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<QuotaExceededDetail>).detail);
    window.addEventListener(QUOTA_EXCEEDED_EVENT, listener);
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          data: null,
          error: {
            code: 'BILLING_LIMIT',
            message: 'Has agotado tus facturas del mes.',
            field: null,
            details: { limit: 50 },
          },
        },
        402,
      ),
    );

    await expect(apiRequest('companies.list')).rejects.toMatchObject({ status: 402 });
    window.removeEventListener(QUOTA_EXCEEDED_EVENT, listener);

    expect(events).toEqual([
      {
        code: 'BILLING_LIMIT',
        message: 'Has agotado tus facturas del mes.',
        status: 402,
        details: { limit: 50 },
        routeId: 'companies.list',
      },
    ]);
  });

  it('keeps the refresh rate-limit message for 60 seconds, and does not retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.mocked(fetchAuthSession).mockImplementation(async (options) => {
      if (options?.forceRefresh) throw amplifyError('TooManyRequestsException', 'Rate exceeded', 400);
      return sessionWithTokens({ accessToken: 'token-1' });
    });
    fetchMock.mockResolvedValue(fail(401, 'CORE_001', 'La sesión ha expirado.'));

    await expect(apiRequest('companies.list')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Demasiados intentos de refresh token. Intenta de nuevo en 1 minuto.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getRateLimitError()).toBe('Demasiados intentos de refresh token. Intenta de nuevo en 1 minuto.');

    vi.advanceTimersByTime(RATE_LIMIT_CLEAR_MS - 1);
    expect(getRateLimitError()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(getRateLimitError()).toBeNull();
  });

  it('ends the session with "Refresh token expirado" when the refresh token is refused', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    vi.mocked(fetchAuthSession).mockImplementation(async (options) =>
      options?.forceRefresh ? noSession() : sessionWithTokens({ accessToken: 'token-1' }),
    );
    fetchMock.mockResolvedValue(fail(401, 'CORE_001', 'La sesión ha expirado.'));

    await expect(apiRequest('companies.list')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(onExpired).toHaveBeenCalledWith('Refresh token expirado. Por favor, inicia sesión nuevamente.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ends the session at once on a message saying the user does not exist', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    fetchMock.mockResolvedValue(fail(403, 'CORE_002', 'El usuario no existe.'));
    await expect(apiRequest('users.getProfile')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(onExpired).toHaveBeenCalledWith('Sesión expirada. Por favor, inicia sesión nuevamente.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['auth.login', 'auth.register', 'auth.forgotPassword', 'auth.resetPassword'] as const)(
    'passes a 401 on %s through, without token, refresh or retry',
    async (routeId) => {
      fetchMock.mockResolvedValue(fail(401, 'AUTH_001', 'Email o contraseña incorrectos.'));
      await expect(apiRequest(routeId, { body: {} })).rejects.toMatchObject({
        code: 'AUTH_001',
        status: 401,
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchAuthSession).not.toHaveBeenCalled();
    },
  );
});
