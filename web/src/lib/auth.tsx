/**
 * Who is signed in, for the whole SPA. Cognito (through Amplify) owns the tokens; this provider
 * turns them into `{ status, user }`, signs in and out, and ends the session when it is gone
 * (spec part 1 §4: forced logout, sign-out in another tab, the periodic check).
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  fetchAuthSession,
  getCurrentUser,
  type SignInOutput,
} from 'aws-amplify/auth';
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
import { setSessionExpiredHandler } from './access-token';
import { clearSessionData, setRememberMe } from './session';

/** Spec part 1 §4: the session check runs every 30 seconds. */
const SESSION_CHECK_MS = 30_000;
/** Amplify's keys in web storage; a change by another tab means a sign-in or sign-out there. */
const AMPLIFY_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

export interface AuthUser {
  userId: string;
  email: string;
  /** Cognito groups: ADMIN, GESTOR, CLIENTE. */
  groups: string[];
}

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: AuthUser }
  /** `expired`: the session ended without the user asking (the login page says so). */
  | { status: 'unauthenticated'; user: null; reason: 'signedOut' | 'expired' | null };

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface AuthContextValue {
  state: AuthState;
  signIn: (input: SignInInput) => Promise<void>;
  signOut: () => Promise<void>;
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
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });

  const endSession = useCallback(async (reason: 'signedOut' | 'expired') => {
    try {
      await amplifySignOut();
    } catch {
      // Amplify clears the local tokens even when revoking them on the server fails.
    }
    setState({ status: 'unauthenticated', user: null, reason });
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
      if (previous.status === 'authenticated') return signedOut('expired');
      return previous.status === 'loading' ? signedOut(null) : previous;
    });
  }, []);

  // Whatever ended the session, nothing of the previous user survives it.
  const wasAuthenticated = useRef(false);
  useEffect(() => {
    if (state.status === 'authenticated') {
      wasAuthenticated.current = true;
    } else if (state.status === 'unauthenticated' && wasAuthenticated.current) {
      wasAuthenticated.current = false;
      clearSessionData();
      queryClient.clear();
    }
  }, [state.status, queryClient]);

  useEffect(() => {
    void refreshState();
    const interval = setInterval(() => void refreshState(), SESSION_CHECK_MS);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith(AMPLIFY_STORAGE_PREFIX)) void refreshState();
    };
    window.addEventListener('storage', onStorage);
    setSessionExpiredHandler(() => void endSession('expired'));
    return () => {
      clearInterval(interval);
      window.removeEventListener('storage', onStorage);
      setSessionExpiredHandler(null);
    };
  }, [refreshState, endSession]);

  const signIn = useCallback(async ({ email, password, remember }: SignInInput) => {
    setRememberMe(remember);
    const input = {
      username: email.trim(),
      password,
      // The local Cognito emulator does not support SRP, Amplify's default.
      options: { authFlowType: 'USER_PASSWORD_AUTH' as const },
    };
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

  const value = useMemo(() => ({ state, signIn, signOut }), [state, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

const signedOut = (reason: 'signedOut' | 'expired' | null): AuthState => ({
  status: 'unauthenticated',
  user: null,
  reason,
});

const sameUser = (a: AuthUser, b: AuthUser) =>
  a.userId === b.userId && a.email === b.email && a.groups.join() === b.groups.join();

/**
 * The signed-in user from the stored tokens (Amplify refreshes them when expired), or null when
 * there is no session. Throws when it cannot tell (the refresh failed for lack of network).
 */
async function loadCurrentUser(): Promise<AuthUser | null> {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const access = tokens.accessToken.payload;
  const id = tokens.idToken?.payload;
  const { userId, username, signInDetails } = await getCurrentUser();
  const groups = access['cognito:groups'];
  return {
    userId,
    email: asString(id?.email) ?? signInDetails?.loginId ?? username,
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

const asString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
