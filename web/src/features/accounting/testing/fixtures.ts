import {
  type Account,
  type AccountingAccess,
  type AccountStats,
  type BalanceCategory,
  type BalanceSheet,
  displayAccountCode,
  type EntryLine,
  type FiscalYearStatus,
  type IncomeStatement,
  type JournalEntry,
  type Ledger,
  type StatementLine,
  type TrialBalance,
} from '@shared/schemas/accounting';

export const page = <T>(content: T[]) => ({
  content,
  page: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
});

export const access = (over: Partial<AccountingAccess> = {}): AccountingAccess => ({
  hasAccess: true,
  currentPlan: 'Professional',
  requiredPlan: 'Professional',
  upgradeMessage: 'Actualiza tu plan para acceder a contabilidad',
  upgradeUrl: '/app/dashboard/subscription',
  ...over,
});

export const account = (over: Partial<Account> = {}): Account => {
  const accountCode = over.accountCode ?? '572';
  return {
    accountId: accountCode,
    accountCode,
    displayCode: displayAccountCode(accountCode),
    accountName: 'Bancos e instituciones de crédito c/c vista, euros',
    type: 'ASSET',
    typeLabel: 'Activo',
    categoryCode: '57',
    level: 'ACCOUNT',
    parentCode: '57',
    isPgc: true,
    acceptsEntries: true,
    active: true,
    party: null,
    hasEntries: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
};

export const stats = (over: Partial<AccountStats> = {}): AccountStats => ({
  totalAccounts: 812,
  activeAccounts: 810,
  accountsWithEntries: 14,
  parentAccounts: 240,
  leafAccounts: 572,
  byType: { ASSET: 300, LIABILITY: 200, EQUITY: 60, REVENUE: 100, EXPENSE: 152 },
  chartType: 'PYMES',
  initializedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const line = (over: Partial<EntryLine> = {}): EntryLine => {
  const accountCode = over.accountCode ?? '572';
  const debitCents = over.debitCents ?? 0;
  const creditCents = over.creditCents ?? 0;
  return {
    lineNumber: 1,
    accountId: accountCode,
    accountCode,
    displayCode: displayAccountCode(accountCode),
    accountName: 'Bancos',
    description: '',
    debitCents,
    creditCents,
    debitAmount: debitCents / 100,
    creditAmount: creditCents / 100,
    ...over,
  };
};

export const entry = (over: Partial<JournalEntry> = {}): JournalEntry => ({
  entryId: 'e-1',
  entryNumber: 7,
  fiscalYear: 2026,
  entryDate: '2026-03-15',
  description: 'Factura F-2026-0007',
  source: 'ISSUED_INVOICE',
  kind: 'NORMAL',
  document: { documentType: 'INVOICE', documentId: 'inv-7', invoiceId: null, documentNumber: 'F-2026-0007' },
  reversalOf: null,
  documentDate: null,
  lines: [
    line({
      lineNumber: 1,
      accountCode: '43000001',
      accountName: 'Panadería La Espiga SL',
      debitCents: 121000,
    }),
    line({ lineNumber: 2, accountCode: '700', accountName: 'Ventas de mercaderías', creditCents: 100000 }),
    line({
      lineNumber: 3,
      accountCode: '477',
      accountName: 'H.P., IVA repercutido',
      creditCents: 21000,
      description: 'IVA repercutido 21 %',
    }),
  ],
  totalDebitCents: 121000,
  totalCreditCents: 121000,
  totalDebit: 1210,
  totalCredit: 1210,
  locked: false,
  lockedAt: null,
  lockedBy: null,
  periodClosed: false,
  createdAt: '2026-03-15T10:00:00.000Z',
  createdBy: 'system',
  updatedAt: '2026-03-15T10:00:00.000Z',
  ...over,
});

const statementLine = (
  code: string,
  label: string,
  amountCents: number,
  level: number,
  isTotal = false,
): StatementLine => ({
  code,
  label,
  level,
  amountCents,
  amount: amountCents / 100,
  isTotal,
});

const category = (over: Partial<BalanceCategory>): BalanceCategory => ({
  categoryCode: 'B.VII',
  categoryName: 'Efectivo y otros activos líquidos equivalentes',
  categoryType: 'ASSET',
  accounts: [],
  subtotalCents: 0,
  subtotal: 0,
  ...over,
});

export const balanceSheet = (over: Partial<BalanceSheet> = {}): BalanceSheet => ({
  companyId: 'c-1',
  balanceDate: '2026-03-31',
  periodType: 'MONTHLY',
  layout: 'ABREVIADO',
  assets: {
    nonCurrent: [],
    current: [
      category({
        categoryCode: 'B.III',
        categoryName: 'Deudores comerciales y otras cuentas a cobrar',
        subtotalCents: 121000,
        accounts: [
          {
            accountId: '43000001',
            accountCode: '43000001',
            accountName: 'Panadería La Espiga SL',
            balanceCents: 121000,
            balance: 1210,
            percentage: 54.75,
          },
        ],
      }),
      category({
        subtotalCents: 100000,
        accounts: [
          {
            accountId: '572',
            accountCode: '572',
            accountName: 'Bancos',
            balanceCents: 100000,
            balance: 1000,
            percentage: 45.25,
          },
        ],
      }),
    ],
    currentTotalCents: 221000,
    nonCurrentTotalCents: 0,
    totalCents: 221000,
    total: 2210,
  },
  liabilities: {
    nonCurrent: [],
    current: [
      category({
        categoryCode: 'C.V',
        categoryName: 'Acreedores comerciales y otras cuentas a pagar',
        categoryType: 'LIABILITY',
        subtotalCents: 21000,
        accounts: [
          {
            accountId: '477',
            accountCode: '477',
            accountName: 'H.P., IVA repercutido',
            balanceCents: 21000,
            balance: 210,
            percentage: 9.5,
          },
        ],
      }),
    ],
    currentTotalCents: 21000,
    nonCurrentTotalCents: 0,
    totalCents: 21000,
    total: 210,
  },
  equity: {
    items: [
      category({
        categoryCode: 'A-1',
        categoryName: 'Fondos propios',
        categoryType: 'EQUITY',
        subtotalCents: 200000,
        accounts: [
          {
            accountId: '100',
            accountCode: '100',
            accountName: 'Capital social',
            balanceCents: 100000,
            balance: 1000,
            percentage: 45.25,
          },
          {
            accountId: '129',
            accountCode: '129',
            accountName: 'Resultado del ejercicio',
            balanceCents: 100000,
            balance: 1000,
            percentage: 45.25,
          },
        ],
      }),
    ],
    totalCents: 200000,
    total: 2000,
  },
  totalAssetsCents: 221000,
  totalAssets: 2210,
  totalLiabilitiesAndEquityCents: 221000,
  totalLiabilitiesAndEquity: 2210,
  isBalanced: true,
  resultCents: 100000,
  lines: [
    statementLine('B', 'ACTIVO CORRIENTE', 221000, 0, true),
    statementLine('B.III', 'Deudores comerciales y otras cuentas a cobrar', 121000, 1),
    statementLine('B.VII', 'Efectivo y otros activos líquidos equivalentes', 100000, 1),
  ],
  itemsRead: 12,
  ...over,
});

export const incomeStatement = (over: Partial<IncomeStatement> = {}): IncomeStatement => ({
  companyId: 'c-1',
  fromDate: '2026-01-01',
  toDate: '2026-03-31',
  layout: 'ABREVIADO',
  lines: [
    statementLine('1', 'Importe neto de la cifra de negocios', 150000, 1),
    statementLine('7', 'Otros gastos de explotación', -50000, 1),
    statementLine('A', 'RESULTADO DE EXPLOTACIÓN (1+2+3+4+5+6+7+8+9+10+11+12+13)', 100000, 0, true),
    statementLine('D', 'RESULTADO DEL EJERCICIO (C + 17)', 100000, 0, true),
  ],
  accounts: [],
  revenueCents: 150000,
  expenseCents: 50000,
  resultCents: 100000,
  result: 1000,
  itemsRead: 6,
  ...over,
});

export const trialBalance = (over: Partial<TrialBalance> = {}): TrialBalance => ({
  companyId: 'c-1',
  fromDate: '2026-01-01',
  toDate: '2026-03-31',
  level: 'SUBACCOUNT',
  rows: [
    {
      accountId: '43000001',
      accountCode: '43000001',
      displayCode: '430.00.001',
      accountName: 'Panadería La Espiga SL',
      type: 'ASSET',
      openingBalanceCents: 0,
      debitCents: 121000,
      creditCents: 0,
      balanceCents: 121000,
      debitBalanceCents: 121000,
      creditBalanceCents: 0,
    },
    {
      accountId: '700',
      accountCode: '700',
      displayCode: '700',
      accountName: 'Ventas de mercaderías',
      type: 'REVENUE',
      openingBalanceCents: 0,
      debitCents: 0,
      creditCents: 121000,
      balanceCents: -121000,
      debitBalanceCents: 0,
      creditBalanceCents: 121000,
    },
  ],
  totals: {
    openingBalanceCents: 0,
    debitCents: 121000,
    creditCents: 121000,
    debitBalanceCents: 121000,
    creditBalanceCents: 121000,
  },
  isBalanced: true,
  itemsRead: 4,
  ...over,
});

export const ledger = (over: Partial<Ledger> = {}): Ledger => ({
  account: account({ accountCode: '572', accountName: 'Bancos' }),
  fromDate: '2026-01-01',
  toDate: '2026-03-31',
  openingBalanceCents: 50000,
  movements: [
    {
      entryId: 'e-8',
      entryNumber: 8,
      entryDate: '2026-03-20',
      description: 'Cobro F-2026-0007',
      source: 'ISSUED_PAYMENT',
      debitCents: 121000,
      creditCents: 0,
      balanceCents: 171000,
    },
    {
      entryId: 'e-9',
      entryNumber: 9,
      entryDate: '2026-03-25',
      description: 'Pago alquiler',
      source: 'RECEIVED_PAYMENT',
      debitCents: 0,
      creditCents: 250000,
      balanceCents: -79000,
    },
  ],
  totalDebitCents: 121000,
  totalCreditCents: 250000,
  closingBalanceCents: -79000,
  page: 0,
  size: 100,
  totalElements: 2,
  ...over,
});

export const fiscalYear = (over: Partial<FiscalYearStatus> = {}): FiscalYearStatus => ({
  fiscalYear: 2025,
  periods: Array.from({ length: 12 }, (_, i) => ({
    period: `2025-${String(i + 1).padStart(2, '0')}`,
    status: i < 2 ? ('CLOSED' as const) : ('OPEN' as const),
    entryCount: 10 + i,
    totalDebitCents: 100000 * (i + 1),
  })),
  yearClosed: false,
  closedThrough: '2025-02',
  resultCents: 1234567,
  ...over,
});
