/**
 * The access token for API calls, following the session rules of spec part 1 §4 and §8: a
 * preventive refresh when the token is within 5 minutes of expiry, one refresh shared by every
 * concurrent caller, a 5 second time-out, the refresh rate-limit message, and a forced logout when
 * no session is left (refresh token refused, or both tokens expired).
 */
import { loadAmplify, mayHaveSession } from './amplify';
import { ApiError, CLIENT_ERROR_MESSAGES } from './api-error';
import { setRateLimitError } from './rate-limit';

export const PREVENTIVE_REFRESH_MS = 5 * 60_000;
const REFRESH_TIMEOUT_MS = 5_000;

/** Cognito refusals of a refresh token; Amplify clears the stored tokens on each of them. */
const REFRESH_REFUSED = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

let sharedRefresh: Promise<string | undefined> | null = null;
let onSessionExpired: ((message: string) => void) | null = null;

/** The auth provider registers how to end the session when the API client finds it gone. */
export function setSessionExpiredHandler(handler: ((message: string) => void) | null): void {
  onSessionExpired = handler;
}

/**
 * Ends the session (the auth provider signs out; the login page says why) and returns the error to
 * throw to the caller. The default message is the spec's "both tokens expired" one.
 */
export function sessionExpired(message: string = CLIENT_ERROR_MESSAGES.SESSION_EXPIRED): ApiError {
  onSessionExpired?.(message);
  return new ApiError({ code: 'SESSION_EXPIRED', message, status: 401 });
}

/** A valid access token, refreshed first when close to expiry. Throws `SESSION_EXPIRED` when none. */
export async function getAccessToken(): Promise<string> {
  // Amplify refreshes an expired access token here by itself; no tokens back means the refresh
  // token was refused too: both tokens expired.
  const token = await storedAccessToken();
  if (!token) throw sessionExpired(CLIENT_ERROR_MESSAGES.SESSION_EXPIRED);
  const expiresAt = (token.payload.exp ?? 0) * 1000;
  if (expiresAt - Date.now() > PREVENTIVE_REFRESH_MS) return token.toString();
  try {
    return await refreshAccessToken();
  } catch (error) {
    // A failed preventive refresh is not fatal while the current token still works.
    if (expiresAt > Date.now() && !isSessionExpired(error)) return token.toString();
    throw error;
  }
}

/** When the stored access token expires (ms since epoch), or null without one. */
export async function accessTokenExpiresAt(): Promise<number | null> {
  const token = await storedAccessToken();
  return token ? (token.payload.exp ?? 0) * 1000 : null;
}

/**
 * The stored access token (Amplify refreshes it first when expired), or undefined when none is left.
 * Without tokens in web storage Amplify is not even loaded.
 */
async function storedAccessToken() {
  if (!mayHaveSession()) return undefined;
  try {
    const { fetchAuthSession } = await amplify();
    return (await callAmplify(() => fetchAuthSession())).tokens?.accessToken;
  } catch (error) {
    // The automatic refresh of an expired token was refused: both tokens are gone.
    if (error instanceof ApiError && error.code === 'SESSION_REFUSED') return undefined;
    throw error;
  }
}

/**
 * Forces a token refresh; concurrent callers share one. A refused refresh token ends the session
 * with 'Refresh token expirado…'; too many attempts store the rate-limit message and throw
 * `RATE_LIMITED` (the session stays).
 */
export function refreshAccessToken(): Promise<string> {
  // The time-out starts once Amplify is loaded: it limits the call to Cognito, not the download.
  sharedRefresh ??= amplify()
    .then(({ fetchAuthSession }) =>
      withTimeout(
        callAmplify(() => fetchAuthSession({ forceRefresh: true })),
        REFRESH_TIMEOUT_MS,
      ),
    )
    .then((session) => session.tokens?.accessToken.toString())
    .finally(() => {
      sharedRefresh = null;
    });
  return sharedRefresh.then(
    (token) => {
      // Amplify answers a refused refresh token (401/403 NotAuthorized) with no tokens, and clears them.
      if (!token) throw sessionExpired(CLIENT_ERROR_MESSAGES.REFRESH_EXPIRED);
      return token;
    },
    (error: unknown) => {
      if (error instanceof ApiError && error.code === 'SESSION_REFUSED') {
        throw sessionExpired(CLIENT_ERROR_MESSAGES.REFRESH_EXPIRED);
      }
      throw error;
    },
  );
}

const isSessionExpired = (error: unknown) => error instanceof ApiError && error.code === 'SESSION_EXPIRED';

/** Amplify, loaded on first use; failing to download it is a network error (tried again next time). */
async function amplify() {
  try {
    return await loadAmplify();
  } catch {
    throw new ApiError({ code: 'NETWORK_ERROR', message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR, status: 0 });
  }
}

/** Amplify's failures, as the API client's errors. */
async function callAmplify<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const name = error instanceof Error ? error.name : '';
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
      // Spec part 1 §8 "Refresh 429": kept for 60 s, shown by the layout; never retried.
      setRateLimitError(CLIENT_ERROR_MESSAGES.REFRESH_RATE_LIMITED);
      throw new ApiError({
        code: 'RATE_LIMITED',
        message: CLIENT_ERROR_MESSAGES.REFRESH_RATE_LIMITED,
        status: 429,
        cause: error,
      });
    }
    if (REFRESH_REFUSED.some((refused) => name.startsWith(refused))) {
      throw new ApiError({
        code: 'SESSION_REFUSED',
        message: CLIENT_ERROR_MESSAGES.REFRESH_EXPIRED,
        status: 401,
        cause: error,
      });
    }
    if (name === 'NetworkError') {
      throw new ApiError({ code: 'NETWORK_ERROR', message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR, status: 0 });
    }
    throw new ApiError({
      code: 'UNKNOWN_ERROR',
      message: CLIENT_ERROR_MESSAGES.UNKNOWN_ERROR,
      status: 0,
      cause: error,
    });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ApiError({ code: 'NETWORK_ERROR', message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR, status: 0 }),
        ),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
