/**
 * POST auth/login: password login on Cognito with the AUTH_002 growing delay, answering the tokens, the
 * profile and the company entries (spec part 1 §7: the client stores them and selects the default).
 */

import { defineAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { LoginBody, type LoginResult } from '@shared/schemas/identity';
import type { IdentityDeps } from '../deps';
import { activeDelay, isExpired, remainingAttempts, retryDeadline } from '../model/lockout';
import {
  accountDisabled,
  emailNotVerified,
  passwordResetRequired,
  tooManyFailures,
  wrongCredentials,
} from '../model/refusals';
import { expiresInSeconds, tokenSubject } from '../model/session-tokens';
import { toUserView } from '../model/user-view';
import { loadUserCompanies } from '../store/accounts';
import { type CognitoTokens, passwordLogin, revokeRefreshToken } from '../store/cognito';
import {
  clearFailedAttempts,
  delayAttempts,
  getFailedAttempts,
  recordFailure,
} from '../store/login-attempts';
import { getProfile } from '../store/profiles';

export async function logIn(
  input: { body: LoginBody; log: Logger },
  deps: IdentityDeps,
): Promise<LoginResult> {
  const { email, password, rememberMe } = input.body;
  const now = deps.now();

  // While the e-mail waits, even the right password is refused, and Cognito is not asked at all.
  const attemptsKey = keys.loginAttempts(email);
  const attempts = await getFailedAttempts(deps, attemptsKey);
  const live = attempts && !isExpired(attempts, now) ? attempts : undefined;
  const wait = activeDelay(live, now);
  if (wait) throw tooManyFailures(wait, now);

  const outcome = await passwordLogin(deps, email, password);
  if (!outcome.ok) {
    switch (outcome.reason) {
      case 'WRONG_CREDENTIALS': {
        const failures = await recordFailure(deps, attemptsKey, now);
        const until = retryDeadline(failures, now);
        if (until) {
          input.log.warn('login delayed after repeated failures', { failures });
          await delayAttempts(deps, attemptsKey, until);
          throw tooManyFailures(until, now);
        }
        throw wrongCredentials(remainingAttempts(failures));
      }
      case 'NOT_CONFIRMED':
        throw emailNotVerified();
      case 'DISABLED':
        throw accountDisabled();
      case 'PASSWORD_RESET_REQUIRED':
        throw passwordResetRequired();
    }
  }

  if (attempts) await clearFailedAttempts(deps, attemptsKey);
  const { tokens } = outcome;
  const userId = tokenSubject(tokens.accessToken);
  const profile = userId ? await getProfile(deps, userId) : undefined;
  if (!profile || profile.isActive === false) {
    // Cognito let the user in but the account is gone or deactivated here: take the session back.
    await revokeQuietly(deps, tokens, input.log);
    throw profile ? accountDisabled() : new AppError('USER_NOT_FOUND');
  }
  if (!tokens.refreshToken) throw new Error('Cognito answered a password login without a refresh token');

  const { memberships, companies } = await loadUserCompanies(deps, profile);
  // "Recordarme" only decides where the browser keeps the tokens; their lifetime is a pool setting.
  input.log.info('login succeeded', { userId: profile.userId, rememberMe });
  const result: LoginResult = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresIn: expiresInSeconds(tokens.expiresIn, tokens.accessToken, now),
    tokenType: 'Bearer',
    user: toUserView(profile, memberships),
    companies,
  };
  if (tokens.idToken) result.idToken = tokens.idToken;
  return result;
}

async function revokeQuietly(deps: IdentityDeps, tokens: CognitoTokens, log: Logger): Promise<void> {
  if (!tokens.refreshToken) return;
  try {
    await revokeRefreshToken(deps, tokens.refreshToken);
  } catch (e) {
    log.warn('could not revoke the refresh token of a refused login', { errorName: (e as Error).name });
  }
}

export const logInRoute = defineAction({
  body: LoginBody,
  run: ({ body, log }, deps: IdentityDeps) => logIn({ body, log }, deps),
});
