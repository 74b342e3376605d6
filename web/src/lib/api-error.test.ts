/**
 * Refusals that make a person wait (423 AUTH_002, 429 RATE_LIMITED) say for how long: `Retry-After`
 * read by the API client, put in words by `errorMessage` when the server's message does not.
 */
import { gatewayResponses } from '@shared/api/gateway-responses';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionWithTokens } from '../testing/amplify';
import { apiRequest } from './api-client';
import { ApiError, errorMessage, parseRetryAfter, waitInWords } from './api-error';
import { setRuntimeConfig } from './runtime-config';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  setRuntimeConfig({
    apiBaseUrl: 'https://api.cuadra.test',
    region: 'eu-south-2',
    userPoolId: 'eu-south-2_pool',
    userPoolClientId: 'client',
    wsUrl: 'wss://ws.cuadra.test',
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockImplementation(async () => sessionWithTokens({ accessToken: 't' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-05-04T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter(' 0 ', now)).toBe(1);
    expect(parseRetryAfter('Mon, 04 May 2026 10:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('pronto', now)).toBeNull();
  });
});

describe('waitInWords', () => {
  it.each([
    [1, '1 segundo'],
    [30, '30 segundos'],
    [60, '1 minuto'],
    [61, '2 minutos'],
    [900, '15 minutos'],
  ])('%i s is "%s"', (seconds, words) => expect(waitInWords(seconds)).toBe(words));
});

describe('errorMessage of a refusal that makes one wait', () => {
  it("puts the gateway's Retry-After in words: its message only says 'unos segundos'", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(gatewayResponses.THROTTLED.body), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '45' },
      }),
    );
    const error = (await apiRequest('auth.forgotPassword', { body: { email: 'a@b.es' } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.retryAfterSeconds).toBe(45);
    expect(errorMessage(error)).toBe('Demasiados intentos. Vuelve a intentarlo en 45 segundos.');
  });

  it("keeps the identity domain's message, which names the wait already", () => {
    const error = new ApiError({
      code: 'AUTH_002',
      status: 423,
      message: 'Demasiados intentos fallidos. Inténtalo de nuevo en 2 minutos.',
      details: { retryAfterSeconds: 120, retryAt: '2026-05-04T10:02:00Z' },
      retryAfterSeconds: 120,
    });
    expect(errorMessage(error)).toBe('Demasiados intentos fallidos. Inténtalo de nuevo en 2 minutos.');
  });

  it('says the wait for a 423 without details, and nothing invented without Retry-After', () => {
    const locked = new ApiError({ code: 'AUTH_002', status: 423, message: 'x', retryAfterSeconds: 600 });
    expect(errorMessage(locked)).toBe('Demasiados intentos. Vuelve a intentarlo en 10 minutos.');
    const plain = new ApiError({ code: 'RATE_LIMITED', status: 429, message: 'Demasiadas peticiones.' });
    expect(errorMessage(plain)).toBe('Demasiadas peticiones.');
    const other = new ApiError({ code: 'CORE_004', status: 400, message: 'Campo', retryAfterSeconds: 5 });
    expect(errorMessage(other)).toBe('Campo');
  });
});
