/**
 * 'Mi ficha de cliente' and 'Mis usuarios' through the real pipeline (auth, the membership GetItem,
 * the route's policy, zod) over the in-memory table: a CLIENTE reads and edits its own contact, never
 * the company's fields; 'Mis usuarios' follows the company type for a CLIENTE; another company's
 * data is out of reach.
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import {
  type ClientPermission,
  type Company,
  type CompanyRole,
  type CompanyType,
  companyItem,
  membershipItem,
  profileItem,
} from '@shared/db/records';
import {
  type ClientProfileView,
  type ClientUsersAnswer,
  COMPANY_CONTACT_FORBIDDEN,
  MY_USERS_NOT_AVAILABLE,
  NO_CLIENT_PROFILE,
  PHONE_NEEDED_FOR_CALLS,
} from '@shared/schemas/client-profile';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientProfileActions } from './actions/client-profile';
import type { CompaniesDeps } from './store/deps';

const TABLE = 'cuadra-client-profile-test';
const NOW = new Date('2026-11-27T12:00:00.000Z');
const CREATED = '2025-01-01T00:00:00.000Z';
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
const deps: CompaniesDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(NOW),
  newId: () => 'id-1',
  appUrl: 'http://localhost:3000',
};
const handler = createApiHandler(
  'companies',
  clientProfileActions as unknown as ActionsOf<'companies', CompaniesDeps>,
  () => deps,
);

async function call<T>(
  routeId: RouteId,
  who: { userId: string; group: 'GESTOR' | 'CLIENTE' | 'ADMIN' },
  companyId: string,
  body?: unknown,
) {
  const event = apiEvent({
    routeId,
    claims: { sub: who.userId, groups: [who.group] },
    headers: { 'x-company-id': companyId },
    ...(body === undefined ? {} : { body }),
  });
  return readResponse<T>((await handler(event, lambdaContext())) as APIGatewayProxyResult);
}

const CLIENT = { userId: 'c1', group: 'CLIENTE' } as const;
const GESTOR = { userId: 'g1', group: 'GESTOR' } as const;
const ADMIN = { userId: 'a1', group: 'ADMIN' } as const;

function seedCompany(companyId: string, companyType: CompanyType, extra: Partial<Company> = {}) {
  const c: Company = {
    companyId,
    name: `Empresa ${companyId}`,
    nif: 'B12345674',
    companyType,
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: true,
    email: 'hola@empresa.es',
    phone: '963 000 000',
    address: {
      street: 'Calle Mayor 1',
      postalCode: '46001',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt: CREATED,
    updatedAt: CREATED,
    createdBy: 'g1',
    ...extra,
  };
  table.put(companyItem(c));
}

function seedMember(
  companyId: string,
  userId: string,
  companyRole: CompanyRole,
  opts: { permissions?: ClientPermission[]; isActive?: boolean; firstName?: string } = {},
) {
  table.put(
    membershipItem({
      companyId,
      userId,
      companyRole,
      permissions: opts.permissions ?? [],
      isActive: opts.isActive ?? true,
      email: `${userId}@cuadra.test`,
      firstName: opts.firstName ?? userId,
      lastName: 'Pérez',
      createdAt: CREATED,
      updatedAt: CREATED,
    }),
  );
}

function seedProfile(userId: string, phone?: string) {
  table.put(
    profileItem({
      userId,
      email: `${userId}@cuadra.test`,
      firstName: `Nombre ${userId}`,
      lastName: 'Pérez',
      ...(phone ? { phone } : {}),
      role: userId.startsWith('g') ? 'GESTOR' : userId.startsWith('a') ? 'ADMIN' : 'CLIENTE',
      isAutonomous: false,
      emailVerified: true,
      isActive: true,
      createdAt: CREATED,
      updatedAt: CREATED,
    }),
  );
}

beforeEach(() => {
  table.reset();
  seedCompany('co-sl', 'SL');
  seedCompany('co-auto', 'AUTONOMO');
  seedCompany('co-cb', 'CB');
  seedCompany('co-other', 'SA');
  seedProfile('c1');
  seedProfile('g1', '+34 600 111 222');
  seedProfile('a1');
  for (const co of ['co-sl', 'co-auto', 'co-cb']) {
    seedMember(co, 'g1', 'GESTOR', { firstName: 'Lucía' });
    seedMember(co, 'c1', 'CLIENTE', { permissions: ['VIEW_INVOICES', 'UPLOAD_DOCUMENTS'], firstName: 'Ana' });
  }
  seedMember('co-sl', 'o1', 'OWNER', { firstName: 'Zoe' });
  seedMember('co-sl', 'c2', 'CLIENTE', { isActive: false, firstName: 'Berta' });
  seedMember('co-other', 'g2', 'GESTOR');
});

const item = (key: { pk: string; sk: string }) => table.get(key) as Record<string, unknown> | undefined;

describe('GET /client/profile', () => {
  it('answers the caller its own ficha: account, contact and the company as stored', async () => {
    const res = await call<ClientProfileView>('clientProfile.get', CLIENT, 'co-sl');
    expect(res.status).toBe(200);
    const view = res.envelope.data!;
    expect(view.account).toEqual({
      userId: 'c1',
      firstName: 'Nombre c1',
      lastName: 'Pérez',
      email: 'c1@cuadra.test',
    });
    expect(view.companyRole).toBe('CLIENTE');
    expect(view.permissions).toEqual(['VIEW_INVOICES', 'UPLOAD_DOCUMENTS']);
    expect(view.contact).toEqual({
      phone: null,
      position: null,
      preferredChannel: null,
      preferredHours: null,
    });
    expect(view.company).toMatchObject({
      name: 'Empresa co-sl',
      nif: 'B12345674',
      companyType: 'SL',
      email: 'hola@empresa.es',
      phone: '963 000 000',
    });
    expect(view.canEditCompanyContact).toBe(false);
  });

  it('refuses a company the caller does not belong to, and an ADMIN who is not a member has no ficha', async () => {
    const foreign = await call('clientProfile.get', CLIENT, 'co-other');
    expect(foreign.status).toBe(403);
    expect(foreign.envelope.error?.code).toBe('CORE_003');
    const admin = await call('clientProfile.get', ADMIN, 'co-sl');
    expect(admin.status).toBe(404);
    expect(admin.envelope.error?.message).toBe(NO_CLIENT_PROFILE);
  });
});

describe('PUT /client/profile', () => {
  it('updates the caller’s contact: phone on the account, the rest on its membership, in one transaction', async () => {
    const res = await call<ClientProfileView>('clientProfile.update', CLIENT, 'co-sl', {
      phone: '+34 612 345 678',
      position: 'Administradora',
      preferredChannel: 'PHONE',
      preferredHours: 'Mañanas, de 9:00 a 14:00',
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.contact).toEqual({
      phone: '+34 612 345 678',
      position: 'Administradora',
      preferredChannel: 'PHONE',
      preferredHours: 'Mañanas, de 9:00 a 14:00',
    });
    expect(item(keys.userProfile('c1'))?.phone).toBe('+34 612 345 678');
    const m = item(keys.membership('co-sl', 'c1'));
    expect(m?.position).toBe('Administradora');
    expect(m?.clientContact).toEqual({
      preferredChannel: 'PHONE',
      preferredHours: 'Mañanas, de 9:00 a 14:00',
    });
    expect(m?.updatedAt).toBe(NOW.toISOString());
    // The other company's membership is untouched.
    expect(item(keys.membership('co-cb', 'c1'))?.position).toBeUndefined();

    // What GET answers afterwards is what was stored; null clears.
    const cleared = await call<ClientProfileView>('clientProfile.update', CLIENT, 'co-sl', {
      position: null,
      preferredChannel: 'EMAIL',
      preferredHours: null,
    });
    expect(cleared.status).toBe(200);
    const read = await call<ClientProfileView>('clientProfile.get', CLIENT, 'co-sl');
    expect(read.envelope.data?.contact).toEqual({
      phone: '+34 612 345 678',
      position: null,
      preferredChannel: 'EMAIL',
      preferredHours: null,
    });
  });

  it('refuses the company’s fields to a CLIENTE, writing nothing of the request', async () => {
    const before = item(keys.company('co-sl'));
    const res = await call('clientProfile.update', CLIENT, 'co-sl', {
      position: 'Gerente',
      company: { phone: '961 111 111' },
    });
    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_002');
    expect(res.envelope.error?.message).toBe(COMPANY_CONTACT_FORBIDDEN);
    expect(item(keys.company('co-sl'))).toEqual(before);
    expect(item(keys.membership('co-sl', 'c1'))?.position).toBeUndefined();
  });

  it('lets the company’s gestor change the company’s contact fields, never its name or NIF', async () => {
    const res = await call<ClientProfileView>('clientProfile.update', GESTOR, 'co-sl', {
      company: {
        email: 'Admin@Empresa.es',
        phone: null,
        address: {
          street: 'Avenida del Puerto 4',
          postalCode: '46023',
          city: 'Valencia',
          province: 'Valencia',
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.canEditCompanyContact).toBe(true);
    const stored = item(keys.company('co-sl'));
    expect(stored?.email).toBe('admin@empresa.es');
    expect(stored?.phone).toBeUndefined();
    expect(stored?.address).toEqual({
      street: 'Avenida del Puerto 4',
      postalCode: '46023',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    });
    expect(stored?.name).toBe('Empresa co-sl');

    const renaming = await call('clientProfile.update', GESTOR, 'co-sl', { company: { name: 'Otra' } });
    expect(renaming.status).toBe(400);
    expect(item(keys.company('co-sl'))?.name).toBe('Empresa co-sl');
  });

  it('validates with Spanish messages: phone, e-mail, channel, an empty body, calls without a phone', async () => {
    const badPhone = await call('clientProfile.update', CLIENT, 'co-sl', { phone: '12ab' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.envelope.error?.field).toBe('phone');
    expect(badPhone.envelope.error?.message).toMatch(/El teléfono no es válido/);

    const badEmail = await call('clientProfile.update', GESTOR, 'co-sl', {
      company: { email: 'no-es-email' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.envelope.error?.field).toBe('company.email');
    expect(badEmail.envelope.error?.message).toMatch(/El email no es válido\./);

    const badChannel = await call('clientProfile.update', CLIENT, 'co-sl', { preferredChannel: 'FAX' });
    expect(badChannel.status).toBe(400);

    const empty = await call('clientProfile.update', CLIENT, 'co-sl', {});
    expect(empty.status).toBe(400);
    expect(empty.envelope.error?.message).toBe('No hay ningún cambio que guardar.');

    const noPhone = await call('clientProfile.update', CLIENT, 'co-sl', { preferredChannel: 'PHONE' });
    expect(noPhone.status).toBe(400);
    expect(noPhone.envelope.error?.message).toBe(PHONE_NEEDED_FOR_CALLS);
    expect(item(keys.membership('co-sl', 'c1'))?.clientContact).toBeUndefined();
  });

  it('refuses to overwrite a ficha changed since it was read', async () => {
    table.failWhen((command) => {
      if (command !== 'TransactWrite') return undefined;
      // Someone saved the membership between our read and our write.
      const m = item(keys.membership('co-sl', 'c1'));
      if (m) table.put({ ...m, updatedAt: '2026-11-27T11:59:59.000Z' });
      return undefined;
    });
    const res = await call('clientProfile.update', CLIENT, 'co-sl', { position: 'Gerente' });
    table.failWhen(undefined);
    expect(res.status).toBe(400);
    expect(res.envelope.error?.details).toEqual({ reason: 'CONCURRENT_UPDATE' });
    expect(item(keys.membership('co-sl', 'c1'))?.position).toBeUndefined();
  });
});

describe('GET /client/users', () => {
  it('lists an SL’s active members for a CLIENTE: role order, permissions only for clients, no invitations', async () => {
    const res = await call<ClientUsersAnswer>('clientUsers.list', CLIENT, 'co-sl');
    expect(res.status).toBe(200);
    const users = res.envelope.data!.users;
    expect(users.map((u) => [u.userId, u.companyRole, u.status])).toEqual([
      ['o1', 'OWNER', 'ACTIVE'],
      ['g1', 'GESTOR', 'ACTIVE'],
      ['c1', 'CLIENTE', 'ACTIVE'],
    ]);
    expect(users.find((u) => u.userId === 'c1')).toMatchObject({
      permissions: ['VIEW_INVOICES', 'UPLOAD_DOCUMENTS'],
      isYou: true,
      email: 'c1@cuadra.test',
    });
    expect(users.find((u) => u.userId === 'g1')?.permissions).toBeNull();
  });

  it('refuses a CLIENTE of an AUTONOMO or CB company with the menu’s rule; staff always pass', async () => {
    for (const co of ['co-auto', 'co-cb']) {
      const res = await call('clientUsers.list', CLIENT, co);
      expect(res.status).toBe(403);
      expect(res.envelope.error?.message).toBe(MY_USERS_NOT_AVAILABLE);
    }
    const staff = await call<ClientUsersAnswer>('clientUsers.list', GESTOR, 'co-auto');
    expect(staff.status).toBe(200);
    expect(staff.envelope.data?.users.map((u) => u.userId)).toEqual(['g1', 'c1']);
    // Staff also see inactive members.
    const sl = await call<ClientUsersAnswer>('clientUsers.list', GESTOR, 'co-sl');
    expect(sl.envelope.data?.users.find((u) => u.userId === 'c2')?.status).toBe('INACTIVE');
  });

  it('refuses a company the caller does not belong to', async () => {
    const res = await call('clientUsers.list', CLIENT, 'co-other');
    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_003');
  });
});
