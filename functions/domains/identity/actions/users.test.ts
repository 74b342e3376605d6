import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { MembershipRecord } from '@shared/db/records';
import type { ProfileResult } from '@shared/schemas/identity';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  company,
  conditionalFailure,
  items,
  membership,
  profile,
  setupIdentity,
  TABLE,
} from '../testing/support';

const t = setupIdentity();
const ana = { sub: 'user-1', groups: ['CLIENTE'] };

/** Memberships by user (gsi1) and by company (table), answered from one list. */
function arrangeMemberships(all: MembershipRecord[]) {
  t.db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const v = input.ExpressionAttributeValues ?? {};
    const pk = String(v[':pk']);
    const rows =
      input.IndexName === 'gsi1'
        ? all.filter((m) => pk === keys.membershipByUserPrefix(m.userId).gsi1pk)
        : all.filter((m) => pk === keys.membershipPrefix(m.companyId).pk);
    return { Items: rows.map(items.membership) };
  });
}

beforeEach(() => t.reset());

describe('GET users/profile', () => {
  it('answers USER_NOT_FOUND (401) when the caller has no profile, so the client logs out', async () => {
    t.db.on(GetCommand).resolves({});

    const res = await t.call({ routeId: 'users.getProfile', claims: ana });

    expect(res.status).toBe(401);
    expect(res.envelope.error).toMatchObject({ code: 'USER_NOT_FOUND', message: 'El usuario no existe.' });
  });

  it('answers the profile with the company entries', async () => {
    t.db.on(GetCommand, { Key: keys.userProfile('user-1') }).resolves({
      Item: items.profile(profile({ defaultCompanyId: 'c1', isAutonomous: true })),
    });
    arrangeMemberships([membership({ permissions: ['VIEW_INVOICES'] })]);
    t.db.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [items.company(company())] } });

    const res = await t.call<ProfileResult>({ routeId: 'users.getProfile', claims: ana });

    expect(res.status).toBe(200);
    const data = res.envelope.data as ProfileResult;
    expect(data).toMatchObject({
      userId: 'user-1',
      isAutonomous: true,
      clientPermissions: ['VIEW_INVOICES'],
    });
    expect(data.companies).toEqual([expect.objectContaining({ companyId: 'c1', isDefault: true })]);
    expect(data).not.toHaveProperty('pk');
  });

  it('answers 401 CORE_001 without the authorizer claims', async () => {
    const res = await t.call({ routeId: 'users.getProfile' });

    expect(res.status).toBe(401);
    expect(res.envelope.error?.code).toBe('CORE_001');
  });
});

describe('PUT users/profile', () => {
  it('updates names and phone only, and refreshes the membership snapshots', async () => {
    t.db.on(UpdateCommand, { Key: keys.userProfile('user-1') }).resolves({
      Attributes: items.profile(profile({ firstName: 'Anabel', phone: '600111222' })),
    });
    t.db.on(UpdateCommand, { Key: keys.membership('c1', 'user-1') }).resolves({});
    arrangeMemberships([membership()]);
    t.db.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [items.company(company())] } });

    const res = await t.call<ProfileResult>({
      routeId: 'users.updateProfile',
      claims: ana,
      body: { firstName: ' Anabel ', phone: '600111222', email: 'otra@example.com', role: 'ADMIN' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      firstName: 'Anabel',
      phone: '600111222',
      email: 'ana@example.com',
    });
    const update = t.db.commandCalls(UpdateCommand, { Key: keys.userProfile('user-1') })[0]!.args[0].input;
    expect(update.ExpressionAttributeNames).toEqual({ '#firstName': 'firstName', '#phone': 'phone' });
    expect(update.ExpressionAttributeValues).toMatchObject({ ':firstName': 'Anabel', ':phone': '600111222' });
    expect(JSON.stringify(update)).not.toContain('otra@example.com');
    expect(JSON.stringify(update)).not.toContain('ADMIN');
    const snapshot = t.db.commandCalls(UpdateCommand, { Key: keys.membership('c1', 'user-1') })[0]!.args[0]
      .input;
    expect(snapshot.ExpressionAttributeValues).toMatchObject({ ':f': 'Anabel', ':l': 'García' });
  });

  it('answers USER_NOT_FOUND when the profile does not exist', async () => {
    t.db.on(UpdateCommand).rejects(conditionalFailure());

    const res = await t.call({ routeId: 'users.updateProfile', claims: ana, body: { lastName: 'López' } });

    expect(res.envelope.error?.code).toBe('USER_NOT_FOUND');
  });

  it('refuses an invalid phone naming the field', async () => {
    const res = await t.call({ routeId: 'users.updateProfile', claims: ana, body: { phone: 'abc' } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'phone' });
  });
});

describe('GET users/{userId}', () => {
  const stranger = { sub: 'user-9', groups: ['CLIENTE'] };
  const gestor = { sub: 'gestor-1', groups: ['GESTOR'] };

  beforeEach(() => {
    t.db.on(GetCommand).resolves({});
    t.db
      .on(GetCommand, { Key: keys.userProfile('user-1') })
      .resolves({ Item: items.profile(profile({ phone: '600111222' })) });
    arrangeMemberships([
      membership({ companyId: 'c1', userId: 'user-1', companyRole: 'CLIENTE' }),
      membership({ companyId: 'c3', userId: 'user-1', companyRole: 'OWNER' }),
      membership({ companyId: 'c1', userId: 'gestor-1', companyRole: 'GESTOR' }),
      membership({ companyId: 'c2', userId: 'user-9', companyRole: 'OWNER' }),
      membership({ companyId: 'c1', userId: 'colleague', companyRole: 'MEMBER' }),
    ]);
  });

  it('answers 404 to a stranger, without reading the profile (existence is not revealed)', async () => {
    const res = await t.call({ routeId: 'users.get', params: { userId: 'user-1' }, claims: stranger });

    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CORE_006');
    expect(t.db.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers 404 to a plain member of the same company', async () => {
    const res = await t.call({
      routeId: 'users.get',
      params: { userId: 'user-1' },
      claims: { sub: 'colleague' },
    });

    expect(res.status).toBe(404);
  });

  it('answers a gestor of a shared company only name, e-mail and role there: no phone, no other company', async () => {
    const res = await t.call({ routeId: 'users.get', params: { userId: 'user-1' }, claims: gestor });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      userId: 'user-1',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'García',
      companies: [{ companyId: 'c1', companyRole: 'CLIENTE', isActive: true }],
    });
    expect(JSON.stringify(res.envelope.data)).not.toContain('600111222');
    expect(JSON.stringify(res.envelope.data)).not.toContain('c3');
    expect(t.db.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers 404 to a CLIENTE of a shared company, however the token calls it', async () => {
    arrangeMemberships([
      membership({ companyId: 'c1', userId: 'user-1', companyRole: 'OWNER' }),
      membership({
        companyId: 'c1',
        userId: 'client-7',
        companyRole: 'CLIENTE',
        permissions: ['VIEW_INVOICES'],
      }),
    ]);

    const res = await t.call({
      routeId: 'users.get',
      params: { userId: 'user-1' },
      claims: { sub: 'client-7', groups: ['GESTOR'] },
    });

    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CORE_006');
  });

  it('answers 404 to a gestor whose membership of the shared company is deactivated', async () => {
    arrangeMemberships([
      membership({ companyId: 'c1', userId: 'user-1', companyRole: 'CLIENTE' }),
      membership({ companyId: 'c1', userId: 'gestor-1', companyRole: 'GESTOR', isActive: false }),
    ]);

    const res = await t.call({ routeId: 'users.get', params: { userId: 'user-1' }, claims: gestor });

    expect(res.status).toBe(404);
  });

  it('answers the user itself and an ADMIN without looking at memberships', async () => {
    const self = await t.call({ routeId: 'users.get', params: { userId: 'user-1' }, claims: ana });
    const admin = await t.call({
      routeId: 'users.get',
      params: { userId: 'user-1' },
      claims: { sub: 'a', groups: ['ADMIN'] },
    });

    expect(self.status).toBe(200);
    expect(admin.status).toBe(200);
    expect(t.db.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('answers 404 to an ADMIN for a user that does not exist', async () => {
    const res = await t.call({
      routeId: 'users.get',
      params: { userId: 'nobody' },
      claims: { sub: 'a', groups: ['ADMIN'] },
    });

    expect(res.status).toBe(404);
  });

  it('refuses a malformed user id naming the field', async () => {
    const res = await t.call({ routeId: 'users.get', params: { userId: 'a b' }, claims: ana });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'userId' });
  });
});

describe('GET users/gestor-type', () => {
  it('counts the distinct clients across the companies a gestor manages', async () => {
    t.db.on(GetCommand).resolves({ Item: items.profile(profile({ userId: 'gestor-1', role: 'GESTOR' })) });
    arrangeMemberships([
      membership({ companyId: 'c1', userId: 'gestor-1', companyRole: 'GESTOR' }),
      membership({ companyId: 'c2', userId: 'gestor-1', companyRole: 'GESTOR' }),
      membership({ companyId: 'c1', userId: 'client-a', companyRole: 'OWNER' }),
      membership({ companyId: 'c1', userId: 'client-b', companyRole: 'CLIENTE' }),
      membership({ companyId: 'c2', userId: 'client-a', companyRole: 'CLIENTE' }),
      membership({ companyId: 'c2', userId: 'employee', companyRole: 'MEMBER' }),
      membership({ companyId: 'c2', userId: 'gone', companyRole: 'CLIENTE', isActive: false }),
    ]);

    const res = await t.call({
      routeId: 'users.gestorType',
      claims: { sub: 'gestor-1', groups: ['GESTOR'] },
    });

    expect(res.envelope.data).toEqual({
      type: 'GESTORIA',
      companyCount: 2,
      isAutonomous: false,
      clientCount: 2,
    });
  });

  it.each([
    [['CLIENTE'], true, 'AUTONOMO'],
    [['CLIENTE'], false, 'EMPRESA'],
    [['ADMIN'], false, 'ADMIN'],
  ])('classifies %j (autónomo %s) as %s', async (groups, isAutonomous, type) => {
    t.db.on(GetCommand).resolves({ Item: items.profile(profile({ isAutonomous })) });
    arrangeMemberships([membership()]);

    const res = await t.call({ routeId: 'users.gestorType', claims: { sub: 'user-1', groups } });

    expect(res.envelope.data).toEqual({ type, companyCount: 1, isAutonomous, clientCount: 0 });
  });
});
