/** POST /companies: a company born in the SII records the day it entered (issue 16, `siiSince`). */

import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuthContext } from '@functions/platform/auth-context';
import { testDocumentClient } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { Company } from '@shared/db/records';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompaniesDeps } from '../store/deps';
import { createCompany } from './create-company';

const client = testDocumentClient();
const db = mockClient(client);
const deps: CompaniesDeps = {
  db: client,
  table: 'cuadra',
  now: () => new Date('2026-03-31T22:30:00Z'),
  newId: () => 'co-9',
  appUrl: 'http://localhost:3000',
};
const auth = { userId: 'u-1', isAdmin: false, role: 'GESTOR', groups: ['GESTOR'] } as unknown as AuthContext;
const body = {
  name: 'Transportes Levante SA',
  nif: 'A46103834',
  companyType: 'SA' as const,
  address: {
    street: 'Av. del Puerto 1',
    postalCode: '46024',
    city: 'València',
    province: 'Valencia',
    country: 'ES',
  },
};

beforeEach(() => {
  db.reset();
  db.on(GetCommand, { Key: keys.userProfile('u-1') }).resolves({
    Item: { userId: 'u-1', email: 'g@example.com', firstName: 'Ana', lastName: 'Gil' },
  });
  db.on(TransactWriteCommand).resolves({});
});

const written = () =>
  db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!.Item as Company;

describe('POST /companies: siiSince', () => {
  it('a large company enters the SII on the Madrid day of its creation', async () => {
    const res = await createCompany({ auth, body: { ...body, fiscal: { largeCompany: true } } }, deps);
    expect(written()).toMatchObject({ siiEnabled: true, siiSince: '2026-04-01' });
    expect(res).toMatchObject({ siiEnabled: true, siiSince: '2026-04-01' });
  });

  it('a company outside the SII has none', async () => {
    const res = await createCompany({ auth, body }, deps);
    expect(written().siiEnabled).toBe(false);
    expect(written()).not.toHaveProperty('siiSince');
    expect(res).toMatchObject({ siiSince: null });
  });
});
