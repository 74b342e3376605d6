/**
 * Everything of Amplify the SPA uses, in one lazy chunk (about 44 kB gzip): the login page and
 * every anonymous visit render without it. Loaded and configured through `loadAmplify` (./amplify).
 */
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { defaultStorage, sessionStorage } from 'aws-amplify/utils';
import type { RuntimeConfig } from './runtime-config';
import { isRememberMe } from './session';

export { fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';

/** Points Amplify at the user pool (none given: left as it is) and picks the token storage. */
export function configure(config: RuntimeConfig | null): void {
  if (config) {
    const { userPoolId, userPoolClientId, userPoolEndpoint } = config;
    Amplify.configure({
      Auth: {
        Cognito: { userPoolId, userPoolClientId, ...(userPoolEndpoint ? { userPoolEndpoint } : {}) },
      },
    });
  }
  // After configure, which resets the token storage to localStorage.
  applyTokenStorage(isRememberMe());
}

/**
 * Keeps the Cognito tokens in localStorage (remembered across browser restarts) or in
 * sessionStorage (gone when the tab is closed).
 */
export function applyTokenStorage(remember: boolean): void {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(remember ? defaultStorage : sessionStorage);
}
