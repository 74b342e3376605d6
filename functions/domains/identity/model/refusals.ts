/** The identity domain's refusals, with the exact Spanish texts the client shows (spec part 1 §8). */

import { AppError } from '@shared/api/errors';
import { secondsUntil } from './lockout';

export const LINK_INVALID_MESSAGE = 'El enlace no es válido o ha caducado.';

/** An unknown, used, expired or wrong-kind link token: all look the same. */
export const invalidLink = (): AppError => new AppError('CORE_004', LINK_INVALID_MESSAGE, { field: 'token' });

export const isInvalidLink = (e: unknown): boolean =>
  e instanceof AppError && e.code === 'CORE_004' && e.field === 'token';

export const emailTaken = (): AppError =>
  new AppError('CORE_004', 'Ya existe una cuenta con este email.', { field: 'email' });

/** Words for a wait: "30 segundos", "1 minuto", "15 minutos". */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

/** AUTH_002 of the growing delay (model/lockout.ts), with `Retry-After`. */
export function tooManyFailures(until: Date, now: Date): AppError {
  const retryAfterSeconds = secondsUntil(until, now);
  return new AppError(
    'AUTH_002',
    `Demasiados intentos fallidos. Inténtalo de nuevo en ${waitInWords(retryAfterSeconds)}.`,
    { details: { retryAfterSeconds, retryAt: until.toISOString() } },
  );
}

/** 429 of a per-account limit (model/rate-limits.ts), with `Retry-After`. */
export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Demasiadas solicitudes. Inténtalo de nuevo en ${waitInWords(retryAfterSeconds)}.`,
    { details: { retryAfterSeconds } },
  );
}

export const wrongCredentials = (remainingAttempts: number): AppError =>
  new AppError('AUTH_001', undefined, { details: { remainingAttempts } });

export const emailNotVerified = (): AppError =>
  new AppError('CORE_002', 'Debes verificar tu email antes de iniciar sesión.', {
    details: { reason: 'EMAIL_NOT_VERIFIED' },
  });

export const accountDisabled = (): AppError =>
  new AppError('CORE_002', 'Tu cuenta está desactivada. Contacta con soporte.', {
    details: { reason: 'ACCOUNT_DISABLED' },
  });

export const passwordResetRequired = (): AppError =>
  new AppError('CORE_002', 'Debes restablecer tu contraseña antes de iniciar sesión.', {
    details: { reason: 'PASSWORD_RESET_REQUIRED' },
  });

export const refreshExpired = (): AppError =>
  new AppError('CORE_001', 'Refresh token expirado. Por favor, inicia sesión nuevamente.');

export const passwordPolicyRejected = (field: string): AppError =>
  new AppError('CORE_004', 'La contraseña no cumple la política de seguridad.', { field });
