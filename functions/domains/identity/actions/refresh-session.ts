/** POST auth/refresh: new access token from a refresh token (REFRESH_TOKEN_AUTH). */

import { defineAction } from '@functions/platform/http';
import { RefreshBody, type SessionTokens } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { refreshExpired } from '../model/refusals';
import { expiresInSeconds } from '../model/session-tokens';
import { refreshWithToken } from '../store/cognito';

export async function refreshSession(
  input: { body: RefreshBody },
  deps: IdentityDeps,
): Promise<SessionTokens> {
  const tokens = await refreshWithToken(deps, input.body.refreshToken);
  // Spec part 1 §8: a refused refresh clears the session on the client with this exact text.
  if (!tokens) throw refreshExpired();
  const result: SessionTokens = {
    accessToken: tokens.accessToken,
    // Cognito does not rotate refresh tokens here: the client keeps the one it has.
    refreshToken: tokens.refreshToken ?? input.body.refreshToken,
    expiresIn: expiresInSeconds(tokens.expiresIn, tokens.accessToken, deps.now()),
    tokenType: 'Bearer',
  };
  if (tokens.idToken) result.idToken = tokens.idToken;
  return result;
}

export const refreshSessionRoute = defineAction({
  body: RefreshBody,
  run: ({ body }, deps: IdentityDeps) => refreshSession({ body }, deps),
});
