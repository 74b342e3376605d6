import type { ExpenseCategory, Supplier } from '@shared/schemas/expenses';

export const category = (n: number, overrides: Partial<ExpenseCategory> = {}): ExpenseCategory => ({
  categoryId: `cat-${n}`,
  companyId: 'c-1',
  name: `Categoría ${n}`,
  pgcAccount: '629',
  deductibleBp: 10_000,
  order: n - 1,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const supplier = (n: number, overrides: Partial<Supplier> = {}): Supplier => ({
  supplierId: `s-${n}`,
  companyId: 'c-1',
  name: `Proveedor ${n}`,
  taxId: 'B12345674',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
  irpfRateBp: 0,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
