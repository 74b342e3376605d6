import { createHash } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminUpdateUserAttributesCommand,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { ActivationValidation } from '@shared/schemas/activation';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupIdentity, T0 } from '../testing/support';

const t = setupIdentity();

const TOKEN = 'invitacion-token-de-prueba_0123456789abcdef';
const HASH = createHash('sha256').update(TOKEN).digest('hex');
const EMAIL = 'rosa.gil@panaderia.test';
const EXPIRES = new Date(T0.getTime() + 7 * 86_400_000).toISOString();

const tokenItem = (extra: Record<string, unknown> = {}) => ({
  ...keys.oneTimeToken(HASH),
  entity: 'OneTimeToken',
  v: 1,
  kind: 'INVITE',
  companyId: 'c1',
  email: EMAIL,
  expiresAt: EXPIRES,
  ttl: 1,
  ...extra,
});
const invitationItem = (extra: Record<string, unknown> = {}) => ({
  ...keys.invitation('c1', EMAIL),
  entity: 'Invitation',
  v: 1,
  companyId: 'c1',
  email: EMAIL,
  firstName: 'Rosa',
  lastName: 'Gil Serrano',
  companyRole: 'CLIENTE',
  permissions: ['VIEW_INVOICES', 'UPLOAD_DOCUMENTS'],
  department: 'Administración',
  invitedByUserId: 'gestor-1',
  tokenHash: HASH,
  createdAt: T0.toISOString(),
  expiresAt: EXPIRES,
  ...extra,
});

/** The stored token, invitation and company; `null` leaves the item out. */
const arrange = (
  token: Record<string, unknown> | null = tokenItem(),
  invitation: Record<string, unknown> | null = invitationItem(),
) => {
  t.db.on(GetCommand, { Key: keys.oneTimeToken(HASH) }).resolves(token ? { Item: token } : {});
  t.db.on(GetCommand, { Key: keys.invitation('c1', EMAIL) }).resolves(invitation ? { Item: invitation } : {});
  t.db.on(GetCommand, { Key: keys.company('c1') }).resolves({ Item: { name: 'Panadería La Espiga SL' } });
};

const activate = (body: Record<string, unknown> = {}) =>
  t.call<{ userId: string; email: string }>({
    routeId: 'auth.activate',
    body: { token: TOKEN, password: 'Segura-2026x', ...body },
  });
const validate = (token = TOKEN) =>
  t.call<ActivationValidation>({ routeId: 'auth.activationValidate', query: { token } });

type Tx = {
  Put?: { Item: Record<string, unknown>; ConditionExpression?: string };
  Update?: { Key: Record<string, unknown>; ConditionExpression?: string; UpdateExpression?: string };
  Delete?: { Key: Record<string, unknown>; ConditionExpression?: string };
};
const transactItems = () => {
  const calls = t.db.commandCalls(TransactWriteCommand);
  expect(calls).toHaveLength(1);
  return (calls[0]!.args[0].input.TransactItems ?? []) as Tx[];
};
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

beforeEach(() => {
  t.reset();
  t.db.on(GetCommand).resolves({});
  t.db.on(TransactWriteCommand).resolves({});
  t.idp.on(SignUpCommand).resolves({ UserSub: 'sub-rosa', UserConfirmed: false });
  t.idp.on(AdminConfirmSignUpCommand).resolves({});
  t.idp.on(AdminAddUserToGroupCommand).resolves({});
  t.idp.on(AdminUpdateUserAttributesCommand).resolves({});
  t.idp.on(AdminDeleteUserCommand).resolves({});
});

describe('GET auth/activation/validate', () => {
  it('describes a usable invitation with the e-mail masked', async () => {
    arrange();

    const res = await validate();

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      valid: true,
      email: 'r***@p***.test',
      companyName: 'Panadería La Espiga SL',
      firstName: 'Rosa',
      lastName: 'Gil Serrano',
      expiresAt: EXPIRES,
    });
  });

  it.each([
    ['unknown', null, invitationItem()],
    ['used', tokenItem({ usedAt: T0.toISOString() }), invitationItem()],
    ['expired', tokenItem({ expiresAt: '2026-03-01T00:00:00.000Z' }), invitationItem()],
    ['of another kind', tokenItem({ kind: 'PASSWORD_RESET' }), invitationItem()],
    ['replaced by a newer invitation', tokenItem(), invitationItem({ tokenHash: 'other' })],
    ['cancelled', tokenItem(), null],
  ])('answers only { valid: false } for a link %s', async (_, token, invitation) => {
    arrange(token, invitation);

    const res = await validate();

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ valid: false });
  });
});

describe('POST auth/activation', () => {
  it('creates a confirmed CLIENTE and writes one transaction: token, invitation, claim, profile, membership', async () => {
    arrange();

    const res = await activate({ firstName: 'Rosa María' });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toEqual({ userId: 'sub-rosa', email: EMAIL });
    expect(t.idp.commandCalls(SignUpCommand)[0]!.args[0].input).toMatchObject({
      Username: EMAIL,
      Password: 'Segura-2026x',
    });
    expect(t.idp.commandCalls(AdminConfirmSignUpCommand)[0]!.args[0].input.Username).toBe(EMAIL);
    expect(t.idp.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input).toMatchObject({
      Username: EMAIL,
      GroupName: 'CLIENTE',
    });

    const tx = transactItems();
    expect(tx).toHaveLength(5);
    expect(tx[0]!.Update).toMatchObject({
      Key: keys.oneTimeToken(HASH),
      ConditionExpression:
        'attribute_exists(pk) AND #kind = :invite AND attribute_not_exists(usedAt) AND expiresAt > :now',
    });
    expect(tx[1]!.Delete).toMatchObject({
      Key: keys.invitation('c1', EMAIL),
      ConditionExpression: 'tokenHash = :hash',
    });
    const puts = tx.slice(2).map((i) => i.Put!);
    for (const p of puts) expect(p.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(puts.map((p) => p.Item.entity)).toEqual(['EmailClaim', 'UserProfile', 'Membership']);
    expect(puts[0]!.Item).toMatchObject({ ...keys.emailClaim(EMAIL), userId: 'sub-rosa' });
    expect(puts[1]!.Item).toMatchObject({
      ...keys.userProfile('sub-rosa'),
      email: EMAIL,
      firstName: 'Rosa María',
      lastName: 'Gil Serrano',
      role: 'CLIENTE',
      isAutonomous: false,
      emailVerified: true,
      invitedByUserId: 'gestor-1',
      defaultCompanyId: 'c1',
    });
    expect(puts[2]!.Item).toMatchObject({
      ...keys.membership('c1', 'sub-rosa'),
      companyRole: 'CLIENTE',
      permissions: ['VIEW_INVOICES', 'UPLOAD_DOCUMENTS'],
      department: 'Administración',
      isActive: true,
      firstName: 'Rosa María',
    });
    expect(JSON.stringify(tx)).not.toContain('Segura-2026x');
    expect(t.idp.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('puts a person invited as the company gestor in the GESTOR group', async () => {
    arrange(tokenItem(), invitationItem({ companyRole: 'GESTOR' }));

    const res = await activate();

    expect(res.status).toBe(201);
    expect(t.idp.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input.GroupName).toBe('GESTOR');
    expect(transactItems()[3]!.Put!.Item).toMatchObject({ role: 'GESTOR' });
  });

  it.each([
    ['used', tokenItem({ usedAt: T0.toISOString() })],
    ['expired', tokenItem({ expiresAt: '2026-03-01T00:00:00.000Z' })],
  ])('refuses a %s link before touching Cognito', async (_, token) => {
    arrange(token);

    const res = await activate();

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'token',
      message: 'El enlace no es válido o ha caducado.',
    });
    expect(t.idp.commandCalls(SignUpCommand)).toHaveLength(0);
    expect(t.db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses an e-mail that already has an account, pointing to the login', async () => {
    arrange();
    t.db.on(GetCommand, { Key: keys.emailClaim(EMAIL) }).resolves({ Item: { pk: 'x' } });

    const res = await activate();

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'token',
      message: 'Ya existe una cuenta con este email. Inicia sesión para ver la empresa.',
    });
    expect(t.idp.commandCalls(SignUpCommand)).toHaveLength(0);
  });

  it('never deletes a Cognito user it did not create (SignUp says it exists)', async () => {
    arrange();
    t.idp.on(SignUpCommand).rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));

    const res = await activate();

    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'token' });
    expect(t.idp.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('refuses a weak password with the policy message, before anything else', async () => {
    const res = await activate({ password: 'corta' });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'password',
      message: 'password: La contraseña debe tener al menos 12 caracteres.',
    });
    expect(t.db.commandCalls(GetCommand)).toHaveLength(0);
  });

  it.each([
    [
      'another activation won the race for the link',
      ['ConditionalCheckFailed', 'None'],
      'El enlace no es válido o ha caducado.',
    ],
    [
      'the invitation was re-sent meanwhile',
      ['None', 'ConditionalCheckFailed'],
      'El enlace no es válido o ha caducado.',
    ],
    [
      'the e-mail was registered meanwhile',
      ['None', 'None', 'ConditionalCheckFailed'],
      'Ya existe una cuenta con este email. Inicia sesión para ver la empresa.',
    ],
  ])('compensates when %s (transaction cancelled)', async (_, codes, message) => {
    arrange();
    t.db.on(TransactWriteCommand).rejects(cancelled(...codes));

    const res = await activate();

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'token', message });
    expect(t.idp.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-west-1_TestPool',
      Username: EMAIL,
    });
  });

  it('deletes the Cognito user again when the transaction fails for any other reason', async () => {
    arrange();
    t.db.on(TransactWriteCommand).rejects(new Error('DynamoDB unavailable'));

    const res = await activate();

    expect(res.status).toBe(500);
    expect(res.envelope.error?.code).toBe('CORE_005');
    expect(t.idp.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('deletes the Cognito user again when confirming it fails, writing nothing', async () => {
    arrange();
    t.idp.on(AdminConfirmSignUpCommand).rejects(new Error('Cognito unavailable'));

    const res = await activate();

    expect(res.status).toBe(500);
    expect(t.idp.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
    expect(t.db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
