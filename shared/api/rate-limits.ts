/**
 * Per-client-IP limits of the authentication and password routes (issue #12 item 6), as data: the
 * CDK stack turns them into a WAF rate-based rule and per-method stage throttling, the local gateway
 * enforces the same numbers, and both answer API Gateway's THROTTLED response (429 RATE_LIMITED)
 * with `Retry-After`. Per-account limits (a growing delay after failed passwords, a cap on mails per
 * e-mail address) live in the identity domain, where the account is known.
 */

import type { RouteId } from './routes';

/** The routes a password guesser or a mail flooder would hammer. */
export const AUTH_THROTTLED_ROUTES = [
  'auth.login',
  'auth.register',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.resetPasswordValidate',
  'auth.changePassword',
  'auth.verifyEmailResend',
  'auth.verifyEmailResendByEmail',
  'auth.activate',
] as const satisfies readonly RouteId[];

export const AUTH_RATE_LIMIT = {
  /**
   * Requests to those routes per client IP per window. A gestoría's office behind one address logs
   * in a few dozen people in a morning; a guesser needs thousands. WAF evaluates 60, 120, 300 or
   * 600 s windows and accepts limits from 10.
   */
  limit: 100,
  windowSeconds: 300,
  /** Stage throttling of each of those methods, all clients together (requests per second). */
  methodRatePerSecond: 25,
  methodBurst: 50,
} as const;
