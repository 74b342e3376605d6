import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { Customer } from '@shared/schemas/customers';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerItem } from './store/customers';
import { COMPANY, cancelled, invoicesHarness, T0, USER } from './testing/harness';

const { db, call, transactions, resetIds } = invoicesHarness('id');

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
  resetIds();
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
