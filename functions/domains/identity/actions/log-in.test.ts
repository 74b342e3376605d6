import {
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  UserNotConfirmedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { BatchGetCommand, DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { LoginResult } from '@shared/schemas/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  company,
  fakeAttemptsTable as fakeAttemptsTableOf,
  fakeJwt,
  items,
  membership,
  profile,
  setupIdentity,
  T0,
  TABLE,
} from '../testing/support';

const t = setupIdentity();

const EMAIL = 'ana@example.com';
const PASSWORD = 'Correcta123';
const loginBody = (password = PASSWORD) => ({ email: 'Ana@Example.com ', password, rememberMe: true });
const login = (password?: string) =>
  t.call<LoginResult>({ routeId: 'auth.login', body: loginBody(password) });

const wrongPassword = () =>
  new NotAuthorizedException({ message: 'Incorrect username or password.', $metadata: {} });

const fakeAttemptsTable = () => fakeAttemptsTableOf(t, keys.loginAttempts(EMAIL));

function arrangeAccount() {
  const p = profile({ defaultCompanyId: 'c2' });
  t.db.on(GetCommand, { Key: keys.userProfile('user-1') }).resolves({ Item: items.profile(p) });
  t.db.on(QueryCommand, { IndexName: 'gsi1' }).resolves({
    Items: [
      items.membership(
        membership({ companyId: 'c1', companyRole: 'CLIENTE', permissions: ['VIEW_INVOICES'] }),
      ),
      items.membership(
        membership({
          companyId: 'c2',
          companyRole: 'CLIENTE',
          permissions: ['UPLOAD_DOCUMENTS', 'VIEW_INVOICES'],
        }),
      ),
      items.membership(
        membership({ companyId: 'c3', permissions: ['VIEW_ACCOUNTING_DATA'], isActive: false }),
      ),
    ],
  });
  t.db.on(BatchGetCommand).resolves({
    Responses: {
      [TABLE]: [
        items.company(company({ companyId: 'c1', name: 'Zeta SL' })),
        items.company(company({ companyId: 'c2', name: 'Alfa SA', companyType: 'SA', siiEnabled: true })),
      ],
    },
  });
}

function arrangeCognitoSuccess() {
  const accessToken = fakeJwt({ sub: 'user-1', exp: T0.getTime() / 1000 + 3600, token_use: 'access' });
  t.idp.on(InitiateAuthCommand).resolves({
    AuthenticationResult: {
      AccessToken: accessToken,
      RefreshToken: 'refresh-1',
      IdToken: 'id-1',
      ExpiresIn: 3600,
    },
  });
  return accessToken;
}

beforeEach(() => t.reset());

describe('POST auth/login', () => {
  it('answers the tokens, the profile and the company entries', async () => {
    fakeAttemptsTable();
    arrangeAccount();
    const accessToken = arrangeCognitoSuccess();

    const res = await login();

    expect(res.status).toBe(200);
    expect(res.envelope.success).toBe(true);
    const data = res.envelope.data as LoginResult;
    expect(data).toMatchObject({
      accessToken,
      refreshToken: 'refresh-1',
      expiresIn: 3600,
      tokenType: 'Bearer',
    });
    expect(data.user).toEqual({
      userId: 'user-1',
      email: EMAIL,
      firstName: 'Ana',
      lastName: 'García',
      role: 'CLIENTE',
      isAutonomous: false,
      emailVerified: true,
      isActive: true,
      createdAt: '2026-01-10T09:00:00.000Z',
      // Union of the active memberships only, in catalogue order.
      clientPermissions: ['VIEW_INVOICES', 'UPLOAD_DOCUMENTS'],
      invitedByUserId: null,
      defaultCompanyId: 'c2',
    });
    expect(data.companies.map((c) => [c.companyId, c.isDefault])).toEqual([
      ['c2', true],
      ['c1', false],
    ]);
    expect(data.companies[0]).toEqual({
      companyId: 'c2',
      name: 'Alfa SA',
      nif: 'B12345674',
      companyType: 'SA',
      isActive: true,
      isDefault: true,
      siiEnabled: true,
      verifactuEnabled: true,
      createdAt: '2026-01-10T09:00:00.000Z',
    });
    const auth = t.idp.commandCalls(InitiateAuthCommand)[0]!.args[0].input;
    expect(auth).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'test-client-id',
      AuthParameters: { USERNAME: EMAIL, PASSWORD },
    });
  });

  it('takes the lifetime from the token when Cognito leaves ExpiresIn out (cognito-local)', async () => {
    fakeAttemptsTable();
    arrangeAccount();
    const accessToken = fakeJwt({ sub: 'user-1', exp: T0.getTime() / 1000 + 86_400 });
    t.idp
      .on(InitiateAuthCommand)
      .resolves({ AuthenticationResult: { AccessToken: accessToken, RefreshToken: 'r' } });

    const res = await login();

    expect((res.envelope.data as LoginResult).expiresIn).toBe(86_400);
  });

  it.each([
    ['NotAuthorizedException (AWS)', wrongPassword()],
    [
      'InvalidPasswordException (cognito-local)',
      new InvalidPasswordException({ message: 'Invalid password', $metadata: {} }),
    ],
    ['UserNotFoundException', new UserNotFoundException({ message: 'User does not exist.', $metadata: {} })],
  ])('refuses wrong credentials given as %s with AUTH_001 and counts the failure', async (_, error) => {
    const attempts = fakeAttemptsTable();
    t.idp.on(InitiateAuthCommand).rejects(error);

    const res = await login('Incorrecta1');

    expect(res.status).toBe(401);
    expect(res.envelope.error).toEqual({
      code: 'AUTH_001',
      message: 'Email o contraseña incorrectos. Verifica tus datos e inténtalo de nuevo.',
      field: null,
      details: { remainingAttempts: 4 },
    });
    expect(attempts.get()).toMatchObject({ failures: 1 });
  });

  it('makes the e-mail wait 30 s at the fifth failure, refusing even the right password without asking Cognito', async () => {
    const attempts = fakeAttemptsTable();
    t.idp.on(InitiateAuthCommand).rejects(wrongPassword());

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await login('Incorrecta1'));

    expect(answers.slice(0, 4).map((a) => a.envelope.error?.code)).toEqual([
      'AUTH_001',
      'AUTH_001',
      'AUTH_001',
      'AUTH_001',
    ]);
    const retryAt = new Date(T0.getTime() + 30_000).toISOString();
    expect(answers[4]!.status).toBe(423);
    expect(String(answers[4]!.headers?.['retry-after'])).toBe('30');
    expect(answers[4]!.envelope.error).toMatchObject({
      code: 'AUTH_002',
      message: 'Demasiados intentos fallidos. Inténtalo de nuevo en 30 segundos.',
      details: { retryAfterSeconds: 30, retryAt },
    });
    expect(attempts.get()).toMatchObject({ failures: 5, retryAt: Date.parse(retryAt) });

    arrangeAccount();
    arrangeCognitoSuccess();
    t.clock.now = new Date(T0.getTime() + 20_000);
    const sixth = await login();

    expect(sixth.status).toBe(423);
    expect(String(sixth.headers?.['retry-after'])).toBe('10');
    expect(t.idp.commandCalls(InitiateAuthCommand)).toHaveLength(5);
  });

  it('doubles the wait with every further failure, up to 15 minutes, and never locks for good', async () => {
    const attempts = fakeAttemptsTable();
    t.idp.on(InitiateAuthCommand).rejects(wrongPassword());
    const waits: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await login('Incorrecta1');
      if (res.status === 423) {
        waits.push(String(res.headers?.['retry-after']));
        // Waits it out, then tries again (a guesser, or the owner after a stranger's guesses).
        t.clock.now = new Date(t.clock.now.getTime() + Number(String(res.headers?.['retry-after'])) * 1000);
      }
    }

    expect(waits).toEqual(['30', '60', '120', '240', '480', '900', '900']);
    expect(attempts.get()).toMatchObject({ failures: 11 });

    // After the last wait the right password gets in, and the counter is cleared.
    arrangeAccount();
    arrangeCognitoSuccess();
    expect((await login()).status).toBe(200);
    expect(attempts.get()).toBeUndefined();
  });

  it('lets the user in again once the wait has passed, and clears the counter', async () => {
    const attempts = fakeAttemptsTable();
    t.idp.on(InitiateAuthCommand).rejects(wrongPassword());
    for (let i = 0; i < 5; i++) await login('Incorrecta1');

    arrangeAccount();
    arrangeCognitoSuccess();
    t.clock.now = new Date(T0.getTime() + 31_000);
    const res = await login();

    expect(res.status).toBe(200);
    expect(attempts.get()).toBeUndefined();
  });

  it('resets the counter on success, so failures start over', async () => {
    const attempts = fakeAttemptsTable();
    t.idp.on(InitiateAuthCommand).rejects(wrongPassword());
    for (let i = 0; i < 4; i++) await login('Incorrecta1');
    expect(attempts.get()).toMatchObject({ failures: 4 });

    arrangeAccount();
    arrangeCognitoSuccess();
    expect((await login()).status).toBe(200);
    expect(t.db.commandCalls(DeleteCommand, { Key: keys.loginAttempts(EMAIL) })).toHaveLength(1);

    t.idp.on(InitiateAuthCommand).rejects(wrongPassword());
    const next = await login('Incorrecta1');
    expect(next.envelope.error).toMatchObject({ code: 'AUTH_001', details: { remainingAttempts: 4 } });
  });

  it('forgets failures older than the window instead of adding to them', async () => {
    const attempts = fakeAttemptsTable();
    t.idp.on(InitiateAuthCommand).rejects(wrongPassword());
    for (let i = 0; i < 4; i++) await login('Incorrecta1');

    t.clock.now = new Date(T0.getTime() + 61 * 60_000);
    const res = await login('Incorrecta1');

    expect(res.envelope.error).toMatchObject({ code: 'AUTH_001', details: { remainingAttempts: 4 } });
    expect(attempts.get()).toMatchObject({ failures: 1 });
  });

  it('refuses an unverified e-mail with its own message and does not count a failure', async () => {
    const attempts = fakeAttemptsTable();
    t.idp
      .on(InitiateAuthCommand)
      .rejects(new UserNotConfirmedException({ message: 'User is not confirmed.', $metadata: {} }));

    const res = await login();

    expect(res.status).toBe(403);
    expect(res.envelope.error).toEqual({
      code: 'CORE_002',
      message: 'Debes verificar tu email antes de iniciar sesión.',
      field: null,
      details: { reason: 'EMAIL_NOT_VERIFIED' },
    });
    expect(attempts.get()).toBeUndefined();
  });

  it('refuses a disabled user', async () => {
    fakeAttemptsTable();
    t.idp
      .on(InitiateAuthCommand)
      .rejects(new NotAuthorizedException({ message: 'User is disabled.', $metadata: {} }));

    const res = await login();

    expect(res.status).toBe(403);
    expect(res.envelope.error?.message).toBe('Tu cuenta está desactivada. Contacta con soporte.');
  });

  it('refuses a profile deactivated here even though Cognito let it in', async () => {
    fakeAttemptsTable();
    arrangeCognitoSuccess();
    t.db
      .on(GetCommand, { Key: keys.userProfile('user-1') })
      .resolves({ Item: items.profile(profile({ isActive: false })) });

    const res = await login();

    expect(res.status).toBe(403);
    expect(res.envelope.error?.message).toBe('Tu cuenta está desactivada. Contacta con soporte.');
  });

  it('answers 400 CORE_004 naming the field of a malformed body, without calling Cognito', async () => {
    const res = await t.call({ routeId: 'auth.login', body: { email: 'no-es-un-email', password: 'x' } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'email' });
    expect(t.idp.commandCalls(InitiateAuthCommand)).toHaveLength(0);
  });

  it('answers 400 CORE_004 for a body that is not JSON', async () => {
    const res = await t.call({ routeId: 'auth.login', body: '{"email": ' });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'body' });
  });

  describe('logging', () => {
    const previous = process.env.LOG_LEVEL;
    beforeEach(() => {
      process.env.LOG_LEVEL = 'debug';
    });
    afterEach(() => {
      process.env.LOG_LEVEL = previous;
      vi.restoreAllMocks();
    });

    it('never writes the password or the tokens to the log', async () => {
      const lines: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
      vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
      fakeAttemptsTable();
      arrangeAccount();
      const accessToken = arrangeCognitoSuccess();

      await login();
      t.idp.on(InitiateAuthCommand).rejects(wrongPassword());
      await login('Incorrecta1');

      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join('\n');
      for (const secret of [PASSWORD, 'Incorrecta1', accessToken, 'refresh-1', 'id-1'])
        expect(log).not.toContain(secret);
    });
  });
});
