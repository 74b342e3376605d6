/**
 * Who is signed in, for the whole SPA. Cognito (through Amplify) owns the tokens; this provider
 * turns them into `{ status, user }`, signs in and out, and ends the session when it is gone
 * (spec part 1 §4: forced logout, token removed in another tab, the periodic check).
 */
import type { Role } from '@shared/api/routes';
import type { SignInOutput } from 'aws-amplify/auth';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { accessTokenExpiresAt, refreshAccessToken, setSessionExpiredHandler } from './access-token';
import { loadAmplify, mayHaveSession } from './amplify';
import { CLIENT_ERROR_MESSAGES, isApiError } from './api-error';
import { clearRateLimitError, useRateLimitError } from './rate-limit';
import { primaryRole } from './roles';
import { clearSessionData, setRememberMe } from './session';
import { getSessionQueryClient } from './session-query-client';

/** Spec part 1 §4: the session check runs every 30 seconds... */
export const SESSION_CHECK_MS = 30_000;
/** ...and refreshes the token when it is within 10 minutes of expiry, then reloads the profile. */
export const PERIODIC_REFRESH_MS = 10 * 60_000;
/** Amplify's keys in web storage; a change by another tab means a sign-in or sign-out there. */
const AMPLIFY_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

export interface AuthUser {
  userId: string;
  email: string;
  /** Cognito groups: ADMIN, GESTOR, CLIENTE. */
  groups: string[];
  /** The one role the interface uses (ADMIN above GESTOR above CLIENTE). */
  role: Role;
}

export type SignedOutReason = 'signedOut' | 'expired' | null;

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: AuthUser }
  /**
   * `expired`: the session ended without the user asking; `message` says why (the login page
   * shows 'Sesión expirada…'). `signedOut`: 'Cerrar sesión'.
   */
  | { status: 'unauthenticated'; user: null; reason: SignedOutReason; message?: string };

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface AuthContextValue {
  state: AuthState;
  signIn: (input: SignInInput) => Promise<void>;
  signOut: () => Promise<void>;
  /** 'Demasiados intentos de refresh token…' for 60 s after a rate-limited refresh, else null. */
  rateLimitError: string | null;
}

/** Sign-in needs a step this SPA does not offer yet (new password, MFA, confirming the account). */
export class SignInStepError extends Error {
  readonly step: SignInOutput['nextStep']['signInStep'];

  constructor(step: SignInOutput['nextStep']['signInStep']) {
    super(`Sign-in needs the step ${step}`);
    this.name = 'SignInStepError';
    this.step = step;
  }
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });
  const rateLimitError = useRateLimitError();
  const stateRef = useRef(state);
  stateRef.current = state;

  const endSession = useCallback(async (reason: 'signedOut' | 'expired', message?: string) => {
    try {
      const { signOut: amplifySignOut } = await loadAmplify();
      await amplifySignOut();
    } catch {
      // Amplify clears the local tokens even when revoking them on the server fails.
    }
    setState(signedOut(reason, message));
    // The login page says 'Sesión expirada…'; any other reason (refresh token refused, signed out in
    // another tab) is also said once in a toast. Loaded on demand: not part of the login's JavaScript.
    if (message && message !== CLIENT_ERROR_MESSAGES.SESSION_EXPIRED) {
      void import('./toast').then(({ toastAuthOnce }) => toastAuthOnce(message));
    }
  }, []);

  const refreshState = useCallback(async () => {
    let user: AuthUser | null;
    try {
      user = await loadCurrentUser();
    } catch {
      // Offline or Cognito unreachable: keep what we know, decide on the next check.
      setState((previous) => (previous.status === 'loading' ? signedOut(null) : previous));
      return;
    }
    setState((previous) => {
      if (user)
        return previous.user && sameUser(previous.user, user) ? previous : { status: 'authenticated', user };
      // Both tokens expired (Amplify could not refresh): the login says so and brings the user back.
      if (previous.status === 'authenticated')
        return signedOut('expired', CLIENT_ERROR_MESSAGES.SESSION_EXPIRED);
      return previous.status === 'loading' ? signedOut(null) : previous;
    });
  }, []);

  /**
   * Spec part 1 §4, periodic check: no token left ends the session; a token within 10 minutes of
   * expiry is refreshed and the profile reloaded; a failure there ends the session, except a
   * network failure or a rate-limited refresh, which the next check tries again.
   */
  const periodicCheck = useCallback(async () => {
    if (stateRef.current.status !== 'authenticated') return refreshState();
    let expiresAt: number | null;
    try {
      expiresAt = await accessTokenExpiresAt();
    } catch {
      return; // Cognito unreachable: next time.
    }
    if (expiresAt === null) {
      if (stateRef.current.status === 'authenticated') {
        await endSession('expired', CLIENT_ERROR_MESSAGES.SESSION_EXPIRED);
      }
      return;
    }
    if (expiresAt - Date.now() > PERIODIC_REFRESH_MS) return refreshState();
    try {
      await refreshAccessToken();
      // Loaded on demand: the profile call is not part of the login page's JavaScript.
      const { getProfile, profileQueryOptions } = await import('./profile');
      const queryClient = getSessionQueryClient();
      if (queryClient) await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
      else await getProfile();
      await refreshState();
    } catch (error) {
      if (isApiError(error) && (error.code === 'NETWORK_ERROR' || error.code === 'RATE_LIMITED')) return;
      // A SESSION_EXPIRED error has already ended the session through the handler.
      if (isApiError(error) && error.code === 'SESSION_EXPIRED') return;
      if (stateRef.current.status === 'authenticated') {
        await endSession('expired', CLIENT_ERROR_MESSAGES.SESSION_EXPIRED);
      }
    }
  }, [endSession, refreshState]);

  // Whatever ended the session, nothing of the previous user survives it.
  const wasAuthenticated = useRef(false);
  useEffect(() => {
    if (state.status === 'authenticated') {
      wasAuthenticated.current = true;
    } else if (state.status === 'unauthenticated' && wasAuthenticated.current) {
      wasAuthenticated.current = false;
      clearSessionData();
      clearRateLimitError();
      getSessionQueryClient()?.clear();
    }
  }, [state.status]);

  useEffect(() => {
    void refreshState();
    const interval = setInterval(() => void periodicCheck(), SESSION_CHECK_MS);
    // Storage events only reach the other tabs: this is another tab signing in or out.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null) return void refreshState();
      if (!event.key.startsWith(AMPLIFY_STORAGE_PREFIX)) return;
      if (
        event.key.endsWith('.accessToken') &&
        event.newValue === null &&
        stateRef.current.status === 'authenticated'
      ) {
        // Spec part 1 §4: the token removed in another tab ends the session here too.
        return void endSession('expired', CLIENT_ERROR_MESSAGES.SIGNED_OUT_ELSEWHERE);
      }
      void refreshState();
    };
    window.addEventListener('storage', onStorage);
    setSessionExpiredHandler((message) => {
      if (stateRef.current.status !== 'unauthenticated') void endSession('expired', message);
    });
    return () => {
      clearInterval(interval);
      window.removeEventListener('storage', onStorage);
      setSessionExpiredHandler(null);
    };
  }, [refreshState, periodicCheck, endSession]);

  const signIn = useCallback(async ({ email, password, remember }: SignInInput) => {
    setRememberMe(remember);
    const input = {
      username: email.trim(),
      password,
      // The local Cognito emulator does not support SRP, Amplify's default.
      options: { authFlowType: 'USER_PASSWORD_AUTH' as const },
    };
    const { signIn: amplifySignIn, signOut: amplifySignOut } = await loadAmplify();
    let result: SignInOutput;
    try {
      result = await amplifySignIn(input);
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
      // Tokens of an earlier session were still stored: replace them with this user's.
      await amplifySignOut();
      result = await amplifySignIn(input);
    }
    if (!result.isSignedIn) throw new SignInStepError(result.nextStep.signInStep);
    const user = await loadCurrentUser();
    if (!user) throw new Error('Signed in but no session was stored');
    setState({ status: 'authenticated', user });
  }, []);

  const signOut = useCallback(() => endSession('signedOut'), [endSession]);

  const value = useMemo(
    () => ({ state, signIn, signOut, rateLimitError }),
    [state, signIn, signOut, rateLimitError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user, or null (signed out, or rendered outside the session provider). */
export function useOptionalAuthUser(): AuthUser | null {
  const value = useContext(AuthContext);
  return value?.state.status === 'authenticated' ? value.state.user : null;
}

/** The signed-in user; only for screens behind `RequireAuth`. */
export function useAuthUser(): AuthUser {
  const { state } = useAuth();
  if (state.status !== 'authenticated') throw new Error('useAuthUser used outside an authenticated route');
  return state.user;
}

const signedOut = (reason: SignedOutReason, message?: string): AuthState => ({
  status: 'unauthenticated',
  user: null,
  reason,
  ...(message ? { message } : {}),
});

const sameUser = (a: AuthUser, b: AuthUser) =>
  a.userId === b.userId && a.email === b.email && a.groups.join() === b.groups.join();

/**
 * The signed-in user from the stored tokens (Amplify refreshes them when expired), or null when
 * there is no session (no tokens in web storage: Amplify is not loaded). Throws when it cannot tell
 * (the refresh failed for lack of network).
 */
async function loadCurrentUser(): Promise<AuthUser | null> {
  if (!mayHaveSession()) return null;
  const { fetchAuthSession, getCurrentUser } = await loadAmplify();
  const { tokens } = await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const access = tokens.accessToken.payload;
  const id = tokens.idToken?.payload;
  const { userId, username, signInDetails } = await getCurrentUser();
  const rawGroups = access['cognito:groups'];
  const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [];
  return {
    userId,
    email: asString(id?.email) ?? signInDetails?.loginId ?? username,
    groups,
    role: primaryRole(groups),
  };
}

const asString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
