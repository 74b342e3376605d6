import { errorCatalogue } from '@shared/api/errors';
import { errorMessage, isApiError } from '@web/lib/api-error';
import { SignInStepError } from '@web/lib/auth';

/** Spec part 1 §8, login rows, word for word. */
export const LOGIN_ERROR_MESSAGES = {
  wrongCredentials: errorCatalogue.AUTH_001.message,
  network: 'Error de conexión. Verifica tu conexión a internet.',
  server: 'Error del servidor. Inténtalo de nuevo más tarde.',
  other: 'Credenciales inválidas. Verifica tu email y contraseña.',
  locked: errorCatalogue.AUTH_002.message,
  throttled: errorCatalogue.RATE_LIMITED.message,
  notConfirmed: 'Tu cuenta aún no está verificada. Revisa tu correo electrónico para activarla.',
  passwordReset: 'Debes restablecer tu contraseña antes de iniciar sesión. Contacta con soporte.',
  extraStep: 'Tu cuenta necesita un paso adicional para iniciar sesión. Contacta con soporte.',
} as const;

/** Cognito's wording when its own lockout kicks in after repeated wrong passwords. */
const LOCKOUT = /attempts exceeded/i;
/** A Cognito Lambda trigger's refusal: `PreAuthentication failed with error <our message>.` */
const TRIGGER_MESSAGE = /failed with error (.+?)\.?$/s;

/** The Spanish message for whatever `signIn` threw (Amplify `AuthError`s carry Cognito's names). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof SignInStepError) {
    if (error.step === 'CONFIRM_SIGN_UP') return LOGIN_ERROR_MESSAGES.notConfirmed;
    if (error.step === 'RESET_PASSWORD') return LOGIN_ERROR_MESSAGES.passwordReset;
    return LOGIN_ERROR_MESSAGES.extraStep;
  }
  // The API's own refusals (POST auth/login: AUTH_002's growing delay, a 429) name the wait.
  if (isApiError(error)) return errorMessage(error);
  if (!(error instanceof Error)) return LOGIN_ERROR_MESSAGES.other;
  const status = (error as { metadata?: { httpStatusCode?: number } }).metadata?.httpStatusCode;

  switch (error.name) {
    case 'NotAuthorizedException':
      return LOCKOUT.test(error.message)
        ? LOGIN_ERROR_MESSAGES.locked
        : LOGIN_ERROR_MESSAGES.wrongCredentials;
    case 'UserNotFoundException':
    // cognito-local answers a wrong password with this instead of NotAuthorizedException.
    case 'InvalidPasswordException':
      return LOGIN_ERROR_MESSAGES.wrongCredentials;
    case 'UserNotConfirmedException':
      return LOGIN_ERROR_MESSAGES.notConfirmed;
    case 'PasswordResetRequiredException':
      return LOGIN_ERROR_MESSAGES.passwordReset;
    case 'UserLambdaValidationException':
      // Our own trigger speaks Spanish already (account locked, for instance): show its words.
      return TRIGGER_MESSAGE.exec(error.message)?.[1]?.trim() || LOGIN_ERROR_MESSAGES.other;
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      // Cognito's throttling: it sends no Retry-After that Amplify would pass on.
      return LOGIN_ERROR_MESSAGES.throttled;
    case 'NetworkError':
      return LOGIN_ERROR_MESSAGES.network;
    case 'InternalErrorException':
      return LOGIN_ERROR_MESSAGES.server;
  }
  if (status !== undefined && status >= 500) return LOGIN_ERROR_MESSAGES.server;
  return LOGIN_ERROR_MESSAGES.other;
}
