import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from './runtime-config';
import { applyTokenStorage } from './session';

/** Points Amplify at the user pool of `/config.json` (locally: the Cognito shim). */
export function configureAmplify({ userPoolId, userPoolClientId, userPoolEndpoint }: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: { userPoolId, userPoolClientId, ...(userPoolEndpoint ? { userPoolEndpoint } : {}) },
    },
  });
  // After configure, which resets the token storage to localStorage.
  applyTokenStorage();
}
