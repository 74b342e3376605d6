/**
 * Amplify (Cognito) is about 44 kB gzip that the first screen does not need: an anonymous visitor
 * never downloads it. `configureAmplify` only records the user pool at start-up; `loadAmplify`
 * loads and configures Amplify the first time a session is read, refreshed, opened or closed; and
 * `mayHaveSession` tells synchronously, from web storage, whether there can be a Cognito session to
 * read at all.
 */
import type { RuntimeConfig } from './runtime-config';

export type AmplifyAuth = typeof import('./amplify-auth');

/** Amplify keeps the tokens under `CognitoIdentityServiceProvider.<clientId>.<user>.<token>`. */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

let config: RuntimeConfig | null = null;
let loading: Promise<AmplifyAuth> | null = null;
let loaded: AmplifyAuth | null = null;

/** Records the user pool of `/config.json` (locally: the Cognito shim); Amplify is not loaded yet. */
export function configureAmplify(runtimeConfig: RuntimeConfig): void {
  config = runtimeConfig;
}

/** Amplify's auth calls, configured for the user pool; loaded once, on first use. */
export function loadAmplify(): Promise<AmplifyAuth> {
  loading ??= import('./amplify-auth').then(
    (auth) => {
      auth.configure(config);
      loaded = auth;
      return auth;
    },
    (error: unknown) => {
      // A failed download (offline) is tried again on the next call.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Where Amplify keeps the tokens ("Recordarme"); applied now if loaded, else when it loads. */
export function setTokenStorage(remember: boolean): void {
  loaded?.applyTokenStorage(remember);
}

/**
 * False when web storage holds no access token of the user pool's client, so there is no session
 * Amplify could read (a refresh token alone does not give one). Before `configureAmplify` the
 * client is unknown and a session cannot be ruled out.
 */
export function mayHaveSession(): boolean {
  if (!config) return true;
  const prefix = `${TOKEN_KEY_PREFIX}${config.userPoolClientId}.`;
  return [localStorageOrNull(), sessionStorageOrNull()].some(
    (storage) =>
      storage !== null && hasKey(storage, (key) => key.startsWith(prefix) && key.endsWith('.accessToken')),
  );
}

function hasKey(storage: Storage, match: (key: string) => boolean): boolean {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && match(key)) return true;
    }
    return false;
  } catch {
    // Unreadable storage: let Amplify decide.
    return true;
  }
}

// Reading `window.localStorage` itself throws in some privacy modes.
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
