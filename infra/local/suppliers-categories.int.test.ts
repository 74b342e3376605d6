/**
 * Suppliers and expense categories against the local cloud: the HTTP flows of a gestor, refusals
 * that write nothing, the default categories created once under concurrent first lists, reorder,
 * duplicate, delete refused while in use, and tenant isolation.
 */

import type { Page } from '@shared/api/envelope';
import { dniLetter } from '@shared/fiscal/nif';
import { DEFAULT_EXPENSE_CATEGORIES, type ExpenseCategory, type Supplier } from '@shared/schemas/expenses';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const api = apiClient(inject('localCloud').url);

const COMPANY = 'demo-panaderia-espiga';
/** Used only here, so its first category list really is the first. */
const FRESH_COMPANY = 'demo-transportes-levante';
const run = Date.now().toString(36).toUpperCase().slice(-4);

/** A valid DNI nobody else uses in this run. */
const freshDni = (): string => {
  const n = Math.floor(10_000_000 + Math.random() * 89_999_999);
  return `${n}${dniLetter(n)}`;
};

const supplierBody = (over: Record<string, unknown> = {}) => ({
  name: `Eléctrica Peñalara ${run}`,
  tradeName: `Luz Peñalara ${run}`,
  taxId: freshDni(),
  email: 'facturas@penalara.test',
  iban: 'ES91 2100 0418 4502 0005 1332',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
  irpfRateBp: 0,
  ...over,
});

describe('suppliers and expense categories (local cloud)', () => {
  let gestor: string;
  let gestor2: string;
  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    gestor2 = await api.login('gestor2@cuadra.test');
  });

  const as = (companyId = COMPANY) => ({ token: gestor, companyId });

  it('creates, lists, searches and finds a supplier by tax id; refuses a duplicate; a refusal writes nothing', async () => {
    const categories = await api.request<ExpenseCategory[]>('GET', '/api/v1/expense-categories', as());
    if (!categories.body.success) throw new Error('categories list failed');
    const suministros = categories.body.data.find((c) => c.name === 'Suministros')!;

    const body = supplierBody({ defaultExpenseCategoryId: suministros.categoryId });
    const created = await api.request<Supplier>('POST', '/api/v1/suppliers', { ...as(), body });
    expect(created.status).toBe(201);
    if (!created.body.success) throw new Error('create failed');
    const supplier = created.body.data;
    expect(supplier).toMatchObject({ taxId: body.taxId, iban: 'ES9121000418450200051332', isActive: true });

    const duplicate = await api.request('POST', '/api/v1/suppliers', {
      ...as(),
      body: supplierBody({ name: 'Otro nombre', taxId: `${body.taxId.slice(0, 4)}-${body.taxId.slice(4)}` }),
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.success === false && duplicate.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'taxId',
    });

    // Refused for its category: neither the supplier nor its tax-id claim is written.
    const orphanTaxId = freshDni();
    const refused = await api.request('POST', '/api/v1/suppliers', {
      ...as(),
      body: supplierBody({ taxId: orphanTaxId, defaultExpenseCategoryId: 'no-such-category' }),
    });
    expect(refused.body.success === false && refused.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'defaultExpenseCategoryId',
    });
    const notThere = await api.request('GET', `/api/v1/suppliers/by-tax-id/${orphanTaxId}`, as());
    expect(notThere.status).toBe(404);
    expect(notThere.body.success === false && notThere.body.error.code).toBe('CORE_006');
    const retried = await api.request('POST', '/api/v1/suppliers', {
      ...as(),
      body: supplierBody({ name: `Reintento ${run}`, tradeName: undefined, taxId: orphanTaxId }),
    });
    expect(retried.status).toBe(201);

    const listed = await api.request<Page<Supplier>>('GET', '/api/v1/suppliers', {
      ...as(),
      query: { search: `penalara ${run.toLowerCase()}` },
    });
    expect(listed.body.success && listed.body.data.content.map((s) => s.supplierId)).toEqual([
      supplier.supplierId,
    ]);

    const searched = await api.request<Supplier[]>('GET', '/api/v1/suppliers/search', {
      ...as(),
      query: { q: `luz peñalara ${run}` },
    });
    expect(searched.body.success && searched.body.data.map((s) => s.supplierId)).toEqual([
      supplier.supplierId,
    ]);

    const byTaxId = await api.request<Supplier>(
      'GET',
      `/api/v1/suppliers/by-tax-id/${body.taxId.toLowerCase()}`,
      as(),
    );
    expect(byTaxId.body.success && byTaxId.body.data.supplierId).toBe(supplier.supplierId);

    const foreign = await api.request(
      'GET',
      `/api/v1/suppliers/${supplier.supplierId}`,
      as('demo-romero-fontaneria'),
    );
    expect(foreign.status).toBe(404);

    // The category is in use: DELETE is refused until the supplier is deleted (softly).
    const inUse = await api.request('DELETE', `/api/v1/expense-categories/${suministros.categoryId}`, as());
    expect(inUse.status).toBe(409);
    expect(inUse.body.success === false && inUse.body.error.code).toBe('DOC_046');
    const removed = await api.request<Supplier>('DELETE', `/api/v1/suppliers/${supplier.supplierId}`, as());
    expect(removed.body.success && removed.body.data.isActive).toBe(false);
    const stillThere = await api.request<Supplier>('GET', `/api/v1/suppliers/${supplier.supplierId}`, as());
    expect(stillThere.status).toBe(200);
  });

  it('search answers at most 5 active suppliers', async () => {
    const tag = `Lote${run}`;
    for (let i = 0; i < 7; i++) {
      const res = await api.request('POST', '/api/v1/suppliers', {
        ...as(),
        body: supplierBody({ name: `${tag} ${i}`, tradeName: undefined }),
      });
      expect(res.status).toBe(201);
    }
    const res = await api.request<Supplier[]>('GET', '/api/v1/suppliers/search', {
      ...as(),
      query: { q: tag },
    });
    expect(res.body.success && res.body.data.map((s) => s.name)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `${tag} ${i}`),
    );
  });

  it('creates the default categories once even when two first lists run concurrently', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        api.request<ExpenseCategory[]>('GET', '/api/v1/expense-categories', as(FRESH_COMPANY)),
      ),
    );
    const final = await api.request<ExpenseCategory[]>(
      'GET',
      '/api/v1/expense-categories',
      as(FRESH_COMPANY),
    );
    for (const res of [...answers, final]) {
      expect(res.status).toBe(200);
      if (!res.body.success) throw new Error('list failed');
      const names = res.body.data.map((c) => c.name);
      for (const d of DEFAULT_EXPENSE_CATEGORIES) expect(names.filter((n) => n === d.name)).toHaveLength(1);
    }
  });

  it('reorders with a permutation only, and duplicates with a copy name at the end', async () => {
    const listed = await api.request<ExpenseCategory[]>(
      'GET',
      '/api/v1/expense-categories',
      as(FRESH_COMPANY),
    );
    if (!listed.body.success) throw new Error('list failed');
    const ids = listed.body.data.map((c) => c.categoryId);

    const bad = await api.request('PUT', '/api/v1/expense-categories/reorder', {
      ...as(FRESH_COMPANY),
      body: { categoryIds: ids.slice(1) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success === false && bad.body.error.field).toBe('categoryIds');

    const reversed = [...ids].reverse();
    const ok = await api.request<ExpenseCategory[]>('PUT', '/api/v1/expense-categories/reorder', {
      ...as(FRESH_COMPANY),
      body: { categoryIds: reversed },
    });
    expect(ok.status).toBe(200);
    const after = await api.request<ExpenseCategory[]>(
      'GET',
      '/api/v1/expense-categories',
      as(FRESH_COMPANY),
    );
    expect(after.body.success && after.body.data.map((c) => c.categoryId)).toEqual(reversed);

    const source = reversed[0]!;
    const sourceName = listed.body.data.find((c) => c.categoryId === source)!.name;
    const copy1 = await api.request<ExpenseCategory>(
      'POST',
      `/api/v1/expense-categories/${source}/duplicate`,
      as(FRESH_COMPANY),
    );
    const copy2 = await api.request<ExpenseCategory>(
      'POST',
      `/api/v1/expense-categories/${source}/duplicate`,
      as(FRESH_COMPANY),
    );
    expect(copy1.status).toBe(201);
    expect(copy1.body.success && copy1.body.data).toMatchObject({
      name: `${sourceName} (copia)`,
      order: ids.length,
    });
    expect(copy2.body.success && copy2.body.data).toMatchObject({
      name: `${sourceName} (copia 2)`,
      order: ids.length + 1,
    });

    if (!copy2.body.success) throw new Error('duplicate failed');
    const deleted = await api.request<ExpenseCategory>(
      'DELETE',
      `/api/v1/expense-categories/${copy2.body.data.categoryId}`,
      as(FRESH_COMPANY),
    );
    expect(deleted.body.success && deleted.body.data.isActive).toBe(false);
    const active = await api.request<ExpenseCategory[]>('GET', '/api/v1/expense-categories', {
      ...as(FRESH_COMPANY),
      query: { active: 'true' },
    });
    expect(active.body.success && active.body.data.map((c) => c.categoryId)).not.toContain(
      copy2.body.data.categoryId,
    );
  });

  it('gestor2 gets 403 CORE_003 on the suppliers and categories of a company it does not manage', async () => {
    for (const path of ['/api/v1/suppliers', '/api/v1/suppliers/search', '/api/v1/expense-categories']) {
      const res = await api.request('GET', path, { token: gestor2, companyId: COMPANY });
      expect(res.status).toBe(403);
      expect(res.body.success === false && res.body.error.code).toBe('CORE_003');
    }
  });
});
