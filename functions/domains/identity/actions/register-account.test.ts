import { createHash } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_URL, setupIdentity, T0 } from '../testing/support';

const t = setupIdentity();

const base = {
  email: 'Luis.Martin@Example.com',
  password: 'Segura-2026x',
  firstName: 'Luis',
  lastName: 'Martín',
  acceptTerms: true,
};
const autonomo = { ...base, accountType: 'AUTONOMO', company: { nif: '12345678-z' } };
const sociedad = {
  ...base,
  accountType: 'COMPANY',
  company: { name: 'Martín Reformas SL', nif: 'B12345674', companyType: 'SL' },
};
const gestoria = { ...base, accountType: 'GESTORIA', firmName: 'Asesoría Martín' };

const register = (body: unknown) => t.call({ routeId: 'auth.register', body });

type Put = { Put: { Item: Record<string, unknown>; ConditionExpression?: string } };
const transactItems = () => {
  const calls = t.db.commandCalls(TransactWriteCommand);
  expect(calls).toHaveLength(1);
  return (calls[0]!.args[0].input.TransactItems ?? []) as Put[];
};
const byEntity = (puts: Put[], entity: string) => puts.find((p) => p.Put.Item.entity === entity)?.Put.Item;

beforeEach(() => {
  t.reset();
  t.db.on(GetCommand).resolves({});
  t.idp.on(SignUpCommand).resolves({ UserSub: 'sub-123', UserConfirmed: false });
  t.idp.on(AdminAddUserToGroupCommand).resolves({});
  t.idp.on(AdminDeleteUserCommand).resolves({});
  t.db.on(TransactWriteCommand).resolves({});
});

describe('POST auth/register', () => {
  it('creates an autónomo: unconfirmed Cognito user, CLIENTE group and one transaction with every item', async () => {
    const res = await register(autonomo);

    expect(res.status).toBe(201);
    expect(res.envelope.data).toEqual({
      userId: 'sub-123',
      email: 'luis.martin@example.com',
      requiresEmailVerification: true,
    });

    expect(t.idp.commandCalls(SignUpCommand)[0]!.args[0].input).toMatchObject({
      ClientId: 'test-client-id',
      Username: 'luis.martin@example.com',
      Password: 'Segura-2026x',
    });
    expect(t.idp.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input).toMatchObject({
      Username: 'luis.martin@example.com',
      GroupName: 'CLIENTE',
    });

    const puts = transactItems();
    // Nothing may overwrite an existing item; the e-mail claim goes first (its failure = duplicate).
    for (const p of puts) expect(p.Put.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(puts.map((p) => p.Put.Item.entity)).toEqual([
      'EmailClaim',
      'UserProfile',
      'Company',
      'Membership',
      'CompanyNifClaim',
      'OneTimeToken',
      'Outbox',
    ]);
    expect(puts[0]!.Put.Item).toMatchObject({
      ...keys.emailClaim('luis.martin@example.com'),
      userId: 'sub-123',
    });

    const company = byEntity(puts, 'Company')!;
    expect(company).toMatchObject({
      companyType: 'AUTONOMO',
      nif: '12345678Z',
      name: 'Luis Martín',
      createdBy: 'sub-123',
      fiscal: {
        vatRegime: 'GENERAL',
        directTax: 'IRPF_ESTIMACION_DIRECTA',
        largeCompany: false,
        redeme: false,
      },
    });
    expect(byEntity(puts, 'UserProfile')).toMatchObject({
      userId: 'sub-123',
      email: 'luis.martin@example.com',
      role: 'CLIENTE',
      isAutonomous: true,
      emailVerified: false,
      defaultCompanyId: company.companyId,
    });
    expect(byEntity(puts, 'Membership')).toMatchObject({
      companyId: company.companyId,
      userId: 'sub-123',
      companyRole: 'OWNER',
      permissions: ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS', 'VIEW_ACCOUNTING_DATA', 'UPLOAD_DOCUMENTS'],
    });
    expect(byEntity(puts, 'CompanyNifClaim')).toMatchObject(keys.companyNifClaim('sub-123', '12345678Z'));

    // The mailed link carries the token; only its SHA-256 is stored, valid for 24 h.
    const mail = byEntity(puts, 'Outbox')!.payload as { to: string[]; subject: string; text: string };
    expect(mail.to).toEqual(['luis.martin@example.com']);
    const link = mail.text.match(/https:\/\/\S+/)![0];
    expect(link.startsWith(`${APP_URL}/auth/verify-email?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = byEntity(puts, 'OneTimeToken')!;
    expect(stored).toMatchObject({
      ...keys.oneTimeToken(createHash('sha256').update(token).digest('hex')),
      kind: 'EMAIL_VERIFY',
      userId: 'sub-123',
      expiresAt: new Date(T0.getTime() + 24 * 3_600_000).toISOString(),
    });
    expect(stored.ttl).toBeGreaterThan(T0.getTime() / 1000);
    // Only the mail (which must carry the link) holds the token; no item holds the password.
    expect(JSON.stringify(puts.filter((p) => p.Put.Item.entity !== 'Outbox'))).not.toContain(token);
    expect(JSON.stringify(puts)).not.toContain('Segura-2026x');
  });

  it('creates a company owner with its society under Impuesto sobre Sociedades', async () => {
    const res = await register(sociedad);

    expect(res.status).toBe(201);
    const puts = transactItems();
    expect(byEntity(puts, 'Company')).toMatchObject({
      name: 'Martín Reformas SL',
      companyType: 'SL',
      fiscal: { directTax: 'IMPUESTO_SOCIEDADES', vatRegime: 'GENERAL' },
    });
    expect(byEntity(puts, 'UserProfile')).toMatchObject({ role: 'CLIENTE', isAutonomous: false });
  });

  it('creates a gestoría advisor in the GESTOR group, without a company', async () => {
    const res = await register(gestoria);

    expect(res.status).toBe(201);
    expect(t.idp.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input.GroupName).toBe('GESTOR');
    const puts = transactItems();
    expect(puts.map((p) => p.Put.Item.entity)).toEqual([
      'EmailClaim',
      'UserProfile',
      'OneTimeToken',
      'Outbox',
    ]);
    expect(byEntity(puts, 'UserProfile')).toMatchObject({ role: 'GESTOR', firmName: 'Asesoría Martín' });
    expect(byEntity(puts, 'UserProfile')).not.toHaveProperty('defaultCompanyId');
  });

  it('deletes the Cognito user again when the transaction fails', async () => {
    t.db.on(TransactWriteCommand).rejects(new Error('DynamoDB unavailable'));

    const res = await register(autonomo);

    expect(res.status).toBe(500);
    expect(res.envelope.error?.code).toBe('CORE_005');
    expect(t.idp.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-west-1_TestPool',
      Username: 'luis.martin@example.com',
    });
  });

  it('deletes the Cognito user again when adding it to its group fails, before writing anything', async () => {
    t.idp.on(AdminAddUserToGroupCommand).rejects(new Error('ResourceNotFoundException'));

    const res = await register(autonomo);

    expect(res.status).toBe(500);
    expect(t.idp.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
    expect(t.db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a duplicate e-mail found by the transaction with CORE_004 on email, and compensates', async () => {
    t.db.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    const res = await register(autonomo);

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'email',
      message: 'Ya existe una cuenta con este email.',
    });
    expect(t.idp.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('refuses an e-mail already claimed before touching Cognito', async () => {
    t.db.on(GetCommand, { Key: keys.emailClaim('luis.martin@example.com') }).resolves({ Item: { pk: 'x' } });

    const res = await register(autonomo);

    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'email' });
    expect(t.idp.commandCalls(SignUpCommand)).toHaveLength(0);
  });

  it('never deletes a Cognito user it did not create (SignUp says the e-mail exists)', async () => {
    t.idp
      .on(SignUpCommand)
      .rejects(new UsernameExistsException({ message: 'User already exists', $metadata: {} }));

    const res = await register(autonomo);

    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'email' });
    expect(t.idp.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it.each([
    [{ ...autonomo, password: 'corta1A' }, 'password', 'La contraseña debe tener al menos 12 caracteres.'],
    [
      { ...autonomo, password: 'sinmayusculas1' },
      'password',
      'La contraseña debe incluir al menos una letra mayúscula.',
    ],
    [
      { ...autonomo, password: 'SINMINUSCULAS1' },
      'password',
      'La contraseña debe incluir al menos una letra minúscula.',
    ],
    [
      { ...autonomo, password: 'SinNumerosAqui' },
      'password',
      'La contraseña debe incluir al menos un número.',
    ],
    [{ ...autonomo, acceptTerms: false }, 'acceptTerms', 'Debes aceptar los términos y condiciones.'],
    [{ ...autonomo, company: { nif: '12345678A' } }, 'company.nif', 'La letra del DNI no es correcta.'],
    [
      { ...autonomo, company: { nif: 'B12345674' } },
      'company.nif',
      'El NIF de un autónomo debe ser un DNI o un NIE.',
    ],
    [{ ...autonomo, company: undefined }, 'company.nif', 'El NIF es obligatorio.'],
    [
      { ...sociedad, company: { ...sociedad.company, nif: '12345678Z' } },
      'company.nif',
      'El NIF de una sociedad debe ser un CIF.',
    ],
    [
      { ...sociedad, company: { ...sociedad.company, companyType: undefined } },
      'company.companyType',
      undefined,
    ],
    [{ ...gestoria, firmName: undefined }, 'firmName', 'El nombre de la gestoría es obligatorio.'],
    [{ ...autonomo, accountType: 'OTRO' }, 'accountType', 'El tipo de cuenta no es válido.'],
  ])('refuses an invalid request with 400 CORE_004 on the field (%#)', async (body, field, message) => {
    const res = await register(body);

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field });
    if (message) expect(res.envelope.error?.message).toBe(`${field}: ${message}`);
    expect(t.idp.commandCalls(SignUpCommand)).toHaveLength(0);
  });
});
