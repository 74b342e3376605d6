import type { AccountingSettings, BalanceValidation, FinancialReport } from '@shared/schemas/accounting';
import type { ExpenseCategory, Supplier } from '@shared/schemas/expenses';

export const settings = (over: Partial<AccountingSettings> = {}): AccountingSettings => ({
  companyId: 'c-1',
  chartType: 'PYMES',
  initializedAt: '2026-01-01T09:00:00.000Z',
  revenueGoodsAccount: '700',
  revenueServicesAccount: '705',
  defaultExpenseAccount: '629',
  goodsPurchaseAccount: '600',
  investmentGoodsAccount: '219',
  bankAccount: '572',
  cashAccount: '570',
  categoryAccounts: { 'cat-rent': '621', 'cat-old': '623' },
  supplierAccounts: { 's-luz': '628', 's-elsewhere': '629' },
  closedThrough: '2026-02',
  closedYears: [2025],
  backfilledAt: '2026-01-01T09:05:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const category = (over: Partial<ExpenseCategory> = {}): ExpenseCategory => ({
  categoryId: 'cat-rent',
  companyId: 'c-1',
  name: 'Alquileres',
  pgcAccount: '621',
  deductibleBp: 10_000,
  order: 1,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const supplier = (over: Partial<Supplier> = {}): Supplier => ({
  supplierId: 's-luz',
  companyId: 'c-1',
  name: 'Eléctrica del Turia SA',
  taxId: 'A46000001',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
  irpfRateBp: 0,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const financialReport = (over: Partial<FinancialReport> = {}): FinancialReport => ({
  companyId: 'c-1',
  year: 2025,
  revenueCents: 12_000_000,
  expenseCents: 9_000_000,
  resultCents: 3_000_000,
  totalAssetsCents: 20_000_000,
  equityCents: 8_000_000,
  liabilitiesCents: 12_000_000,
  ratios: {
    liquidity: 1.5234,
    solvency: 1.6667,
    debtRatio: 0.6,
    returnOnEquity: 0.375,
    returnOnAssets: 0.15,
    netMargin: null,
  },
  monthly: Array.from({ length: 12 }, (_, i) => ({
    month: `2025-${String(i + 1).padStart(2, '0')}`,
    revenueCents: 1_000_000,
    expenseCents: i === 1 ? 1_250_000 : 750_000,
    resultCents: i === 1 ? -250_000 : 250_000,
  })),
  ...over,
});

export const validation = (over: Partial<BalanceValidation> = {}): BalanceValidation => ({
  balanceDate: '2025-12-31',
  isBalanced: true,
  totalDebitCents: 5_000_000,
  totalCreditCents: 5_000_000,
  differenceCents: 0,
  aggregatesMatchEntries: true,
  issues: [],
  ...over,
});
