import {
  ChangePasswordCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt, setupIdentity, T0 } from '../testing/support';

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

    const res = await change({ currentPassword: 'Antigua123', newPassword: 'Nueva12345' });

    expect(res.status).toBe(200);
    expect(t.idp.commandCalls(ChangePasswordCommand)[0]!.args[0].input).toEqual({
      AccessToken: 'access-1',
      PreviousPassword: 'Antigua123',
      ProposedPassword: 'Nueva12345',
    });
  });

  it('accepts the fields in the query string (legacy client)', async () => {
    t.idp.on(ChangePasswordCommand).resolves({});

    const res = await t.call({
      routeId: 'auth.changePassword',
      query: { currentPassword: 'Antigua123', newPassword: 'Nueva12345' },
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

    const res = await change({ currentPassword: 'Equivocada1', newPassword: 'Nueva12345' });

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

    const res = await change({ currentPassword: 'Antigua123', newPassword: 'Nueva12345' });

    expect(res.status).toBe(401);
    expect(res.envelope.error?.code).toBe('CORE_001');
  });

  it('refuses a new password that breaks the policy, or equals the current one', async () => {
    const weak = await change({ currentPassword: 'Antigua123', newPassword: 'nueva' });
    const same = await change({ currentPassword: 'Antigua123', newPassword: 'Antigua123' });

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
      body: { currentPassword: 'Antigua123', newPassword: 'Nueva12345' },
    });

    expect(res.status).toBe(401);
    expect(res.envelope.error?.code).toBe('CORE_001');
  });
});
