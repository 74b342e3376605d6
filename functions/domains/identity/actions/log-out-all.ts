/**
 * POST auth/logout-all: ends every session of the caller on every device (issue #12 item 3): the
 * "valid after" instant refuses every access token already issued, this one included, and Cognito's
 * global sign-out revokes every refresh token.
 */

import { defineUserAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import type { MessageResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { endSessions } from '../store/sessions';

export async function logOutAll(
  input: { userId: string; username: string; log: Logger },
  deps: IdentityDeps,
): Promise<MessageResult> {
  await endSessions(deps, { userId: input.userId, username: input.username }, deps.now());
  input.log.info('every session ended', { userId: input.userId });
  return { message: 'Has cerrado sesión en todos tus dispositivos.' };
}

export const logOutAllRoute = defineUserAction({
  run: ({ auth, log }, deps: IdentityDeps) =>
    logOutAll({ userId: auth.userId, username: auth.username, log }, deps),
});
