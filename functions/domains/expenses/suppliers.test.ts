import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import type { Supplier } from '@shared/schemas/expenses';
import { describe, expect, it } from 'vitest';
import { categoryItem } from './store/categories';
import { supplierItem } from './store/suppliers';
import { COMPANY, call, cancelled, db, T0, transactions, useExpensesHarness } from './testing/harness';

useExpensesHarness();

const valid = {
  name: 'Eléctrica Peñalara SL',
  tradeName: 'Luz Peñalara',
  taxId: 'b-1234567-4',
  email: 'facturas@penalara.es',
  iban: 'ES91 2100 0418 4502 0005 1332',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
};

const stored = (over: Partial<Supplier> = {}): Supplier => ({
  supplierId: 's1',
  companyId: COMPANY,
  name: 'Eléctrica Peñalara SL',
  taxId: 'B12345674',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
  irpfRateBp: 0,
  isActive: true,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const category = (categoryId: string, isActive = true) =>
  categoryItem({
    categoryId,
    companyId: COMPANY,
    name: `Cat ${categoryId}`,
    pgcAccount: '628',
    deductibleBp: 10_000,
    order: 0,
    isActive,
    createdAt: T0.toISOString(),
    updatedAt: T0.toISOString(),
  });

const withSuppliers = (suppliers: Supplier[]) =>
  db.on(QueryCommand, { ExpressionAttributeValues: { ':prefix': 'SUPPLIER#' } }).resolves({
    Items: suppliers.map(supplierItem),
  });

describe('suppliers: create', () => {
  it('creates the supplier with its normalised NIF and claims the tax id in one transaction', async () => {
    const res = await call<Supplier>({ routeId: 'suppliers.create', body: valid });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      supplierId: 'id1',
      taxId: 'B12345674',
      iban: 'ES9121000418450200051332',
      irpfRateBp: 0,
      isActive: true,
    });
    const [items] = transactions();
    expect(items).toHaveLength(2);
    expect(items![0]!.Put!.Item).toMatchObject({ ...keys.supplier(COMPANY, 'id1'), entity: 'Supplier' });
    expect(items![1]!.Put).toMatchObject({
      Item: { ...keys.supplierTaxIdClaim(COMPANY, 'ES:NIF:B12345674'), supplierId: 'id1' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('accepts a foreign identifier and counts the default category as used, in the same transaction', async () => {
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'cat1') }).resolves({ Item: category('cat1') });

    const res = await call<Supplier>({
      routeId: 'suppliers.create',
      body: {
        ...valid,
        taxId: { type: 'NIF_IVA', value: 'fr 12 345678901', country: 'fr' },
        defaultExpenseCategoryId: 'cat1',
        irpfRateBp: 1500,
      },
    });

    expect(res.status).toBe(201);
    expect(res.envelope.data?.taxId).toEqual({ type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' });
    const [items] = transactions();
    expect(items!.map((i) => Object.keys(i)[0])).toEqual(['Put', 'Put', 'ConditionCheck', 'Update']);
    expect(items![2]!.ConditionCheck!.Key).toEqual(keys.expenseCategory(COMPANY, 'cat1'));
    expect(items![3]!.Update).toMatchObject({
      Key: keys.expenseCategoryUsage(COMPANY, 'cat1'),
      ExpressionAttributeValues: { ':d': 1 },
    });
  });

  it.each([
    ['a bad NIF', { taxId: '12345678A' }, 'taxId'],
    ['a bad IBAN', { iban: 'ES9121000418450200051333' }, 'iban'],
    ['a VAT rate that is not Spanish', { defaultVatRateBp: 1600 }, 'defaultVatRateBp'],
    ['an IRPF above 100 %', { irpfRateBp: 10_001 }, 'irpfRateBp'],
    ['a foreign id of an unknown type', { taxId: { type: 'DNI', value: 'X', country: 'FR' } }, 'taxId'],
    ['an empty name', { name: ' ' }, 'name'],
  ])('refuses %s with 400 CORE_004 naming the field, writing nothing', async (_, change, field) => {
    const res = await call({ routeId: 'suppliers.create', body: { ...valid, ...change } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field });
    expect(transactions()).toHaveLength(0);
  });

  it.each([
    [
      'a NIF-IVA without its country prefix',
      { taxId: { type: 'NIF_IVA', value: '12345678901', country: 'FR' } },
      'taxId.value',
      'El NIF-IVA debe empezar por el prefijo FR del país.',
    ],
    [
      'a NIF-IVA with the wrong format',
      { taxId: { type: 'NIF_IVA', value: 'IT1234567890', country: 'IT' } },
      'taxId.value',
      'El NIF-IVA no tiene el formato de IT.',
    ],
    [
      'a NIF-IVA of a country outside the EU',
      { taxId: { type: 'NIF_IVA', value: 'CHE123456789', country: 'CH' } },
      'taxId.value',
      'El NIF-IVA solo existe para países de la Unión Europea.',
    ],
    [
      'a Spanish NIF-IVA',
      { taxId: { type: 'NIF_IVA', value: 'ESB12345674', country: 'ES' } },
      'taxId.value',
      'Para un proveedor español indica su NIF, no un NIF-IVA.',
    ],
    [
      'an address in another country than the NIF-IVA’s',
      {
        taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' },
        address: { city: 'Bruxelles', country: 'BE' },
      },
      'address.country',
      'El país (BE) no coincide con el del NIF-IVA (FR).',
    ],
  ])('refuses %s with the Spanish message customers get', async (_, change, field, message) => {
    const res = await call({ routeId: 'suppliers.create', body: { ...valid, ...change } });

    expect(res.status).toBe(400);
    // The API prefixes a schema message with the field it names.
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field, message: `${field}: ${message}` });
    expect(transactions()).toHaveLength(0);
  });

  it('refuses a default category that does not exist in the company (or is deleted)', async () => {
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'gone') }).resolves({
      Item: category('gone', false),
    });

    for (const id of ['unknown', 'gone']) {
      const res = await call({
        routeId: 'suppliers.create',
        body: { ...valid, defaultExpenseCategoryId: id },
      });
      expect(res.status).toBe(400);
      expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'defaultExpenseCategoryId' });
    }
    expect(transactions()).toHaveLength(0);
  });

  it('refuses a duplicate tax id (the claim condition fails) naming the supplier that holds it', async () => {
    db.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    db.on(GetCommand, { Key: keys.supplierTaxIdClaim(COMPANY, 'ES:NIF:B12345674') }).resolves({
      Item: { supplierId: 's1' },
    });

    const res = await call({ routeId: 'suppliers.create', body: valid });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'taxId',
      details: { reason: 'DUPLICATE_TAX_ID', supplierId: 's1' },
    });
  });

  it('refuses a category deleted between the check and the transaction', async () => {
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'cat1') }).resolves({ Item: category('cat1') });
    db.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None'));

    const res = await call({
      routeId: 'suppliers.create',
      body: { ...valid, defaultExpenseCategoryId: 'cat1' },
    });

    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'defaultExpenseCategoryId' });
  });
});

describe('suppliers: read', () => {
  const many = [
    stored({ supplierId: 'a', name: 'Papelería Núñez', taxId: '00000000T' }),
    stored({ supplierId: 'b', name: 'Nuñez Seguros', taxId: '00000001R' }),
    stored({ supplierId: 'c', name: 'Gestoría Núñez', taxId: '00000002W', isActive: false }),
    stored({ supplierId: 'd', name: 'Transportes', tradeName: 'Núñez Express', taxId: '00000003A' }),
    stored({ supplierId: 'e', name: 'Núñez Limpiezas', taxId: '00000004G' }),
    stored({ supplierId: 'f', name: 'Agua Núñez', taxId: '00000005M' }),
    stored({ supplierId: 'g', name: 'Bar Nunez', taxId: '00000006Y' }),
    stored({ supplierId: 'h', name: 'Otro', taxId: '00000007F' }),
  ];

  it('search returns at most 5 active matches, accent-insensitive, by name', async () => {
    withSuppliers(many);

    const res = await call<Supplier[]>({ routeId: 'suppliers.search', query: { q: 'nunez' } });

    expect(res.status).toBe(200);
    expect(res.envelope.data!.map((s) => s.name)).toEqual([
      'Agua Núñez',
      'Bar Nunez',
      'Núñez Limpiezas',
      'Nuñez Seguros',
      'Papelería Núñez',
    ]);
  });

  it('lists by name ascending by default, filters active and searches the tax id', async () => {
    withSuppliers(many);

    const all = await call<Page<Supplier>>({ routeId: 'suppliers.list' });
    const active = await call<Page<Supplier>>({ routeId: 'suppliers.list', query: { active: 'false' } });
    const byTaxId = await call<Page<Supplier>>({ routeId: 'suppliers.list', query: { search: '00000007' } });
    const paged = await call<Page<Supplier>>({
      routeId: 'suppliers.list',
      query: { sort: 'taxId,desc', size: '2', page: '1' },
    });

    expect(all.envelope.data).toMatchObject({ page: 0, size: 20, totalElements: 8 });
    expect(all.envelope.data!.content[0]!.name).toBe('Agua Núñez');
    expect(active.envelope.data!.content.map((s) => s.supplierId)).toEqual(['c']);
    expect(byTaxId.envelope.data!.content.map((s) => s.supplierId)).toEqual(['h']);
    expect(paged.envelope.data!.content.map((s) => s.supplierId)).toEqual(['f', 'e']);
  });

  it('refuses a page size above 100', async () => {
    const res = await call({ routeId: 'suppliers.list', query: { size: '101' } });

    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'size' });
  });

  it('finds a supplier by its tax id through the claim, else 404 CORE_006', async () => {
    db.on(GetCommand, { Key: keys.supplierTaxIdClaim(COMPANY, 'ES:NIF:B12345674') }).resolves({
      Item: { supplierId: 's1' },
    });
    db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({ Item: supplierItem(stored()) });

    const found = await call<Supplier>({ routeId: 'suppliers.byTaxId', params: { taxId: 'b12345674' } });
    const missing = await call({ routeId: 'suppliers.byTaxId', params: { taxId: '00000000T' } });

    expect(found.envelope.data?.supplierId).toBe('s1');
    expect(missing.status).toBe(404);
    expect(missing.envelope.error?.code).toBe('CORE_006');
  });

  it("answers 404 for another company's supplier id", async () => {
    const res = await call({ routeId: 'suppliers.get', params: { supplierId: 'elsewhere' } });

    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CORE_006');
  });
});

describe('suppliers: update and delete', () => {
  it('moves the tax-id claim in the same transaction when the tax id changes', async () => {
    db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({ Item: supplierItem(stored()) });

    const res = await call<Supplier>({
      routeId: 'suppliers.update',
      params: { supplierId: 's1' },
      body: { ...valid, taxId: '00000000T' },
    });

    expect(res.status).toBe(200);
    const [items] = transactions();
    expect(items![0]!.Put!.ConditionExpression).toBe('updatedAt = :seen');
    expect(items![1]!.Put!.Item).toMatchObject(keys.supplierTaxIdClaim(COMPANY, 'ES:NIF:00000000T'));
    expect(items![2]!.Delete!.Key).toEqual(keys.supplierTaxIdClaim(COMPANY, 'ES:NIF:B12345674'));
  });

  it('checks the NIF-IVA on update too, writing nothing', async () => {
    db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({ Item: supplierItem(stored()) });

    const res = await call({
      routeId: 'suppliers.update',
      params: { supplierId: 's1' },
      body: { ...valid, taxId: { type: 'NIF_IVA', value: 'NL123456789B0', country: 'NL' } },
    });

    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'taxId.value',
      message: 'taxId.value: El NIF-IVA no tiene el formato de NL.',
    });
    expect(transactions()).toHaveLength(0);
  });

  it('deletes softly and releases the default category', async () => {
    db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({
      Item: supplierItem(stored({ defaultExpenseCategoryId: 'cat1' })),
    });

    const res = await call<Supplier>({ routeId: 'suppliers.delete', params: { supplierId: 's1' } });

    expect(res.envelope.data).toMatchObject({ supplierId: 's1', isActive: false });
    const [items] = transactions();
    expect(items).toHaveLength(2);
    expect(items![1]!.Update).toMatchObject({
      Key: keys.expenseCategoryUsage(COMPANY, 'cat1'),
      ExpressionAttributeValues: { ':d': -1 },
    });
  });
});
