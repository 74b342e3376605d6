/**
 * PUT /companies/{companyId}: once the company has a tax profile, SII, large company and REDEME are
 * census facts of that profile (issue 13) and are changed there, never here.
 */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuthContext } from '@functions/platform/auth-context';
import { testDocumentClient } from '@functions/platform/testing/env';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type Company, companyItem } from '@shared/db/records';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompaniesDeps } from '../store/deps';
import { siiSinceChange, updateCompany } from './update-company';

const client = testDocumentClient();
const db = mockClient(client);
const deps: CompaniesDeps = {
  db: client,
  table: 'cuadra',
  now: () => new Date('2026-11-26T10:00:00Z'),
  newId: () => 'id1',
  appUrl: 'http://localhost:3000',
};
const company: Company = {
  companyId: 'co-1',
  name: 'Panadería La Espiga SL',
  nif: 'B46128732',
  companyType: 'SL',
  isActive: true,
  siiEnabled: false,
  verifactuEnabled: true,
  address: {
    street: 'Carrer de Sueca 18',
    postalCode: '46006',
    city: 'València',
    province: 'Valencia',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u-1',
};
const auth = { userId: 'u-1', isAdmin: false, groups: ['GESTOR'] } as unknown as AuthContext;
const scope = { companyId: 'co-1', membership: undefined };

function withProfile(has: boolean) {
  db.on(GetCommand, { Key: keys.company('co-1') }).resolves({ Item: companyItem(company) });
  db.on(GetCommand, { Key: keys.taxProfile('co-1') }).resolves(has ? { Item: { pk: 'x' } } : {});
}

beforeEach(() => {
  db.reset();
  db.on(TransactWriteCommand).resolves({});
});

describe('PUT /companies/{companyId} and the tax profile', () => {
  it('refuses to change SII, large company or REDEME when a tax profile holds them', async () => {
    withProfile(true);
    for (const body of [
      { siiEnabled: true },
      { fiscal: { largeCompany: true } },
      { fiscal: { redeme: true } },
    ]) {
      const refused = await updateCompany({ auth, scope, body }, deps).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('CORE_004');
    }
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('lets other fields, and the same values, through with a profile; and anything without one', async () => {
    withProfile(true);
    await updateCompany(
      { auth, scope, body: { name: 'Panadería La Espiga S.L.', siiEnabled: false } },
      deps,
    ).catch(() => undefined);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);

    db.reset();
    db.on(TransactWriteCommand).resolves({});
    withProfile(false);
    await updateCompany({ auth, scope, body: { siiEnabled: true } }, deps).catch(() => undefined);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('PUT /companies/{companyId}: siiSince (issue 16)', () => {
  const written = () =>
    db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!.Item as Company;

  it('stores the Madrid day the SII is switched on, and clears it when switched off', async () => {
    withProfile(false);
    await updateCompany({ auth, scope, body: { siiEnabled: true } }, deps).catch(() => undefined);
    expect(written()).toMatchObject({ siiEnabled: true, siiSince: '2026-11-26' });

    db.reset();
    db.on(TransactWriteCommand).resolves({});
    db.on(GetCommand, { Key: keys.company('co-1') }).resolves({
      Item: companyItem({ ...company, siiEnabled: true, siiSince: '2026-01-01' }),
    });
    db.on(GetCommand, { Key: keys.taxProfile('co-1') }).resolves({});
    await updateCompany({ auth, scope, body: { name: 'Otra SL' } }, deps).catch(() => undefined);
    expect(written().siiSince).toBe('2026-01-01');

    db.resetHistory();
    await updateCompany({ auth, scope, body: { siiEnabled: false } }, deps).catch(() => undefined);
    expect(written()).toMatchObject({ siiEnabled: false, siiSince: null });
  });

  it('a day that is still the previous one in UTC is the Madrid day', () => {
    expect(siiSinceChange({ siiEnabled: false }, true, new Date('2026-12-31T23:30:00Z'))).toEqual({
      siiSince: '2027-01-01',
    });
    expect(siiSinceChange({ siiEnabled: true }, true, new Date())).toEqual({});
  });
});
