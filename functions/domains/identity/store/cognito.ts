/**
 * Cognito access of the identity domain. Cognito's errors become small outcomes here, so actions
 * decide on meaning, not on exception names. Users are addressed by e-mail, which works whether the
 * pool uses the e-mail as its username attribute or as the username itself, in AWS and in
 * cognito-local (reference/local-runtime.md §3).
 */

import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { errorMessage, errorName } from '@functions/platform/aws/errors';
import type { Role } from '@shared/api/routes';
import type { StoreDeps } from './deps';

type Deps = Pick<StoreDeps, 'cognito' | 'userPoolId' | 'clientId'>;

export interface CognitoTokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  expiresIn?: number;
}

export type PasswordLoginOutcome =
  | { ok: true; tokens: CognitoTokens }
  | { ok: false; reason: 'WRONG_CREDENTIALS' | 'NOT_CONFIRMED' | 'DISABLED' | 'PASSWORD_RESET_REQUIRED' };

/**
 * USER_PASSWORD_AUTH. Wrong credentials come as NotAuthorizedException (AWS), UserNotFoundException
 * (pools without "prevent user existence errors") or InvalidPasswordException (cognito-local): all
 * three mean the same and must look the same to the caller, so e-mails cannot be enumerated.
 */
export async function passwordLogin(
  deps: Deps,
  email: string,
  password: string,
): Promise<PasswordLoginOutcome> {
  try {
    const res = await deps.cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: deps.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const auth = res.AuthenticationResult;
    if (!auth?.AccessToken) {
      // A challenge (NEW_PASSWORD_REQUIRED for admin-created users): this API has no challenge step.
      return { ok: false, reason: 'PASSWORD_RESET_REQUIRED' };
    }
    return { ok: true, tokens: tokensOf(auth) };
  } catch (e) {
    switch (errorName(e)) {
      case 'NotAuthorizedException':
        return { ok: false, reason: /disabled/i.test(errorMessage(e)) ? 'DISABLED' : 'WRONG_CREDENTIALS' };
      case 'UserNotFoundException':
      case 'InvalidPasswordException':
        return { ok: false, reason: 'WRONG_CREDENTIALS' };
      case 'UserNotConfirmedException':
        return { ok: false, reason: 'NOT_CONFIRMED' };
      case 'PasswordResetRequiredException':
        return { ok: false, reason: 'PASSWORD_RESET_REQUIRED' };
      default:
        throw e;
    }
  }
}

/** REFRESH_TOKEN_AUTH; undefined when the refresh token is invalid, expired or revoked. */
export async function refreshWithToken(deps: Deps, refreshToken: string): Promise<CognitoTokens | undefined> {
  try {
    const res = await deps.cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: deps.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    const auth = res.AuthenticationResult;
    return auth?.AccessToken ? tokensOf(auth) : undefined;
  } catch (e) {
    if (
      ['NotAuthorizedException', 'UserNotFoundException', 'InvalidParameterException'].includes(errorName(e))
    ) {
      return undefined;
    }
    throw e;
  }
}

/** Revokes a refresh token (and the access tokens issued from it, in AWS). */
export async function revokeRefreshToken(deps: Deps, refreshToken: string): Promise<void> {
  await deps.cognito.send(new RevokeTokenCommand({ ClientId: deps.clientId, Token: refreshToken }));
}

/**
 * AdminUserGlobalSignOut: revokes every refresh token of the user (locally emulated by the Cognito
 * shim, infra/local/gateway/cognito-shim.ts). A user already gone has no session left.
 */
export async function signOutEverywhere(deps: Deps, username: string): Promise<void> {
  try {
    await deps.cognito.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: deps.userPoolId, Username: username }),
    );
  } catch (e) {
    if (errorName(e) !== 'UserNotFoundException') throw e;
  }
}

/** Disables or enables the Cognito user: a disabled user cannot sign in or refresh. */
export async function setUserEnabled(deps: Deps, username: string, enabled: boolean): Promise<void> {
  const input = { UserPoolId: deps.userPoolId, Username: username };
  await deps.cognito.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
}

export type SignUpOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: 'USER_EXISTS' | 'INVALID_PASSWORD' };

/**
 * SignUp leaves the user UNCONFIRMED, so it cannot log in until our verification link confirms it
 * (AdminConfirmSignUp). AdminCreateUser + AdminSetUserPassword(permanent) would confirm it at once.
 * The `sub` Cognito answers is the user's id everywhere (the authorizer's `sub` claim).
 */
export async function signUp(
  deps: Deps,
  user: { email: string; password: string; firstName: string; lastName: string },
): Promise<SignUpOutcome> {
  try {
    const res = await deps.cognito.send(
      new SignUpCommand({
        ClientId: deps.clientId,
        Username: user.email,
        Password: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'given_name', Value: user.firstName },
          { Name: 'family_name', Value: user.lastName },
        ],
      }),
    );
    if (!res.UserSub) throw new Error('SignUp answered without UserSub');
    return { ok: true, userId: res.UserSub };
  } catch (e) {
    if (errorName(e) === 'UsernameExistsException') return { ok: false, reason: 'USER_EXISTS' };
    if (errorName(e) === 'InvalidPasswordException') return { ok: false, reason: 'INVALID_PASSWORD' };
    throw e;
  }
}

export async function addToGroup(deps: Deps, email: string, group: Role): Promise<void> {
  await deps.cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: deps.userPoolId, Username: email, GroupName: group }),
  );
}

/** Deletes a user (registration compensation); a user already gone is fine. */
export async function deleteUser(deps: Deps, email: string): Promise<void> {
  try {
    await deps.cognito.send(new AdminDeleteUserCommand({ UserPoolId: deps.userPoolId, Username: email }));
  } catch (e) {
    if (errorName(e) !== 'UserNotFoundException') throw e;
  }
}

/**
 * Confirms a signed-up user. Confirming an already confirmed user fails with NotAuthorizedException
 * ("User cannot be confirmed. Current status is CONFIRMED") in AWS and cognito-local: that is success.
 */
export async function confirmUser(deps: Deps, email: string): Promise<'CONFIRMED' | 'ALREADY_CONFIRMED'> {
  try {
    await deps.cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: deps.userPoolId, Username: email }));
    return 'CONFIRMED';
  } catch (e) {
    if (errorName(e) === 'NotAuthorizedException' && /status/i.test(errorMessage(e)))
      return 'ALREADY_CONFIRMED';
    throw e;
  }
}

/**
 * Marks the e-mail attribute verified (AWS leaves it false after AdminConfirmSignUp without
 * auto-verify). The unchanged e-mail goes along: cognito-local refuses `email_verified` alone, and
 * AWS sends no code when an admin sets both at once.
 */
export async function markEmailAttributeVerified(deps: Deps, email: string): Promise<void> {
  await deps.cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: deps.userPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

export type SetPasswordOutcome = 'OK' | 'INVALID_PASSWORD' | 'USER_NOT_FOUND';

export async function setPermanentPassword(
  deps: Deps,
  email: string,
  password: string,
): Promise<SetPasswordOutcome> {
  try {
    await deps.cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: deps.userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    return 'OK';
  } catch (e) {
    if (errorName(e) === 'InvalidPasswordException') return 'INVALID_PASSWORD';
    if (errorName(e) === 'UserNotFoundException') return 'USER_NOT_FOUND';
    throw e;
  }
}

export type ChangePasswordOutcome =
  | 'OK'
  | 'WRONG_PASSWORD'
  | 'INVALID_NEW_PASSWORD'
  | 'INVALID_SESSION'
  | 'LIMIT_EXCEEDED';

/**
 * ChangePassword with the caller's access token. A wrong current password is NotAuthorizedException
 * in AWS and InvalidPasswordException ("Invalid password") in cognito-local; AWS uses
 * InvalidPasswordException for a new password that breaks the pool policy ("...conform to policy...").
 */
export async function changePassword(
  deps: Deps,
  accessToken: string,
  currentPassword: string,
  newPassword: string,
): Promise<ChangePasswordOutcome> {
  try {
    await deps.cognito.send(
      new ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: currentPassword,
        ProposedPassword: newPassword,
      }),
    );
    return 'OK';
  } catch (e) {
    const message = errorMessage(e);
    switch (errorName(e)) {
      case 'NotAuthorizedException':
        return /access token|token has|revoked/i.test(message) ? 'INVALID_SESSION' : 'WRONG_PASSWORD';
      case 'InvalidPasswordException':
        return /policy|conform/i.test(message) ? 'INVALID_NEW_PASSWORD' : 'WRONG_PASSWORD';
      case 'InvalidParameterException':
        return 'INVALID_SESSION';
      case 'LimitExceededException':
      case 'TooManyRequestsException':
        return 'LIMIT_EXCEEDED';
      default:
        throw e;
    }
  }
}

function tokensOf(auth: {
  AccessToken?: string;
  RefreshToken?: string;
  IdToken?: string;
  ExpiresIn?: number;
}) {
  const tokens: CognitoTokens = { accessToken: auth.AccessToken ?? '' };
  if (auth.RefreshToken) tokens.refreshToken = auth.RefreshToken;
  if (auth.IdToken) tokens.idToken = auth.IdToken;
  if (auth.ExpiresIn) tokens.expiresIn = auth.ExpiresIn;
  return tokens;
}
