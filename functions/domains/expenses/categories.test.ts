import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { ExpenseCategory } from '@shared/schemas/expenses';
import { describe, expect, it } from 'vitest';
import { categoryItem } from './store/categories';
import { COMPANY, call, cancelled, db, T0, transactions, useExpensesHarness } from './testing/harness';

useExpensesHarness();

const cat = (categoryId: string, name: string, order: number, over: Partial<ExpenseCategory> = {}) => ({
  categoryId,
  companyId: COMPANY,
  name,
  pgcAccount: '629',
  deductibleBp: 10_000,
  order,
  isActive: true,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const existing = [cat('c1', 'Suministros', 0), cat('c2', 'Seguros', 1), cat('c3', 'Seguros (copia)', 2)];

const withCategories = (categories: ExpenseCategory[]) =>
  db.on(QueryCommand, { ExpressionAttributeValues: { ':prefix': 'EXPCAT#' } }).resolves({
    Items: categories.map(categoryItem),
  });
const seeded = () =>
  db.on(GetCommand, { Key: keys.expenseCategoryDefaults(COMPANY) }).resolves({ Item: { done: true } });

describe('expense categories: defaults', () => {
  it('creates the nine default categories and the marker in one conditional transaction on first list', async () => {
    withCategories([]);

    const res = await call({ routeId: 'expenseCategories.list' });

    expect(res.status).toBe(200);
    const [items] = transactions();
    expect(items).toHaveLength(1 + 9 * 2);
    expect(items![0]!.Put).toMatchObject({
      Item: keys.expenseCategoryDefaults(COMPANY),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    const created = items!.filter((i) => i.Put?.Item?.entity === 'ExpenseCategory').map((i) => i.Put!.Item!);
    expect(created.map((c) => [c.name, c.pgcAccount, c.order])).toEqual([
      ['Suministros', '628', 0],
      ['Alquileres', '621', 1],
      ['Servicios profesionales', '623', 2],
      ['Seguros', '625', 3],
      ['Servicios bancarios', '626', 4],
      ['Publicidad', '627', 5],
      ['Compras de mercaderías', '600', 6],
      ['Material de oficina', '629', 7],
      ['Otros servicios', '629', 8],
    ]);
  });

  it('writes nothing once the marker exists, and re-reads when a concurrent list won the race', async () => {
    withCategories(existing);
    seeded();
    await call({ routeId: 'expenseCategories.list' });
    expect(transactions()).toHaveLength(0);

    db.reset();
    db.on(GetCommand, { Key: keys.membership(COMPANY, 'user-1') }).resolves({
      Item: { companyRole: 'GESTOR', isActive: true },
    });
    withCategories([]);
    db.on(GetCommand, { Key: keys.expenseCategoryDefaults(COMPANY) })
      .resolvesOnce({})
      .resolves({ Item: { done: true } });
    db.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));

    const res = await call({ routeId: 'expenseCategories.list' });

    expect(res.status).toBe(200);
    expect(transactions()).toHaveLength(1);
  });
});

describe('expense categories: create', () => {
  it.each([
    ['an account outside group 6', { pgcAccount: '700' }, 'pgcAccount'],
    ['an account of 2 digits', { pgcAccount: '62' }, 'pgcAccount'],
    ['a deductible share above 100 %', { deductibleBp: 10_001 }, 'deductibleBp'],
    ['a bad colour', { color: 'red' }, 'color'],
  ])('refuses %s naming the field', async (_, change, field) => {
    const res = await call({
      routeId: 'expenseCategories.create',
      body: { name: 'Dietas', pgcAccount: '629', ...change },
    });

    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field });
    expect(transactions()).toHaveLength(0);
  });

  it('creates at the end with a name claim; a taken name is refused', async () => {
    withCategories(existing);
    seeded();

    const res = await call<ExpenseCategory>({
      routeId: 'expenseCategories.create',
      body: { name: 'Dietas', pgcAccount: '6290001' },
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      name: 'Dietas',
      order: 3,
      deductibleBp: 10_000,
      isActive: true,
    });
    expect(transactions()[0]![1]!.Put!.Item).toMatchObject(keys.expenseCategoryNameClaim(COMPANY, 'dietas'));

    db.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const dup = await call({
      routeId: 'expenseCategories.create',
      body: { name: 'SUMINISTROS', pgcAccount: '628' },
    });
    expect(dup.envelope.error).toMatchObject({ code: 'CORE_004', field: 'name' });
  });
});

describe('expense categories: reorder', () => {
  it.each([
    ['a missing id', ['c1', 'c2']],
    ['a repeated id', ['c1', 'c2', 'c2']],
    ['an unknown id', ['c1', 'c2', 'zz']],
  ])('refuses %s with 400 CORE_004 on categoryIds, writing nothing', async (_, categoryIds) => {
    withCategories(existing);

    const res = await call({ routeId: 'expenseCategories.reorder', body: { categoryIds } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'categoryIds' });
    expect(transactions()).toHaveLength(0);
  });

  it('sets the new order of the moved categories in one transaction', async () => {
    withCategories(existing);

    const res = await call<ExpenseCategory[]>({
      routeId: 'expenseCategories.reorder',
      body: { categoryIds: ['c3', 'c2', 'c1'] },
    });

    expect(res.envelope.data!.map((c) => [c.categoryId, c.order])).toEqual([
      ['c3', 0],
      ['c2', 1],
      ['c1', 2],
    ]);
    const [items] = transactions();
    expect(items!.map((i) => [i.Update!.Key, i.Update!.ExpressionAttributeValues![':order']])).toEqual([
      [keys.expenseCategory(COMPANY, 'c3'), 0],
      [keys.expenseCategory(COMPANY, 'c1'), 2],
    ]);
  });
});

describe('expense categories: duplicate and delete', () => {
  it("names the copy '<name> (copia)', then '(copia 2)', and puts it at the end", async () => {
    withCategories(existing);
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'c1') }).resolves({
      Item: categoryItem(existing[0]!),
    });
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'c2') }).resolves({
      Item: categoryItem(existing[1]!),
    });

    const first = await call<ExpenseCategory>({
      routeId: 'expenseCategories.duplicate',
      params: { categoryId: 'c1' },
    });
    const second = await call<ExpenseCategory>({
      routeId: 'expenseCategories.duplicate',
      params: { categoryId: 'c2' },
    });

    expect(first.status).toBe(201);
    expect(first.envelope.data).toMatchObject({ name: 'Suministros (copia)', order: 3, pgcAccount: '629' });
    expect(second.envelope.data).toMatchObject({ name: 'Seguros (copia 2)', order: 3 });
  });

  it('refuses to delete a category a supplier uses as default with 409 DOC_046', async () => {
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'c1') }).resolves({
      Item: categoryItem(existing[0]!),
    });
    db.on(GetCommand, { Key: keys.expenseCategoryUsage(COMPANY, 'c1') }).resolves({ Item: { refs: 2 } });

    const res = await call({ routeId: 'expenseCategories.delete', params: { categoryId: 'c1' } });

    expect(res.status).toBe(409);
    expect(res.envelope.error).toMatchObject({ code: 'DOC_046' });
    expect(res.envelope.error?.message).toMatch(/proveedores/);
    expect(transactions()).toHaveLength(0);
  });

  it('deletes softly, re-checking the usage inside the transaction', async () => {
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'c1') }).resolves({
      Item: categoryItem(existing[0]!),
    });

    const res = await call<ExpenseCategory>({
      routeId: 'expenseCategories.delete',
      params: { categoryId: 'c1' },
    });

    expect(res.envelope.data).toMatchObject({ categoryId: 'c1', isActive: false });
    const [items] = transactions();
    expect(items![1]!.ConditionCheck).toMatchObject({
      Key: keys.expenseCategoryUsage(COMPANY, 'c1'),
      ConditionExpression: 'attribute_not_exists(pk) OR refs <= :zero',
    });

    db.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const raced = await call({ routeId: 'expenseCategories.delete', params: { categoryId: 'c1' } });
    expect(raced.envelope.error?.code).toBe('DOC_046');
  });
});

describe('expense categories: update and list filter', () => {
  it('renames moving the name claim, and refuses deactivating a category in use like DELETE', async () => {
    db.on(GetCommand, { Key: keys.expenseCategory(COMPANY, 'c1') }).resolves({
      Item: categoryItem(existing[0]!),
    });

    const renamed = await call<ExpenseCategory>({
      routeId: 'expenseCategories.update',
      params: { categoryId: 'c1' },
      body: { name: 'Luz y agua', deductibleBp: 5000 },
    });
    expect(renamed.envelope.data).toMatchObject({
      name: 'Luz y agua',
      deductibleBp: 5000,
      pgcAccount: '629',
    });
    const [items] = transactions();
    expect(items![1]!.Put!.Item).toMatchObject(keys.expenseCategoryNameClaim(COMPANY, 'luz y agua'));
    expect(items![2]!.Delete!.Key).toEqual(keys.expenseCategoryNameClaim(COMPANY, 'suministros'));

    db.on(GetCommand, { Key: keys.expenseCategoryUsage(COMPANY, 'c1') }).resolves({ Item: { refs: 1 } });
    const refused = await call({
      routeId: 'expenseCategories.update',
      params: { categoryId: 'c1' },
      body: { isActive: false },
    });
    expect(refused.status).toBe(409);
    expect(refused.envelope.error?.code).toBe('DOC_046');
    expect(transactions()).toHaveLength(1);
  });

  it('lists only the active categories when asked', async () => {
    withCategories([...existing, cat('c4', 'Antigua', 3, { isActive: false })]);
    seeded();

    const all = await call<ExpenseCategory[]>({ routeId: 'expenseCategories.list' });
    const active = await call<ExpenseCategory[]>({
      routeId: 'expenseCategories.list',
      query: { active: 'true' },
    });

    expect(all.envelope.data).toHaveLength(4);
    expect(active.envelope.data!.map((c) => c.categoryId)).toEqual(['c1', 'c2', 'c3']);
  });
});
