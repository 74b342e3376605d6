import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeAttemptsTable, fakeJwt, items, profile, setupIdentity, T0 } from '../testing/support';

const t = setupIdentity();
const claims = { sub: 'user-1', groups: ['CLIENTE'] };

beforeEach(() => t.reset());

describe('POST auth/refresh', () => {
  it('answers a new access token and keeps the same refresh token', async () => {
    const accessToken = fakeJwt({ sub: 'user-1', exp: T0.getTime() / 1000 + 3600 });
    t.idp
      .on(InitiateAuthCommand)
      .resolves({ AuthenticationResult: { AccessToken: accessToken, ExpiresIn: 3600 } });

    const res = await t.call({ routeId: 'auth.refresh', body: { refreshToken: 'refresh-1' } });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      accessToken,
      refreshToken: 'refresh-1',
      expiresIn: 3600,
      tokenType: 'Bearer',
    });
    expect(t.idp.commandCalls(InitiateAuthCommand)[0]!.args[0].input).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'test-client-id',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
  });

  it('answers 401 CORE_001 with the spec message for an invalid or expired refresh token', async () => {
    t.idp
      .on(InitiateAuthCommand)
      .rejects(new NotAuthorizedException({ message: 'Invalid Refresh Token', $metadata: {} }));

    const res = await t.call({ routeId: 'auth.refresh', body: { refreshToken: 'caducado' } });

    expect(res.status).toBe(401);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_001',
      message: 'Refresh token expirado. Por favor, inicia sesión nuevamente.',
    });
  });

  it('refuses a body without the refresh token', async () => {
    const res = await t.call({ routeId: 'auth.refresh', body: {} });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'refreshToken' });
  });
});

describe('POST auth/logout', () => {
  it('revokes the refresh token', async () => {
    t.idp.on(RevokeTokenCommand).resolves({});

    const res = await t.call({ routeId: 'auth.logout', body: { refreshToken: 'refresh-1' } });

    expect(res.status).toBe(200);
    expect(t.idp.commandCalls(RevokeTokenCommand)[0]!.args[0].input).toEqual({
      ClientId: 'test-client-id',
      Token: 'refresh-1',
    });
  });

  it('is idempotent: an already revoked token, or none at all, still answers 200', async () => {
    t.idp
      .on(RevokeTokenCommand)
      .rejects(new NotAuthorizedException({ message: 'Invalid token', $metadata: {} }));

    const revoked = await t.call({ routeId: 'auth.logout', body: { refreshToken: 'refresh-1' } });
    const empty = await t.call({ routeId: 'auth.logout' });

    expect(revoked.status).toBe(200);
    expect(empty.status).toBe(200);
    expect(t.idp.commandCalls(RevokeTokenCommand)).toHaveLength(1);
  });
});

describe('POST auth/change-password', () => {
  const change = (body: unknown, headers: Record<string, string> = { Authorization: 'Bearer access-1' }) =>
    t.call({ routeId: 'auth.changePassword', body, claims, headers });

  it('changes the password with the caller access token', async () => {
    t.idp.on(ChangePasswordCommand).resolves({});

    const res = await change({ currentPassword: 'Antigua123', newPassword: 'Nueva-Clave-2026' });

    expect(res.status).toBe(200);
    expect(t.idp.commandCalls(ChangePasswordCommand)[0]!.args[0].input).toEqual({
      AccessToken: 'access-1',
      PreviousPassword: 'Antigua123',
      ProposedPassword: 'Nueva-Clave-2026',
    });
  });

  it('accepts the fields in the query string (legacy client)', async () => {
    t.idp.on(ChangePasswordCommand).resolves({});

    const res = await t.call({
      routeId: 'auth.changePassword',
      query: { currentPassword: 'Antigua123', newPassword: 'Nueva-Clave-2026' },
      claims,
      headers: { authorization: 'Bearer access-1' },
    });

    expect(res.status).toBe(200);
  });

  it.each([
    [
      'NotAuthorizedException (AWS)',
      new NotAuthorizedException({ message: 'Incorrect username or password.', $metadata: {} }),
    ],
    [
      'InvalidPasswordException (cognito-local)',
      new InvalidPasswordException({ message: 'Invalid password', $metadata: {} }),
    ],
  ])('refuses a wrong current password given as %s on the currentPassword field', async (_, error) => {
    t.idp.on(ChangePasswordCommand).rejects(error);

    const res = await change({ currentPassword: 'Equivocada1', newPassword: 'Nueva-Clave-2026' });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'currentPassword',
      message: 'La contraseña actual no es correcta.',
    });
  });

  it('answers 401 when Cognito says the access token is no longer valid', async () => {
    t.idp
      .on(ChangePasswordCommand)
      .rejects(new NotAuthorizedException({ message: 'Access Token has been revoked', $metadata: {} }));

    const res = await change({ currentPassword: 'Antigua123', newPassword: 'Nueva-Clave-2026' });

    expect(res.status).toBe(401);
    expect(res.envelope.error?.code).toBe('CORE_001');
  });

  it('refuses a new password that breaks the policy, or equals the current one', async () => {
    const weak = await change({ currentPassword: 'Antigua123', newPassword: 'nueva' });
    const same = await change({ currentPassword: 'Antigua-Clave-2025', newPassword: 'Antigua-Clave-2025' });

    expect(weak.envelope.error).toMatchObject({ code: 'CORE_004', field: 'newPassword' });
    expect(same.envelope.error).toMatchObject({
      field: 'newPassword',
      message: 'newPassword: La nueva contraseña debe ser distinta de la actual.',
    });
    expect(t.idp.commandCalls(ChangePasswordCommand)).toHaveLength(0);
  });

  it('needs an authenticated caller', async () => {
    const res = await t.call({
      routeId: 'auth.changePassword',
      body: { currentPassword: 'Antigua123', newPassword: 'Nueva-Clave-2026' },
    });

    expect(res.status).toBe(401);
    expect(res.envelope.error?.code).toBe('CORE_001');
  });
});

/** Seconds of an instant, as JWT times are. */
const sec = (d: Date) => Math.floor(d.getTime() / 1000);
/** Claims of a token issued `secondsBefore` T0 (API Gateway passes numbers as strings). */
const tokenClaims = (secondsBefore: number, sub = 'user-1') => ({
  sub,
  username: 'ana@example.com',
  groups: ['CLIENTE'],
  iat: String(sec(T0) - secondsBefore),
  auth_time: String(sec(T0) - secondsBefore),
});

/** Whether the pipeline refused the call as a session ended (whatever the action would answer). */
const revoked = (res: { envelope: { error: { details: unknown } | null } }) =>
  (res.envelope.error?.details as { reason?: string } | null)?.reason === 'SESSION_REVOKED';

/** The instant written to the table, as the pipeline will read it. */
function validAfterWritten(userId = 'user-1') {
  const call = t.db.commandCalls(UpdateCommand, { Key: keys.sessionsValidAfter(userId) })[0];
  return call?.args[0].input.ExpressionAttributeValues?.[':t'];
}

describe('sessions end on a password change (issue #12 item 3)', () => {
  const body = { currentPassword: 'Antigua-Clave-2025', newPassword: 'Nueva-Clave-2026' };
  const headers = { Authorization: 'Bearer access-1' };

  it('writes the instant, signs the user out everywhere, and refuses the old token afterwards', async () => {
    t.idp.on(ChangePasswordCommand).resolves({});
    t.idp.on(AdminUserGlobalSignOutCommand).resolves({});
    const before = await t.call({ routeId: 'users.gestorType', claims: tokenClaims(120) });
    expect(revoked(before)).toBe(false);

    const res = await t.call({ routeId: 'auth.changePassword', body, claims: tokenClaims(120), headers });

    expect(res.status).toBe(200);
    expect(validAfterWritten()).toBe(sec(T0));
    expect(t.idp.commandCalls(AdminUserGlobalSignOutCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-west-1_TestPool',
      Username: 'ana@example.com',
    });
    // The token of the old session is refused at once in this container, with the spec's 401.
    const after = await t.call({ routeId: 'users.gestorType', claims: tokenClaims(120) });
    expect(after.status).toBe(401);
    expect(after.envelope.error).toMatchObject({
      code: 'CORE_001',
      message: 'La sesión ha expirado. Por favor, inicia sesión nuevamente.',
      details: { reason: 'SESSION_REVOKED' },
    });
    // A token of the new session (the same second or later) passes.
    t.clock.now = new Date(T0.getTime() + 2000);
    const fresh = await t.call({ routeId: 'users.gestorType', claims: tokenClaims(-1) });
    expect(revoked(fresh)).toBe(false);
  });

  it('makes a guesser of the current password wait like a login guesser (AUTH_002, Retry-After)', async () => {
    const attempts = fakeAttemptsTable(t, keys.passwordChangeAttempts('user-1'));
    t.idp
      .on(ChangePasswordCommand)
      .rejects(new NotAuthorizedException({ message: 'Incorrect username or password.', $metadata: {} }));

    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await t.call({ routeId: 'auth.changePassword', body, claims: tokenClaims(5), headers }));

    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 423, 423]);
    expect(String(answers[4]!.headers?.['retry-after'])).toBe('30');
    expect(answers[5]!.envelope.error?.code).toBe('AUTH_002');
    // The sixth never reached Cognito.
    expect(t.idp.commandCalls(ChangePasswordCommand)).toHaveLength(5);
    expect(attempts.get()).toMatchObject({ failures: 5 });
  });
});

describe('POST auth/logout-all', () => {
  it('ends every session of the caller, this one included', async () => {
    t.idp.on(AdminUserGlobalSignOutCommand).resolves({});

    const res = await t.call({ routeId: 'auth.logoutAll', claims: tokenClaims(10) });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ message: 'Has cerrado sesión en todos tus dispositivos.' });
    expect(validAfterWritten()).toBe(sec(T0));
    expect(t.idp.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(1);
    const again = await t.call({ routeId: 'auth.logoutAll', claims: tokenClaims(10) });
    expect(again.status).toBe(401);
    expect(revoked(again)).toBe(true);
  });
});

describe('PUT admin/users/{userId}/status', () => {
  const admin = { sub: 'admin-1', groups: ['ADMIN'], iat: String(sec(T0) - 5) };
  const setStatus = (isActive: boolean, claims: Record<string, unknown> = admin) =>
    t.call({
      routeId: 'admin.setUserStatus',
      params: { userId: 'user-1' },
      body: { isActive },
      claims: claims as never,
    });

  beforeEach(() => {
    t.db.on(GetCommand, { Key: keys.userProfile('user-1') }).resolves({ Item: items.profile(profile()) });
    t.db
      .on(UpdateCommand, { Key: keys.userProfile('user-1') })
      .resolves({ Attributes: items.profile(profile({ isActive: false })) });
    t.idp.on(AdminDisableUserCommand).resolves({});
    t.idp.on(AdminEnableUserCommand).resolves({});
    t.idp.on(AdminUserGlobalSignOutCommand).resolves({});
  });

  it('disables the account in Cognito and here, and ends its sessions', async () => {
    const res = await setStatus(false);

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ userId: 'user-1', isActive: false });
    expect(t.idp.commandCalls(AdminDisableUserCommand)[0]!.args[0].input.Username).toBe('ana@example.com');
    expect(validAfterWritten()).toBe(sec(T0));
    expect(t.idp.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(1);
    const theirs = await t.call({ routeId: 'users.gestorType', claims: tokenClaims(60) });
    expect(revoked(theirs)).toBe(true);
  });

  it('re-enables without touching sessions', async () => {
    const res = await setStatus(true);

    expect(res.status).toBe(200);
    expect(t.idp.commandCalls(AdminEnableUserCommand)).toHaveLength(1);
    expect(t.idp.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(0);
  });

  it('is for the platform administrator only', async () => {
    const res = await setStatus(false, { sub: 'gestor-1', groups: ['GESTOR'] });

    expect(res.status).toBe(403);
    expect(t.idp.commandCalls(AdminDisableUserCommand)).toHaveLength(0);
  });
});
