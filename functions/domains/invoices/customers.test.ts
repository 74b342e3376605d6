import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
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
import type { Customer } from '@shared/schemas/invoices';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoicesActions } from './handler';
import { customerItem } from './store/customers';
import type { InvoicesDeps } from './store/deps';

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';
const T0 = new Date('2026-03-02T10:00:00.000Z');

const env: Record<string, string> = { TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' };
useEnv(env);

const db = mockClient(DynamoDBDocumentClient);
let ids = 0;
const deps: InvoicesDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(T0),
  newId: () => `id${++ids}`,
};
// The real pipeline (auth, membership check through DynamoDB, zod) with injected deps.
const handler = createApiHandler('invoices', invoicesActions, () => deps);

async function call<T = unknown>(options: Omit<ApiEventOptions, 'claims'>) {
  const event = apiEvent({
    claims: { sub: USER, groups: ['GESTOR'] },
    ...options,
    headers: { 'x-company-id': COMPANY, ...options.headers },
  });
  return readResponse<T>(await handler(event, lambdaContext()));
}

const transactions = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const valid = {
  name: 'Panadería Peña SL',
  taxId: 'b-1234567-4',
  address: {
    street: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
  },
  email: 'compras@pena.es',
  paymentTermsDays: 30,
  iban: 'ES91 2100 0418 4502 0005 1332',
  vatTreatment: 'DOMESTIC',
};

const stored = (over: Partial<Customer> = {}): Customer => ({
  customerId: 'c1',
  companyId: COMPANY,
  name: 'Panadería Peña SL',
  taxId: 'B12345674',
  address: {
    street: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
  },
  paymentTermsDays: 30,
  vatTreatment: 'DOMESTIC',
  isActive: true,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

beforeEach(() => {
  db.reset();
  ids = 0;
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(TransactWriteCommand).resolves({});
});

describe('customers: create', () => {
  it('creates the customer and claims its normalised NIF in one transaction', async () => {
    const res = await call<Customer>({ routeId: 'customers.create', body: valid });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      customerId: 'id1',
      taxId: 'B12345674',
      iban: 'ES9121000418450200051332',
      isActive: true,
    });
    const [items] = transactions();
    expect(items).toHaveLength(2);
    expect(items![0]!.Put!.Item).toMatchObject({ ...keys.customer(COMPANY, 'id1'), entity: 'Customer' });
    expect(items![0]!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(items![1]!.Put!.Item).toMatchObject({
      ...keys.customerTaxIdClaim(COMPANY, 'ES:NIF:B12345674'),
      customerId: 'id1',
    });
    expect(items![1]!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('accepts an intra-EU customer with the NIF-IVA of another member state', async () => {
    const res = await call<Customer>({
      routeId: 'customers.create',
      body: {
        ...valid,
        taxId: { type: 'NIF_IVA', value: 'de 123 456 789', country: 'DE' },
        address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
        vatTreatment: 'INTRA_EU',
      },
    });

    expect(res.status).toBe(201);
    expect(res.envelope.data?.taxId).toEqual({ type: 'NIF_IVA', value: 'DE123456789', country: 'DE' });
  });

  it.each([
    ['a bad NIF', { taxId: '12345678A' }, 'taxId'],
    ['a bad IBAN', { iban: 'ES9121000418450200051333' }, 'iban'],
    [
      'a NIF-IVA without its country prefix format',
      { taxId: { type: 'NIF_IVA', value: 'DE12', country: 'DE' } },
      'taxId.value',
    ],
    [
      'a NIF-IVA of a non-EU country',
      { taxId: { type: 'NIF_IVA', value: 'US123456789', country: 'US' } },
      'taxId.value',
    ],
    ['an unknown country', { address: { ...valid.address, country: 'XX' } }, 'address.country'],
    [
      'a bad Spanish postal code',
      { address: { ...valid.address, postalCode: '60001' } },
      'address.postalCode',
    ],
    ['INTRA_EU with a Spanish NIF', { vatTreatment: 'INTRA_EU' }, 'vatTreatment'],
    [
      'EXPORT to an EU country',
      {
        vatTreatment: 'EXPORT',
        taxId: { type: 'OTHER_ID', value: 'X1', country: 'FR' },
        address: { street: 'Rue 1', postalCode: '75001', city: 'Paris', country: 'FR' },
      },
      'vatTreatment',
    ],
    ['RECARGO_EQUIVALENCIA for an SL', { vatTreatment: 'RECARGO_EQUIVALENCIA' }, 'vatTreatment'],
    ['payment terms of 366 days', { paymentTermsDays: 366 }, 'paymentTermsDays'],
  ])('refuses %s with 400 CORE_004 naming the field, writing nothing', async (_, change, field) => {
    const res = await call({ routeId: 'customers.create', body: { ...valid, ...change } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field });
    expect(transactions()).toHaveLength(0);
  });

  it('accepts an export customer outside the EU and a recargo customer with a DNI', async () => {
    const exportRes = await call({
      routeId: 'customers.create',
      body: {
        ...valid,
        taxId: { type: 'PASSPORT', value: 'p123 456', country: 'US' },
        address: { street: '1 Main St', postalCode: '10001', city: 'New York', country: 'US' },
        vatTreatment: 'EXPORT',
      },
    });
    const reRes = await call({
      routeId: 'customers.create',
      body: { ...valid, taxId: '12345678Z', vatTreatment: 'RECARGO_EQUIVALENCIA' },
    });

    expect(exportRes.status).toBe(201);
    expect(reRes.status).toBe(201);
  });

  it('refuses a tax id already claimed in the company, naming the existing customer', async () => {
    db.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    db.on(GetCommand, { Key: keys.customerTaxIdClaim(COMPANY, 'ES:NIF:B12345674') }).resolves({
      Item: { customerId: 'c-old' },
    });

    const res = await call({ routeId: 'customers.create', body: valid });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'taxId',
      details: { reason: 'DUPLICATE_TAX_ID', customerId: 'c-old' },
    });
  });

  it('refuses a CLIENTE user with 403 CORE_002', async () => {
    db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
      Item: { companyRole: 'CLIENTE', permissions: ['VIEW_INVOICES'], isActive: true },
    });

    const res = await call({ routeId: 'customers.create', body: valid });

    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_002');
  });
});

describe('customers: read, update, delete', () => {
  it('looks a customer up only under the caller company: another id is 404', async () => {
    const res = await call({ routeId: 'customers.get', params: { customerId: 'elsewhere' } });

    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CORE_006');
    const keysRead = db.commandCalls(GetCommand).map((c) => c.args[0].input.Key);
    expect(keysRead).toContainEqual(keys.customer(COMPANY, 'elsewhere'));
  });

  it('DELETE is a soft delete: the customer stays, inactive, with its claim', async () => {
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({ Item: customerItem(stored()) });

    const res = await call<Customer>({ routeId: 'customers.delete', params: { customerId: 'c1' } });

    expect(res.status).toBe(200);
    expect(res.envelope.data?.isActive).toBe(false);
    const [items] = transactions();
    expect(items).toHaveLength(1);
    expect(items![0]!.Put!.Item).toMatchObject({ customerId: 'c1', isActive: false });
    expect(items![0]!.Put!.ConditionExpression).toBe('updatedAt = :seen');
  });

  it('a tax-id change moves the claim in the same transaction', async () => {
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({ Item: customerItem(stored()) });

    const res = await call({
      routeId: 'customers.update',
      params: { customerId: 'c1' },
      body: { ...valid, taxId: '12345678Z' },
    });

    expect(res.status).toBe(200);
    const [items] = transactions();
    expect(items![1]!.Put!.Item).toMatchObject(keys.customerTaxIdClaim(COMPANY, 'ES:NIF:12345678Z'));
    expect(items![2]!.Delete!.Key).toEqual(keys.customerTaxIdClaim(COMPANY, 'ES:NIF:B12345674'));
  });

  it('PUT without isActive keeps a soft-deleted customer inactive', async () => {
    db.on(GetCommand, { Key: keys.customer(COMPANY, 'c1') }).resolves({
      Item: customerItem(stored({ isActive: false })),
    });

    const res = await call<Customer>({
      routeId: 'customers.update',
      params: { customerId: 'c1' },
      body: { ...valid, name: 'Panadería Peña e Hijos SL' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ name: 'Panadería Peña e Hijos SL', isActive: false });
    expect(transactions()[0]).toHaveLength(1);
  });

  it('lists by name, searching name and tax id without accents, with the active filter', async () => {
    db.on(QueryCommand).resolves({
      Items: [
        customerItem(stored({ customerId: 'c1', name: 'Zapatería Núñez' })),
        customerItem(stored({ customerId: 'c2', name: 'Panadería Peña SL', taxId: '12345678Z' })),
        customerItem(stored({ customerId: 'c3', name: 'Árbol Verde', isActive: false })),
      ],
    });

    const all = await call<{ content: Customer[]; totalElements: number }>({ routeId: 'customers.list' });
    const byName = await call<{ content: Customer[] }>({
      routeId: 'customers.list',
      query: { search: 'PENA' },
    });
    const byNif = await call<{ content: Customer[] }>({
      routeId: 'customers.list',
      query: { search: '12345678' },
    });
    const active = await call<{ content: Customer[] }>({
      routeId: 'customers.list',
      query: { active: 'true' },
    });

    expect(all.envelope.data?.content.map((c) => c.customerId)).toEqual(['c3', 'c2', 'c1']);
    expect(byName.envelope.data?.content.map((c) => c.customerId)).toEqual(['c2']);
    expect(byNif.envelope.data?.content.map((c) => c.customerId)).toEqual(['c2']);
    expect(active.envelope.data?.content.map((c) => c.customerId)).toEqual(['c2', 'c1']);
  });

  it('refuses a page size above 100', async () => {
    const res = await call({ routeId: 'customers.list', query: { size: '101' } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'size' });
  });
});
