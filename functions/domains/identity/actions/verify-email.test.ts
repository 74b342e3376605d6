import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { issueToken } from '../model/one-time-token';
import { tokenItem } from '../store/tokens';
import { conditionalFailure, items, profile, setupIdentity, T0 } from '../testing/support';

const t = setupIdentity();

const NEUTRAL =
  'Si la cuenta existe y está pendiente de verificación, te hemos enviado un nuevo enlace de verificación.';

function arrangeToken(p = profile({ emailVerified: false })) {
  const { token, record } = issueToken('EMAIL_VERIFY', p, T0, (n) => new Uint8Array(n).fill(3));
  const item: Record<string, unknown> = tokenItem(record);
  t.db.on(GetCommand).callsFake((input: GetCommandInput) => {
    const { pk } = input.Key as { pk: string };
    if (pk === item.pk) return { Item: { ...item } };
    if (pk === keys.userProfile(p.userId).pk) return { Item: items.profile(p) };
    return {};
  });
  t.db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    if ((input.Key as { pk: string }).pk !== item.pk) return { Attributes: {} };
    const v = input.ExpressionAttributeValues ?? {};
    if (input.UpdateExpression === 'SET usedAt = :now') {
      if (item.usedAt || item.kind !== v[':kind'] || String(item.expiresAt) <= String(v[':now'])) {
        throw conditionalFailure();
      }
      item.usedAt = v[':now'];
      return { Attributes: { ...item } };
    }
    if (input.UpdateExpression === 'REMOVE usedAt') delete item.usedAt;
    return {};
  });
  t.idp.on(AdminConfirmSignUpCommand).resolves({});
  t.idp.on(AdminUpdateUserAttributesCommand).resolves({});
  return { token, item };
}

beforeEach(() => t.reset());

describe('POST auth/verify-email', () => {
  it('confirms the Cognito user, marks the profile verified and consumes the link', async () => {
    const { token, item } = arrangeToken();

    const res = await t.call({ routeId: 'auth.verifyEmail', query: { token } });
    const again = await t.call({ routeId: 'auth.verifyEmail', body: { token } });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ verified: true });
    expect(t.idp.commandCalls(AdminConfirmSignUpCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-west-1_TestPool',
      Username: 'ana@example.com',
    });
    expect(t.idp.commandCalls(AdminUpdateUserAttributesCommand)[0]!.args[0].input.UserAttributes).toEqual([
      { Name: 'email', Value: 'ana@example.com' },
      { Name: 'email_verified', Value: 'true' },
    ]);
    const update = t.db.commandCalls(UpdateCommand, { Key: keys.userProfile('user-1') })[0]!.args[0].input;
    expect(update.ConditionExpression).toBe('attribute_exists(pk)');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':emailVerified': true });
    expect(item.usedAt).toBe(T0.toISOString());
    expect(again.envelope.error).toMatchObject({ code: 'CORE_004', field: 'token' });
    expect(t.idp.commandCalls(AdminConfirmSignUpCommand)).toHaveLength(1);
  });

  it('treats an already confirmed Cognito user as success', async () => {
    const { token } = arrangeToken();
    t.idp.on(AdminConfirmSignUpCommand).rejects(
      new NotAuthorizedException({
        message: 'User cannot be confirmed. Current status is CONFIRMED',
        $metadata: {},
      }),
    );

    const res = await t.call({ routeId: 'auth.verifyEmail', body: { token } });

    expect(res.status).toBe(200);
  });

  it('gives the link back when Cognito fails for a passing reason', async () => {
    const { token, item } = arrangeToken();
    t.idp.on(AdminConfirmSignUpCommand).rejects(new Error('Cognito unavailable'));

    const res = await t.call({ routeId: 'auth.verifyEmail', body: { token } });

    expect(res.status).toBe(500);
    expect(item.usedAt).toBeUndefined();
  });

  it('asks for the token when there is none', async () => {
    const res = await t.call({ routeId: 'auth.verifyEmail' });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'token' });
  });
});

describe('GET auth/verify-email/validate', () => {
  it('is valid until used or expired', async () => {
    const { token } = arrangeToken();

    const fresh = await t.call({ routeId: 'auth.verifyEmailValidate', query: { token } });
    t.clock.now = new Date(T0.getTime() + 25 * 3_600_000);
    const expired = await t.call({ routeId: 'auth.verifyEmailValidate', query: { token } });

    expect(fresh.envelope.data).toEqual({ valid: true });
    expect(expired.envelope.data).toEqual({ valid: false });
  });
});

describe('POST auth/verify-email/resend and resend-by-email', () => {
  it('mails a new link to an unverified user', async () => {
    t.db.on(GetCommand, { Key: keys.userProfile('user-1') }).resolves({
      Item: items.profile(profile({ emailVerified: false })),
    });
    t.db.on(TransactWriteCommand).resolves({});

    const res = await t.call({ routeId: 'auth.verifyEmailResend', query: { userId: 'user-1' } });

    expect(res.envelope.data).toEqual({ message: NEUTRAL });
    const puts = t.db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems as {
      Put: { Item: Record<string, unknown> };
    }[];
    expect(puts.map((p) => p.Put.Item.entity)).toEqual(['OneTimeToken', 'Outbox']);
    expect(puts[0]!.Put.Item).toMatchObject({ kind: 'EMAIL_VERIFY', userId: 'user-1' });
  });

  it('answers the same for a verified user and for an unknown e-mail, without writing', async () => {
    t.db
      .on(QueryCommand)
      .resolvesOnce({ Items: [items.profile(profile())] })
      .resolves({ Items: [] });

    const verified = await t.call({
      routeId: 'auth.verifyEmailResendByEmail',
      body: { email: 'ana@example.com' },
    });
    const unknown = await t.call({
      routeId: 'auth.verifyEmailResendByEmail',
      body: { email: 'x@example.com' },
    });

    expect(verified.envelope).toEqual(unknown.envelope);
    expect(verified.envelope.data).toEqual({ message: NEUTRAL });
    expect(t.db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
