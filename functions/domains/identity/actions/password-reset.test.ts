import { createHash } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DeleteCommand,
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { issueToken, type TokenKind } from '../model/one-time-token';
import { tokenItem } from '../store/tokens';
import { APP_URL, conditionalFailure, items, profile, setupIdentity, T0 } from '../testing/support';

const t = setupIdentity();

/** Token items kept in memory, with the conditional consume/release DynamoDB would apply. */
function fakeTokenTable() {
  const store = new Map<string, Record<string, unknown>>();
  t.db.on(GetCommand).callsFake((input: GetCommandInput) => {
    const key = input.Key as { pk: string };
    return { Item: store.get(key.pk) };
  });
  t.db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    const { pk } = input.Key as { pk: string };
    const item = store.get(pk);
    const v = input.ExpressionAttributeValues ?? {};
    if (input.UpdateExpression === 'SET usedAt = :now') {
      const usable =
        item && item.kind === v[':kind'] && !item.usedAt && String(item.expiresAt) > String(v[':now']);
      if (!usable) throw conditionalFailure();
      item.usedAt = v[':now'];
      return { Attributes: { ...item } };
    }
    if (input.UpdateExpression === 'REMOVE usedAt') {
      if (!item || item.usedAt !== v[':usedAt']) throw conditionalFailure();
      delete item.usedAt;
      return {};
    }
    return { Attributes: {} };
  });
  const add = (kind: TokenKind, at = T0) => {
    const { token, record } = issueToken(kind, { userId: 'user-1', email: 'ana@example.com' }, at, (n) =>
      new Uint8Array(n).fill(store.size + 7),
    );
    const item = tokenItem(record);
    store.set(item.pk, item);
    return token;
  };
  return { store, add };
}

beforeEach(() => t.reset());

describe('POST auth/forgot-password', () => {
  it('answers the same neutral message for an unknown e-mail, and writes nothing', async () => {
    t.db.on(QueryCommand).resolves({ Items: [] });

    const res = await t.call({ routeId: 'auth.forgotPassword', query: { email: 'nadie@example.com' } });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      message:
        'Si existe una cuenta con ese email, recibirás en unos minutos un enlace para restablecer tu contraseña.',
    });
    expect(t.db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 429 with Retry-After from the sixth request for one address in 15 minutes, known or not', async () => {
    t.db.on(QueryCommand).resolves({ Items: [] });
    const counts = new Map<string, number>();
    t.db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
      const { pk, sk } = input.Key as { pk: string; sk: string };
      const n = (counts.get(`${pk}|${sk}`) ?? 0) + 1;
      counts.set(`${pk}|${sk}`, n);
      return { Attributes: { requests: n } };
    });
    t.clock.now = new Date('2026-03-02T10:05:00.000Z');
    const ask = (email: string) => t.call({ routeId: 'auth.forgotPassword', body: { email } });

    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask('Nadie@Example.com')).status);
    const sixth = await ask('nadie@example.com');

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(sixth.status).toBe(429);
    // 10 minutes left in the 10:00-10:15 window.
    expect(String(sixth.headers?.['retry-after'])).toBe('600');
    expect(sixth.envelope.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Demasiadas solicitudes. Inténtalo de nuevo en 10 minutos.',
      details: { retryAfterSeconds: 600 },
    });
    expect([...counts.keys()][0]).toBe(
      `${keys.rateWindow('FORGOT_PASSWORD', 'nadie@example.com', 0).pk}|WINDOW#${Date.parse('2026-03-02T10:00:00Z') / 1000}`,
    );
    // Another address is not affected: nobody is limited by someone else's requests.
    expect((await ask('otra@example.com')).status).toBe(200);
    t.clock.now = new Date('2026-03-02T10:15:00.000Z');
    expect((await ask('nadie@example.com')).status).toBe(200);
  });

  it('stores a one-hour reset token and its mail in one transaction for a known e-mail (body or query)', async () => {
    t.db.on(QueryCommand).callsFake((input: QueryCommandInput) => ({
      Items:
        input.ExpressionAttributeValues?.[':pk'] === 'EMAIL#ana@example.com'
          ? [items.profile(profile())]
          : [],
    }));
    t.db.on(TransactWriteCommand).resolves({});

    const unknown = await t.call({ routeId: 'auth.forgotPassword', body: { email: 'nadie@example.com' } });
    const res = await t.call({ routeId: 'auth.forgotPassword', body: { email: 'ANA@example.com' } });

    expect(res.status).toBe(200);
    expect(res.envelope).toEqual(unknown.envelope);
    const calls = t.db.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    const [tokenPut, mailPut] = calls[0]!.args[0].input.TransactItems as {
      Put: { Item: Record<string, unknown> };
    }[];
    const mail = mailPut!.Put.Item.payload as { to: string[]; text: string };
    expect(mail.to).toEqual(['ana@example.com']);
    const link = mail.text.match(/https:\/\/\S+/)![0];
    expect(link.startsWith(`${APP_URL}/auth/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    expect(tokenPut!.Put.Item).toMatchObject({
      ...keys.oneTimeToken(createHash('sha256').update(token).digest('hex')),
      kind: 'PASSWORD_RESET',
      userId: 'user-1',
      expiresAt: new Date(T0.getTime() + 3_600_000).toISOString(),
    });
  });

  it('refuses a malformed e-mail with 400 naming the field', async () => {
    const res = await t.call({ routeId: 'auth.forgotPassword', query: { email: 'ana' } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'email' });
  });
});

describe('GET auth/reset-password/validate', () => {
  it('says whether the link is usable and shows the masked e-mail', async () => {
    const tokens = fakeTokenTable();
    const token = tokens.add('PASSWORD_RESET');

    const ok = await t.call({ routeId: 'auth.resetPasswordValidate', query: { token } });
    t.clock.now = new Date(T0.getTime() + 61 * 60_000);
    const expired = await t.call({ routeId: 'auth.resetPasswordValidate', query: { token } });
    const unknown = await t.call({ routeId: 'auth.resetPasswordValidate', query: { token: 'nope' } });

    expect(ok.envelope.data).toEqual({ valid: true, email: 'a***@e***.com' });
    expect(expired.envelope.data).toEqual({ valid: false });
    expect(unknown.envelope.data).toEqual({ valid: false });
  });

  it('does not accept a verification token as a reset token', async () => {
    const tokens = fakeTokenTable();
    const token = tokens.add('EMAIL_VERIFY');

    const res = await t.call({ routeId: 'auth.resetPasswordValidate', query: { token } });

    expect(res.envelope.data).toEqual({ valid: false });
  });
});

describe('POST auth/reset-password', () => {
  const arrange = (p = profile()) => {
    const tokens = fakeTokenTable();
    const token = tokens.add('PASSWORD_RESET');
    const profileGet = t.db.on(GetCommand, { Key: keys.userProfile('user-1') });
    profileGet.resolves({ Item: items.profile(p) });
    t.db.on(DeleteCommand).resolves({});
    t.idp.on(AdminSetUserPasswordCommand).resolves({});
    return { tokens, token };
  };

  it('sets the new password permanently, clears the lock-out, and the link works only once', async () => {
    const { token } = arrange();

    const first = await t.call({
      routeId: 'auth.resetPassword',
      query: { token, newPassword: 'NuevaClave-2026' },
    });
    const second = await t.call({
      routeId: 'auth.resetPassword',
      body: { token, newPassword: 'OtraClave-2026' },
    });

    expect(first.status).toBe(200);
    expect(t.idp.commandCalls(AdminSetUserPasswordCommand).map((c) => c.args[0].input)).toEqual([
      {
        UserPoolId: 'eu-west-1_TestPool',
        Username: 'ana@example.com',
        Password: 'NuevaClave-2026',
        Permanent: true,
      },
    ]);
    expect(t.db.commandCalls(DeleteCommand, { Key: keys.loginAttempts('ana@example.com') })).toHaveLength(1);
    // Every session begun with the old password ends (issue #12 item 3).
    const instant = t.db.commandCalls(UpdateCommand, { Key: keys.sessionsValidAfter('user-1') });
    expect(instant[0]!.args[0].input.ExpressionAttributeValues?.[':t']).toBe(T0.getTime() / 1000);
    expect(t.idp.commandCalls(AdminUserGlobalSignOutCommand)[0]!.args[0].input.Username).toBe(
      'ana@example.com',
    );
    expect(second.status).toBe(400);
    expect(second.envelope.error).toEqual({
      code: 'CORE_004',
      message: 'El enlace no es válido o ha caducado.',
      field: 'token',
      details: null,
    });
  });

  it('refuses an expired link', async () => {
    const { token } = arrange();
    t.clock.now = new Date(T0.getTime() + 2 * 3_600_000);

    const res = await t.call({
      routeId: 'auth.resetPassword',
      body: { token, newPassword: 'NuevaClave-2026' },
    });

    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'token' });
    expect(t.idp.commandCalls(AdminSetUserPasswordCommand)).toHaveLength(0);
  });

  it('gives the link back when Cognito fails, so the user can retry', async () => {
    const { token, tokens } = arrange();
    t.idp.on(AdminSetUserPasswordCommand).rejects(new Error('Cognito unavailable'));

    const res = await t.call({
      routeId: 'auth.resetPassword',
      body: { token, newPassword: 'NuevaClave-2026' },
    });

    expect(res.status).toBe(500);
    const stored = [...tokens.store.values()][0]!;
    expect(stored.usedAt).toBeUndefined();
  });

  it('confirms an account whose e-mail was never verified: the link proved the mailbox', async () => {
    const { token } = arrange(profile({ emailVerified: false }));
    t.idp.on(AdminConfirmSignUpCommand).resolves({});
    t.idp.on(AdminUpdateUserAttributesCommand).resolves({});

    const res = await t.call({
      routeId: 'auth.resetPassword',
      body: { token, newPassword: 'NuevaClave-2026' },
    });

    expect(res.status).toBe(200);
    expect(t.idp.commandCalls(AdminConfirmSignUpCommand)[0]!.args[0].input.Username).toBe('ana@example.com');
    const profileUpdate = t.db.commandCalls(UpdateCommand, { Key: keys.userProfile('user-1') });
    expect(profileUpdate[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':emailVerified': true,
    });
    // Confirmed first: a new password alone would leave the user unable to log in.
    const confirm = t.idp.commandCalls(AdminConfirmSignUpCommand)[0]!;
    const setPassword = t.idp.commandCalls(AdminSetUserPasswordCommand)[0]!;
    expect(confirm.calledBefore(setPassword)).toBe(true);
  });

  it('refuses a weak new password before consuming the link', async () => {
    const { token, tokens } = arrange();

    const res = await t.call({ routeId: 'auth.resetPassword', body: { token, newPassword: 'debil' } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'newPassword' });
    expect([...tokens.store.values()][0]!.usedAt).toBeUndefined();
  });
});
