/** POST auth/logout: revokes the refresh token. Idempotent: always 200, whatever the token's state. */

import { defineAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { LogoutBody, type MessageResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { revokeRefreshToken } from '../store/cognito';

export async function logOut(
  input: { body: LogoutBody; log: Logger },
  deps: IdentityDeps,
): Promise<MessageResult> {
  const refreshToken = input.body?.refreshToken;
  if (refreshToken) {
    try {
      await revokeRefreshToken(deps, refreshToken);
    } catch (e) {
      // Already revoked, expired or unknown: the session is over either way, and the client
      // discards its tokens regardless, so a failed revocation must not block the logout.
      input.log.warn('refresh token not revoked', { errorName: (e as Error).name });
    }
  }
  return { message: 'Has cerrado sesión correctamente.' };
}

export const logOutRoute = defineAction({
  body: LogoutBody,
  run: ({ body, log }, deps: IdentityDeps) => logOut({ body, log }, deps),
});
