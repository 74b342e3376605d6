/**
 * The access token for API calls, following the session rules of spec part 1 §4: a preventive
 * refresh when the token is within 5 minutes of expiry, one refresh shared by every concurrent
 * caller, a 5 second time-out, and a forced logout when no session is left.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { ApiError, CLIENT_ERROR_MESSAGES } from './api-error';

const PREVENTIVE_REFRESH_MS = 5 * 60_000;
const REFRESH_TIMEOUT_MS = 5_000;

let sharedRefresh: Promise<string | undefined> | null = null;
let onSessionExpired: (() => void) | null = null;

/** The auth provider registers how to end the session when the API client finds it gone. */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  onSessionExpired = handler;
}

/** Ends the session (the auth provider signs out) and returns the error to throw to the caller. */
export function sessionExpired(): ApiError {
  onSessionExpired?.();
  return new ApiError({
    code: 'SESSION_EXPIRED',
    message: CLIENT_ERROR_MESSAGES.SESSION_EXPIRED,
    status: 401,
  });
}

/** A valid access token, refreshed first when close to expiry. Throws `SESSION_EXPIRED` when none. */
export async function getAccessToken(): Promise<string> {
  const token = (await callAmplify(() => fetchAuthSession())).tokens?.accessToken;
  if (!token) throw sessionExpired();
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

/** Forces a token refresh; concurrent callers share one. Throws `SESSION_EXPIRED` when refused. */
export function refreshAccessToken(): Promise<string> {
  sharedRefresh ??= withTimeout(
    callAmplify(() => fetchAuthSession({ forceRefresh: true })),
    REFRESH_TIMEOUT_MS,
  )
    .then((session) => session.tokens?.accessToken.toString())
    .finally(() => {
      sharedRefresh = null;
    });
  return sharedRefresh.then((token) => {
    // Amplify answers a refused refresh token with no tokens (and clears them).
    if (!token) throw sessionExpired();
    return token;
  });
}

const isSessionExpired = (error: unknown) => error instanceof ApiError && error.code === 'SESSION_EXPIRED';

/** Amplify's failures, as the API client's errors. */
async function callAmplify<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const name = error instanceof Error ? error.name : '';
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
      throw new ApiError({
        code: 'RATE_LIMITED',
        message: CLIENT_ERROR_MESSAGES.REFRESH_RATE_LIMITED,
        status: 429,
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
