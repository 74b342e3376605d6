import { ApiError } from '@web/lib/api-error';
import { SignInStepError } from '@web/lib/auth';
import { describe, expect, it } from 'vitest';
import { amplifyError } from '../../../testing/amplify';
import { LOGIN_ERROR_MESSAGES, loginErrorMessage } from './login-error-message';

describe('loginErrorMessage', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', LOGIN_ERROR_MESSAGES.wrongCredentials],
    ['UserNotFoundException', 'User does not exist.', LOGIN_ERROR_MESSAGES.wrongCredentials],
    ['InvalidPasswordException', 'Invalid password', LOGIN_ERROR_MESSAGES.wrongCredentials],
    ['NotAuthorizedException', 'Password attempts exceeded', LOGIN_ERROR_MESSAGES.locked],
    ['NetworkError', 'A network error has occurred.', LOGIN_ERROR_MESSAGES.network],
    ['InternalErrorException', 'boom', LOGIN_ERROR_MESSAGES.server],
    ['UserNotConfirmedException', 'User is not confirmed.', LOGIN_ERROR_MESSAGES.notConfirmed],
    ['InvalidParameterException', 'USER_PASSWORD_AUTH flow not enabled', LOGIN_ERROR_MESSAGES.other],
    ['TooManyRequestsException', 'Too many requests', LOGIN_ERROR_MESSAGES.throttled],
    ['LimitExceededException', 'Attempt limit exceeded', LOGIN_ERROR_MESSAGES.throttled],
  ])('%s (%s)', (name, message, expected) => {
    expect(loginErrorMessage(amplifyError(name, message))).toBe(expected);
  });

  it('uses the exact texts of spec part 1 §8', () => {
    expect(LOGIN_ERROR_MESSAGES.wrongCredentials).toBe(
      'Email o contraseña incorrectos. Verifica tus datos e inténtalo de nuevo.',
    );
    expect(LOGIN_ERROR_MESSAGES.network).toBe('Error de conexión. Verifica tu conexión a internet.');
    expect(LOGIN_ERROR_MESSAGES.server).toBe('Error del servidor. Inténtalo de nuevo más tarde.');
    expect(LOGIN_ERROR_MESSAGES.other).toBe('Credenciales inválidas. Verifica tu email y contraseña.');
  });

  it('treats any 5xx answer as a server error', () => {
    expect(loginErrorMessage(amplifyError('UnknownError', 'Bad gateway', 502))).toBe(
      LOGIN_ERROR_MESSAGES.server,
    );
  });

  it('shows a Spanish refusal of our own Cognito trigger as the server wrote it', () => {
    const error = amplifyError(
      'UserLambdaValidationException',
      'PreAuthentication failed with error Demasiados intentos fallidos. Inténtalo de nuevo en 30 segundos..',
    );
    expect(loginErrorMessage(error)).toBe('Demasiados intentos fallidos. Inténtalo de nuevo en 30 segundos.');
  });

  it("names the wait of the API's 423 AUTH_002 and 429 RATE_LIMITED", () => {
    const delayed = new ApiError({
      code: 'AUTH_002',
      status: 423,
      message: 'Demasiados intentos fallidos. Inténtalo de nuevo en 1 minuto.',
      details: { retryAfterSeconds: 60 },
      retryAfterSeconds: 60,
    });
    expect(loginErrorMessage(delayed)).toBe('Demasiados intentos fallidos. Inténtalo de nuevo en 1 minuto.');
    const throttled = new ApiError({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'Demasiadas peticiones. Inténtalo de nuevo en unos segundos.',
      retryAfterSeconds: 20,
    });
    expect(loginErrorMessage(throttled)).toBe('Demasiados intentos. Vuelve a intentarlo en 20 segundos.');
  });

  it('explains sign-in steps the SPA does not offer yet', () => {
    expect(loginErrorMessage(new SignInStepError('CONFIRM_SIGN_UP'))).toBe(LOGIN_ERROR_MESSAGES.notConfirmed);
    expect(loginErrorMessage(new SignInStepError('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'))).toBe(
      LOGIN_ERROR_MESSAGES.extraStep,
    );
    expect(loginErrorMessage('???')).toBe(LOGIN_ERROR_MESSAGES.other);
  });
});
