/**
 * Builders for what the mocked `aws-amplify/auth` returns, shaped like Amplify's own values.
 * Test files mock the module themselves (`vi.mock('aws-amplify/auth')`) and use these.
 */
import type { AuthSession } from 'aws-amplify/auth';

export function sessionWithTokens({
  accessToken = 'access-token',
  email = 'ana@gestoria.es',
  groups = ['GESTOR'],
  expiresInSeconds = 3600,
}: {
  accessToken?: string;
  email?: string;
  groups?: string[];
  expiresInSeconds?: number;
} = {}): AuthSession {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return {
    tokens: {
      accessToken: { payload: { exp, 'cognito:groups': groups }, toString: () => accessToken },
      idToken: { payload: { exp, email }, toString: () => 'id-token' },
    },
  };
}

export const noSession = (): AuthSession => ({});

/** An error as Amplify throws it: the Cognito exception name, its message, the HTTP status. */
export function amplifyError(name: string, message = name, httpStatusCode?: number): Error {
  return Object.assign(new Error(message), {
    name,
    ...(httpStatusCode ? { metadata: { httpStatusCode } } : {}),
  });
}
