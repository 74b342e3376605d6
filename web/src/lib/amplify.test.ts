/**
 * Amplify is loaded on demand (lib/amplify.ts): an anonymous visitor never downloads it, a
 * signed-in one gets it configured once with the user pool and the "Recordarme" token storage.
 * Each test starts from fresh modules: what is loaded and configured is module state.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionWithTokens } from '../testing/amplify';
import type { RuntimeConfig } from './runtime-config';

// The lazy chunk (amplify-auth.ts, tested in amplify-auth.test.ts), counting its downloads.
const { amplify, amplifyAuth } = vi.hoisted(() => {
  const amplify = { loads: 0 };
  const amplifyAuth = () => {
    amplify.loads++;
    return {
      configure: vi.fn(),
      applyTokenStorage: vi.fn(),
      fetchAuthSession: vi.fn(),
      getCurrentUser: vi.fn(),
      signIn: vi.fn(),
      signOut: vi.fn(),
    };
  };
  return { amplify, amplifyAuth };
});
vi.mock('./amplify-auth', amplifyAuth);

const CONFIG: RuntimeConfig = {
  apiBaseUrl: '',
  region: 'eu-south-2',
  userPoolId: 'eu-south-2_pool',
  userPoolClientId: 'client-1',
  userPoolEndpoint: '/_cognito',
  wsUrl: 'ws://localhost/ws',
};
const TOKENS = 'CognitoIdentityServiceProvider.client-1.u-1';

async function fresh() {
  vi.resetModules();
  const [lib, session, accessToken] = await Promise.all([
    import('./amplify'),
    import('./session'),
    import('./access-token'),
  ]);
  /** The lazy chunk as loaded (importing it here does not count as a download). */
  const auth = async () => {
    const loads = amplify.loads;
    const chunk = await import('./amplify-auth');
    amplify.loads = loads;
    return {
      configure: vi.mocked(chunk.configure),
      applyTokenStorage: vi.mocked(chunk.applyTokenStorage),
      fetchAuthSession: vi.mocked(chunk.fetchAuthSession),
    };
  };
  return { ...lib, ...session, ...accessToken, auth };
}

beforeEach(() => {
  amplify.loads = 0;
  vi.doMock('./amplify-auth', amplifyAuth);
});

/** The next download of the chunk fails, as offline. */
function failNextDownload() {
  vi.doMock('./amplify-auth', () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  });
}

/** Back online; a failed download is not kept (the module registry forgets it). */
function backOnline() {
  vi.resetModules();
  vi.doMock('./amplify-auth', amplifyAuth);
}

afterEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('whether a session may exist', () => {
  it('cannot rule one out before the user pool is known', async () => {
    const { mayHaveSession } = await fresh();
    expect(mayHaveSession()).toBe(true);
  });

  it("is told by an access token of the pool's client, in either storage", async () => {
    const { configureAmplify, mayHaveSession } = await fresh();
    configureAmplify(CONFIG);
    expect(mayHaveSession()).toBe(false);

    localStorage.setItem(`${TOKENS}.accessToken`, 'token');
    expect(mayHaveSession()).toBe(true);
    localStorage.clear();

    // "Recordarme" off: Amplify keeps the tokens in sessionStorage.
    sessionStorage.setItem(`${TOKENS}.accessToken`, 'token');
    expect(mayHaveSession()).toBe(true);
  });

  it("ignores another client's tokens and what is left without an access token", async () => {
    const { configureAmplify, mayHaveSession } = await fresh();
    configureAmplify(CONFIG);
    localStorage.setItem('CognitoIdentityServiceProvider.other-client.u-1.accessToken', 'token');
    localStorage.setItem('CognitoIdentityServiceProvider.client-1.LastAuthUser', 'u-1');
    localStorage.setItem(`${TOKENS}.refreshToken`, 'refresh');
    localStorage.setItem('remember_me', 'true');
    expect(mayHaveSession()).toBe(false);
  });
});

describe('loading Amplify', () => {
  it('happens only when asked, once, configured with the user pool', async () => {
    const { configureAmplify, loadAmplify, auth } = await fresh();
    configureAmplify(CONFIG);
    expect(amplify.loads).toBe(0);

    const [first, second] = await Promise.all([loadAmplify(), loadAmplify()]);
    expect(first).toBe(second);
    expect(await loadAmplify()).toBe(first);
    expect(amplify.loads).toBe(1);
    const { configure } = await auth();
    expect(configure).toHaveBeenCalledTimes(1);
    expect(configure).toHaveBeenCalledWith(CONFIG);
  });

  it('applies "Recordarme" at once when Amplify is loaded, and leaves it to the load when not', async () => {
    const { configureAmplify, loadAmplify, setRememberMe, auth } = await fresh();
    configureAmplify(CONFIG);
    setRememberMe(false);
    expect(localStorage.getItem('remember_me')).toBe('false');
    expect(amplify.loads).toBe(0);

    await loadAmplify();
    const { applyTokenStorage } = await auth();
    expect(applyTokenStorage).not.toHaveBeenCalled();
    setRememberMe(true);
    expect(applyTokenStorage).toHaveBeenCalledWith(true);
    expect(localStorage.getItem('remember_me')).toBe('true');
  });

  it('tries the download again after it failed', async () => {
    const { configureAmplify, loadAmplify } = await fresh();
    configureAmplify(CONFIG);
    failNextDownload();
    await expect(loadAmplify()).rejects.toThrow();
    backOnline();
    const chunk = await loadAmplify();
    expect(chunk.fetchAuthSession).toBeTypeOf('function');
    expect(amplify.loads).toBe(1);
  });
});

describe('the access token without Amplify loaded', () => {
  it('is missing for a visitor without tokens: the session is over, Amplify never loaded', async () => {
    const { configureAmplify, getAccessToken, accessTokenExpiresAt, setSessionExpiredHandler } =
      await fresh();
    configureAmplify(CONFIG);
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    await expect(getAccessToken()).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(await accessTokenExpiresAt()).toBeNull();
    expect(expired).toHaveBeenCalledWith('Sesión expirada. Por favor, inicia sesión nuevamente.');
    expect(amplify.loads).toBe(0);
  });

  it('is read through Amplify, loaded and configured then, when tokens are stored', async () => {
    const { configureAmplify, getAccessToken, auth } = await fresh();
    configureAmplify(CONFIG);
    localStorage.setItem(`${TOKENS}.accessToken`, 'token');
    const { configure, fetchAuthSession } = await auth();
    fetchAuthSession.mockResolvedValue(sessionWithTokens({ accessToken: 'token-7' }));
    expect(configure).not.toHaveBeenCalled();
    expect(await getAccessToken()).toBe('token-7');
    expect(configure).toHaveBeenCalledWith(CONFIG);
  });

  it('a refresh that cannot download Amplify is a network error, and the next one tries again', async () => {
    const { configureAmplify, refreshAccessToken, loadAmplify } = await fresh();
    configureAmplify(CONFIG);
    localStorage.setItem(`${TOKENS}.accessToken`, 'token');
    failNextDownload();
    await expect(refreshAccessToken()).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Error de conexión',
    });

    backOnline();
    const fetchAuthSession = vi.mocked((await loadAmplify()).fetchAuthSession);
    fetchAuthSession.mockResolvedValue(sessionWithTokens({ accessToken: 'token-8' }));
    expect(await refreshAccessToken()).toBe('token-8');
    expect(fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });
});
