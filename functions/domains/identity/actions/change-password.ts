/**
 * POST auth/change-password (`{ currentPassword, newPassword }`, also in the query): Cognito's
 * ChangePassword, which authenticates with the caller's own access token (the Authorization header).
 * A wrong current password counts towards the same growing delay as login (AUTH_002, per user), and
 * a changed password ends every session begun before it, this one included (issue #12 item 3): the
 * client signs in again with the new password.
 */

import { defineUserAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { ChangePasswordInput, type MessageResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { fromQueryOrBody, LooseFields } from '../input';
import { activeDelay, isExpired, retryDeadline } from '../model/lockout';
import { passwordPolicyRejected, rateLimited, tooManyFailures } from '../model/refusals';
import { changePassword as cognitoChangePassword } from '../store/cognito';
import {
  clearFailedAttempts,
  delayAttempts,
  getFailedAttempts,
  recordFailure,
} from '../store/login-attempts';
import { endSessions } from '../store/sessions';

/** Cognito's own limit on ChangePassword gives no wait; a minute is what its quotas refill in. */
const COGNITO_LIMIT_RETRY_SECONDS = 60;

export async function changePassword(
  input: ChangePasswordInput & {
    authorization: string | undefined;
    userId: string;
    username: string;
    log: Logger;
  },
  deps: IdentityDeps,
): Promise<MessageResult> {
  const accessToken = input.authorization?.replace(/^Bearer\s+/i, '').trim();
  if (!accessToken) throw new AppError('CORE_001');
  const now = deps.now();
  const attemptsKey = keys.passwordChangeAttempts(input.userId);
  const attempts = await getFailedAttempts(deps, attemptsKey);
  const wait = activeDelay(attempts && !isExpired(attempts, now) ? attempts : undefined, now);
  if (wait) throw tooManyFailures(wait, now);

  const outcome = await cognitoChangePassword(deps, accessToken, input.currentPassword, input.newPassword);
  switch (outcome) {
    case 'OK':
      if (attempts) await clearFailedAttempts(deps, attemptsKey);
      await endSessions(deps, { userId: input.userId, username: input.username }, deps.now());
      input.log.info('password changed, sessions ended', { userId: input.userId });
      return { message: 'Tu contraseña se ha cambiado correctamente.' };
    case 'WRONG_PASSWORD': {
      const failures = await recordFailure(deps, attemptsKey, now);
      const until = retryDeadline(failures, now);
      if (until) {
        input.log.warn('password change delayed after repeated failures', { failures });
        await delayAttempts(deps, attemptsKey, until);
        throw tooManyFailures(until, now);
      }
      throw new AppError('CORE_004', 'La contraseña actual no es correcta.', { field: 'currentPassword' });
    }
    case 'INVALID_NEW_PASSWORD':
      throw passwordPolicyRejected('newPassword');
    case 'LIMIT_EXCEEDED':
      throw rateLimited(COGNITO_LIMIT_RETRY_SECONDS);
    case 'INVALID_SESSION':
      throw new AppError('CORE_001');
  }
}

export const changePasswordRoute = defineUserAction({
  query: LooseFields,
  body: LooseFields,
  run: ({ query, body, headers, auth, log }, deps: IdentityDeps) =>
    changePassword(
      {
        ...fromQueryOrBody(ChangePasswordInput, query, body),
        authorization: headers.authorization,
        userId: auth.userId,
        username: auth.username,
        log,
      },
      deps,
    ),
});
