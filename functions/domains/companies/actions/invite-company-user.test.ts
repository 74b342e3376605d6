/**
 * Inviting someone to a company (issue #12 item 1): nobody joins without consent, and the answer
 * does not tell who has an account. Through the real pipeline (auth, membership check, access
 * policy, zod), DynamoDB mocked at the client.
 */

import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import {
  type Company,
  companyItem,
  type MembershipRecord,
  membershipItem,
  profileItem,
  type UserProfile,
} from '@shared/db/records';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { companiesActions } from '../handler';
import type { CompaniesDeps } from '../store/deps';

const TABLE = 'cuadra-test';
const T0 = new Date('2026-03-02T10:00:00.000Z');
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
let ids = 0;
const deps: CompaniesDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(T0),
  newId: () => `id${++ids}`,
  appUrl: 'https://app.cuadra.test',
};
const handler = createApiHandler('companies', companiesActions, () => deps);
const gestor = { sub: 'gestor-1', groups: ['GESTOR'] };

const company: Company = {
  companyId: 'c1',
  name: 'Panadería La Espiga SL',
  nif: 'B12345674',
  companyType: 'SL',
  isActive: true,
  siiEnabled: false,
  verifactuEnabled: false,
  address: {
    street: 'Calle Mayor 1',
    postalCode: '28001',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  createdBy: 'gestor-1',
};

const account = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  userId: 'user-7',
  email: 'marta@example.com',
  firstName: 'Marta',
  lastName: 'Sánchez',
  phone: '600111222',
  role: 'CLIENTE',
  isAutonomous: true,
  defaultCompanyId: 'c-marta',
  emailVerified: true,
  isActive: true,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...overrides,
});

const member = (userId: string, companyId: string, companyRole: MembershipRecord['companyRole']) =>
  membershipItem({
    companyId,
    userId,
    companyRole,
    permissions: [],
    isActive: true,
    email: `${userId}@example.com`,
    firstName: userId,
    lastName: '',
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
  });

/** The accounts that exist (found by e-mail on gsi1) and the memberships of each (gsi1 by user). */
function arrangeAccounts(accounts: UserProfile[], memberships: Record<string, unknown>[] = []) {
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const v = input.ExpressionAttributeValues ?? {};
    if (v[':sk'] === 'USER')
      return {
        Items: accounts.filter((a) => keys.userByEmail(a.email).gsi1pk === v[':pk']).map(profileItem),
      };
    return { Items: memberships.filter((m) => m.gsi1pk === v[':pk']) };
  });
}

async function invite(email: string, claims = gestor) {
  const options: ApiEventOptions = {
    routeId: 'companyUsers.invite',
    params: { companyId: 'c1' },
    claims,
    body: { email, firstName: 'Invitada', companyRole: 'CLIENTE', permissions: ['VIEW_INVOICES'] },
  };
  return readResponse(await handler(apiEvent(options), lambdaContext()));
}

type Tx = Record<string, { Item?: Record<string, unknown>; Key?: Record<string, unknown> }>;
const transactItems = (): Tx[] => {
  const calls = db.commandCalls(TransactWriteCommand);
  expect(calls).toHaveLength(1);
  return (calls[0]!.args[0].input.TransactItems ?? []) as Tx[];
};
const written = () => transactItems().map((t) => Object.values(t)[0]!.Item ?? Object.values(t)[0]!.Key);
/** Puts, updates and deletes outside the invitation's transaction (the old code added members so). */
const singleWrites = () =>
  db.commandCalls(PutCommand).length +
  db.commandCalls(UpdateCommand).length +
  db.commandCalls(DeleteCommand).length;
const isMembershipKey = (k: Record<string, unknown> | undefined) => String(k?.sk).startsWith('MEMBER#');

beforeEach(() => {
  db.reset();
  ids = 0;
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership('c1', 'gestor-1') }).resolves({
    Item: member('gestor-1', 'c1', 'GESTOR'),
  });
  db.on(GetCommand, { Key: keys.company('c1') }).resolves({ Item: companyItem(company) });
  db.on(TransactWriteCommand).resolves({});
  arrangeAccounts([account(), account({ userId: 'admin-1', email: 'admin@cuadra.test', role: 'ADMIN' })]);
});

describe('POST companies/{companyId}/users/invite', () => {
  it('answers a known and an unknown e-mail alike: same status, same shape, no user id', async () => {
    const known = await invite('marta@example.com');
    db.resetHistory();
    const unknown = await invite('nadie@example.com');

    expect(known.status).toBe(201);
    expect(unknown.status).toBe(known.status);
    const expiresAt = new Date(T0.getTime() + 7 * 86_400_000).toISOString();
    expect(known.envelope.data).toEqual({ status: 'INVITED', email: 'marta@example.com', expiresAt });
    expect(unknown.envelope.data).toEqual({ status: 'INVITED', email: 'nadie@example.com', expiresAt });
    expect(JSON.stringify(known.envelope)).not.toContain('user-7');
    expect(JSON.stringify(known.envelope)).not.toContain('ADDED');
  });

  it('leaves an existing account out of the company: a pending invitation, its e-mail and bell notification', async () => {
    await invite('marta@example.com');

    expect(singleWrites()).toBe(0);
    const items = written();
    expect(items.some(isMembershipKey)).toBe(false);
    expect(items.some((i) => i?.pk === keys.userProfile('user-7').pk && i?.sk === 'PROFILE')).toBe(false);
    const [invitation, mail, notification, counter] = items;
    expect(invitation).toMatchObject({
      ...keys.invitation('c1', 'marta@example.com'),
      ...keys.invitationByUser('user-7', 'c1'),
      invitationId: 'id1',
      userId: 'user-7',
      companyRole: 'CLIENTE',
      permissions: ['VIEW_INVOICES'],
    });
    expect(invitation).not.toHaveProperty('tokenHash');
    expect(mail).toMatchObject({ entity: 'Outbox', payload: { to: ['marta@example.com'] } });
    const text = String((mail as { payload: { text: string } }).payload.text);
    expect(text).toContain('Hola Marta:');
    expect(text).toContain('No formarás parte de la empresa hasta que aceptes la invitación.');
    expect(text).toContain('https://app.cuadra.test/app/profile#invitaciones');
    // In a company the account already belongs to: the one its bell shows.
    expect(notification).toMatchObject({
      userId: 'user-7',
      companyId: 'c-marta',
      type: 'company_invitation',
      link: '/app/profile#invitaciones',
    });
    expect(counter).toEqual(keys.notificationCounter('user-7', 'c-marta'));
  });

  it('sends someone without an account a single-use activation link, as before', async () => {
    await invite('nadie@example.com');

    const [invitation, token, mail] = written();
    expect(invitation).toMatchObject({ ...keys.invitation('c1', 'nadie@example.com'), invitationId: 'id1' });
    expect(invitation).not.toHaveProperty('userId');
    expect(invitation).not.toHaveProperty('gsi1pk');
    expect(token).toMatchObject({
      kind: 'INVITE',
      companyId: 'c1',
      email: 'nadie@example.com',
      pk: `TOKEN#${String((invitation as { tokenHash: string }).tokenHash)}`,
    });
    expect(String((mail as { payload: { text: string } }).payload.text)).toContain(
      'https://app.cuadra.test/client/activate?token=',
    );
  });

  it('does not attach the platform administrator: it gets an invitation like anyone', async () => {
    const res = await invite('admin@cuadra.test');

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({ status: 'INVITED', email: 'admin@cuadra.test' });
    expect(written().some(isMembershipKey)).toBe(false);
    expect(singleWrites()).toBe(0);
  });

  it('notifies an account without a default company in a company it belongs to, and none without one', async () => {
    arrangeAccounts(
      [
        account({ defaultCompanyId: undefined }),
        account({ userId: 'user-8', email: 'solo@example.com', defaultCompanyId: undefined }),
      ],
      [member('user-7', 'c-other', 'OWNER')],
    );

    await invite('marta@example.com');
    expect(written()[2]).toMatchObject({ userId: 'user-7', companyId: 'c-other' });

    db.resetHistory();
    await invite('solo@example.com');
    expect(written()).toHaveLength(2);
  });

  it('respects an account that switched off in-app notifications (the e-mail still goes)', async () => {
    db.on(GetCommand, { Key: keys.notificationPreferences('user-7') }).resolves({
      Item: { preferences: { channels: { IN_APP: false, EMAIL: true } } },
    });

    await invite('marta@example.com');

    expect(written().map((i) => i?.entity)).toEqual(['Invitation', 'Outbox']);
  });

  it('refuses an account that already belongs to the company, writing nothing', async () => {
    db.on(GetCommand, { Key: keys.membership('c1', 'user-7') }).resolves({
      Item: member('user-7', 'c1', 'CLIENTE'),
    });

    const res = await invite('marta@example.com');

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      message: 'Este usuario ya pertenece a la empresa.',
      field: 'email',
    });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a CLIENTE of the company before reading the body', async () => {
    db.on(GetCommand, { Key: keys.membership('c1', 'client-1') }).resolves({
      Item: member('client-1', 'c1', 'CLIENTE'),
    });

    const res = await invite('marta@example.com', { sub: 'client-1', groups: ['CLIENTE'] });

    expect(res.status).toBe(403);
    expect(db.commandCalls(QueryCommand)).toHaveLength(0);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
