/**
 * Contracts of accounting (issue 18; spec part 2 §2, §3, §4, §5, §7, §9 "Accounting"): the PGC 2007
 * chart of accounts, the journal (automatic entries from every document, manual entries, lock and
 * unlock, period and year closing) and the reports (balance sheet, P&L, trial balance, ledger).
 *
 * Money is integer céntimos (`…Cents`). Report fields the spec names (`balance`, `subtotal`, `total`,
 * `totalAssets`, `debitAmount`...) are also given in euros (a number with two decimals) next to their
 * `…Cents` twin, so a client written against the spec reads them as it expects. Pure: the web's
 * forms validate with the same schemas.
 */

import * as z from 'zod';
import { Id, IsoDate, PageQuery } from './common';
import { safeMultiline, safeText } from './text';

// --- constants of the spec (part 2 §5, §9) ------------------------------------------------------------

export const accountingMessages = {
  minLines: 'Un asiento debe tener al menos 2 líneas',
  unbalanced: 'El asiento debe estar balanceado (débitos = créditos)',
  lineBothSides: 'Una línea no puede tener importe en el debe y en el haber a la vez',
  lineNoSide: 'Cada línea debe tener un importe en el debe o en el haber',
  noCompany: 'No hay empresa seleccionada',
  notImplemented: 'Funcionalidad no implementada aún',
  upgrade: 'Actualiza tu plan para acceder a contabilidad',
  locked: 'El asiento está bloqueado y no se puede modificar',
  periodClosed: 'El periodo está cerrado: no se pueden registrar ni modificar asientos en él',
  pgcAccountReadOnly: 'Las cuentas del Plan General Contable no se pueden modificar',
  automaticEntry: 'Los asientos automáticos se corrigen desde su documento',
} as const;

/** Spec part 2 §9: required plan for accounting; upgrade and support pages. */
export const ACCOUNTING_REQUIRED_PLAN = 'Professional';
export const ACCOUNTING_UPGRADE_URL = '/app/dashboard/subscription';
export const ACCOUNTING_SUPPORT_URL = '/app/support';
/** Most lines of a manual entry (each line and each account it touches is written in one transaction). */
export const MAX_ENTRY_LINES = 30;

// --- accounts --------------------------------------------------------------------------------------

export const ACCOUNT_TYPES = ['ASSET', 'LIABILITY', 'EQUITY', 'REVENUE', 'EXPENSE'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const accountTypeLabels: Record<AccountType, string> = {
  ASSET: 'Activo',
  LIABILITY: 'Pasivo',
  EQUITY: 'Patrimonio Neto',
  REVENUE: 'Ingresos',
  EXPENSE: 'Gastos',
};

/** GROUP (1 digit), SUBGROUP (2), ACCOUNT (a PGC account, 3+ digits), SUBACCOUNT (ours, under a PGC account). */
export const ACCOUNT_LEVELS = ['GROUP', 'SUBGROUP', 'ACCOUNT', 'SUBACCOUNT'] as const;
export type AccountLevel = (typeof ACCOUNT_LEVELS)[number];

export const CHART_TYPES = ['PYMES', 'NORMAL'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const PARTY_KINDS = ['CUSTOMER', 'SUPPLIER', 'CREDITOR'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

export interface AccountParty {
  kind: PartyKind;
  /** The customer's or supplier's id, or `NIF:<nif>` / `NAME:<name>` when the document names no id. */
  partyKey: string;
  nif: string | null;
  name: string;
}

/** Account codes are digits only: 1 (group) to 12 (sub-account). */
export const AccountCode = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, { message: 'El código de cuenta no es válido.' });

/** Spec part 2 §9: codes of 6 digits or more are shown as 3.2.rest (e.g. 43000001 -> 430.00.001). */
export function displayAccountCode(code: string): string {
  if (code.length < 6) return code;
  return `${code.slice(0, 3)}.${code.slice(3, 5)}.${code.slice(5)}`;
}

export interface Account {
  /** The account's code is its id (codes never change; a sub-account is deleted and created again). */
  accountId: string;
  accountCode: string;
  /** `displayAccountCode(accountCode)`. */
  displayCode: string;
  accountName: string;
  type: AccountType;
  typeLabel: string;
  /** The PGC subgroup (2 digits) the account belongs to; the group itself for a GROUP. */
  categoryCode: string;
  level: AccountLevel;
  parentCode: string | null;
  /** Part of the PGC (never edited nor deleted); false for sub-accounts. */
  isPgc: boolean;
  /** Entries may be posted to it: PGC accounts with no PGC children, and sub-accounts. */
  acceptsEntries: boolean;
  active: boolean;
  /** A customer's, supplier's or creditor's own sub-account (430/400/410), created on first use. */
  party: AccountParty | null;
  hasEntries: boolean;
  createdAt: string;
  updatedAt: string;
}

export const AccountListQuery = PageQuery.extend({
  type: z.enum(ACCOUNT_TYPES).optional(),
  codePrefix: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/)
    .optional(),
  onlyAcceptingEntries: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  level: z.enum(ACCOUNT_LEVELS).optional(),
  size: z.coerce.number().int().min(1).max(100).default(100),
});
export type AccountListQuery = z.infer<typeof AccountListQuery>;

export const AccountPath = z.object({ accountId: AccountCode });
export type AccountPath = z.infer<typeof AccountPath>;

/** A sub-account under a PGC account that accepts entries (e.g. 5720001 for a second bank). */
export const CreateAccountBody = z
  .object({
    parentCode: AccountCode,
    /** Absent: the next free code under the parent (`generate-code`). */
    accountCode: AccountCode.optional(),
    accountName: safeText().trim().min(1, { message: 'El nombre de la cuenta es obligatorio.' }).max(120),
  })
  .strict();
export type CreateAccountBody = z.infer<typeof CreateAccountBody>;

export const UpdateAccountBody = z
  .object({
    accountName: safeText()
      .trim()
      .min(1, { message: 'El nombre de la cuenta es obligatorio.' })
      .max(120)
      .optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type UpdateAccountBody = z.infer<typeof UpdateAccountBody>;

export const GenerateCodeBody = z.object({ parentCode: AccountCode }).strict();
export type GenerateCodeBody = z.infer<typeof GenerateCodeBody>;
export interface GeneratedCode {
  parentCode: string;
  accountCode: string;
  displayCode: string;
}

/** `GET accounting/categories`: the PGC groups and subgroups. */
export interface AccountCategory {
  categoryCode: string;
  categoryName: string;
  level: 'GROUP' | 'SUBGROUP';
  parentCode: string | null;
  type: AccountType;
  typeLabel: string;
  accountCount: number;
}

export interface AccountStats {
  totalAccounts: number;
  activeAccounts: number;
  accountsWithEntries: number;
  /** Accounts with children (groups, subgroups and PGC accounts with sub-accounts or PGC children). */
  parentAccounts: number;
  /** Accounts that accept entries. */
  leafAccounts: number;
  byType: Record<AccountType, number>;
  chartType: ChartType | null;
  initializedAt: string | null;
}

export const InitializeChartBody = z
  .object({
    /** PYMES by default; NORMAL (the full PGC) when asked, e.g. for an SA. */
    chartType: z.enum(CHART_TYPES).default('PYMES'),
  })
  .strict();
export type InitializeChartBody = z.infer<typeof InitializeChartBody>;

export interface InitializeChartResult {
  chartType: ChartType;
  /** Accounts created now (0 when the chart existed: initialising twice changes nothing). */
  created: number;
  totalAccounts: number;
  alreadyInitialized: boolean;
  /** The documents already confirmed are being posted (the backfill runs in the background). */
  backfillQueued: boolean;
}

// --- settings: which account each document goes to -----------------------------------------------------

export interface AccountingSettings {
  companyId: string;
  chartType: ChartType;
  initializedAt: string;
  /** 700 (goods) and 705 (services) by default. */
  revenueGoodsAccount: string;
  revenueServicesAccount: string;
  /** Where a received invoice's lines go when neither its category nor its supplier says (629 by default). */
  defaultExpenseAccount: string;
  /** Purchases of goods (600 by default). */
  goodsPurchaseAccount: string;
  /** Received lines marked as investment goods (bienes de inversión) go to group 2 (219 by default). */
  investmentGoodsAccount: string;
  /** Payments and collections by transfer, card, direct debit (572 by default) and cash (570). */
  bankAccount: string;
  cashAccount: string;
  /** Expense category id -> account (e.g. rent category -> 621). */
  categoryAccounts: Record<string, string>;
  /** Supplier id -> account for its invoices' lines (e.g. the electricity company -> 628). */
  supplierAccounts: Record<string, string>;
  /** Months up to and including this one are closed ('YYYY-MM'); null: none. */
  closedThrough: string | null;
  /** Fiscal years closed (regularisation, closing and opening entries posted). */
  closedYears: number[];
  /** When the backfill of the stored documents last finished; null while it has not. */
  backfilledAt: string | null;
  updatedAt: string;
}

export const UpdateSettingsBody = z
  .object({
    revenueGoodsAccount: AccountCode.optional(),
    revenueServicesAccount: AccountCode.optional(),
    defaultExpenseAccount: AccountCode.optional(),
    goodsPurchaseAccount: AccountCode.optional(),
    investmentGoodsAccount: AccountCode.optional(),
    bankAccount: AccountCode.optional(),
    cashAccount: AccountCode.optional(),
    categoryAccounts: z.record(Id, AccountCode).optional(),
    supplierAccounts: z.record(Id, AccountCode).optional(),
  })
  .strict();
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;

// --- entries ----------------------------------------------------------------------------------------

/** What an entry comes from; MANUAL entries are the only ones a person edits. */
export const ENTRY_SOURCES = [
  'MANUAL',
  'ISSUED_INVOICE',
  'ISSUED_PAYMENT',
  'RECEIVED_INVOICE',
  'RECEIVED_PAYMENT',
  /** Issue 19: bank fees, differences and account assignments of an approved reconciliation. */
  'BANK_RECONCILIATION',
  'REGULARIZATION',
  'CLOSING',
  'OPENING',
] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];
export const entrySourceLabels: Record<EntrySource, string> = {
  MANUAL: 'Manual',
  ISSUED_INVOICE: 'Factura emitida',
  ISSUED_PAYMENT: 'Cobro',
  RECEIVED_INVOICE: 'Factura recibida',
  RECEIVED_PAYMENT: 'Pago',
  BANK_RECONCILIATION: 'Conciliación bancaria',
  REGULARIZATION: 'Regularización',
  CLOSING: 'Cierre',
  OPENING: 'Apertura',
};

/** NORMAL entries make the year's result; the closing process's own entries are kept apart in the reports. */
export const ENTRY_KINDS = ['NORMAL', 'REGULARIZATION', 'CLOSING', 'OPENING'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface EntryLine {
  lineNumber: number;
  accountId: string;
  accountCode: string;
  displayCode: string;
  accountName: string;
  description: string;
  debitCents: number;
  creditCents: number;
  /** Euros (spec names). */
  debitAmount: number;
  creditAmount: number;
}

export interface JournalEntry {
  entryId: string;
  /** Its number in the year's journal, in order of posting (never reused). */
  entryNumber: number;
  fiscalYear: number;
  entryDate: string;
  description: string;
  source: EntrySource;
  kind: EntryKind;
  /** The document it comes from (invoice, received invoice, payment), null for manual and closing entries. */
  document: {
    documentType: 'INVOICE' | 'RECEIVED_INVOICE' | 'INVOICE_PAYMENT' | 'RECEIVED_PAYMENT';
    documentId: string;
    /** The invoice the payment belongs to, for payments. */
    invoiceId: string | null;
    documentNumber: string | null;
  } | null;
  /** A reversal (contraasiento) of another entry: a cancelled invoice, a corrected or deleted document. */
  reversalOf: string | null;
  /** The document's own date when it fell in a closed period (the entry then takes the first open day). */
  documentDate: string | null;
  lines: EntryLine[];
  totalDebitCents: number;
  totalCreditCents: number;
  totalDebit: number;
  totalCredit: number;
  locked: boolean;
  lockedAt: string | null;
  lockedBy: string | null;
  /** Its month is closed: nothing can change it. */
  periodClosed: boolean;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
}

export const EntryListQuery = PageQuery.extend({
  fromDate: IsoDate.optional(),
  toDate: IsoDate.optional(),
  accountId: AccountCode.optional(),
  onlyUnlocked: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  source: z.enum(ENTRY_SOURCES).optional(),
});
export type EntryListQuery = z.infer<typeof EntryListQuery>;

export const EntryPath = z.object({ entryId: Id });
export type EntryPath = z.infer<typeof EntryPath>;

/** Euros with at most two decimals, as the spec's client sends them. */
const EuroAmount = z
  .number()
  .min(0)
  .max(10_000_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'Máximo dos decimales.' });
const CentsAmount = z.number().int().min(0).max(1_000_000_000_000);

/**
 * A line: the account and ONE side, in céntimos (`debitCents` / `creditCents`) or in euros as the
 * spec's client sends them (`debitAmount` / `creditAmount`); zero or absent means no amount.
 */
export const EntryLineBody = z
  .object({
    accountId: AccountCode.optional(),
    accountCode: AccountCode.optional(),
    description: safeText().trim().max(200).optional(),
    debitCents: CentsAmount.optional(),
    creditCents: CentsAmount.optional(),
    debitAmount: EuroAmount.optional(),
    creditAmount: EuroAmount.optional(),
  })
  .strict()
  .refine((l) => l.accountId !== undefined || l.accountCode !== undefined, {
    message: 'La cuenta es obligatoria.',
    path: ['accountId'],
  });
export type EntryLineBody = z.infer<typeof EntryLineBody>;

/** A line's debit and credit in céntimos, whichever way it was sent. */
export function lineCents(l: EntryLineBody): { debitCents: number; creditCents: number } {
  const debit = l.debitCents ?? (l.debitAmount !== undefined ? Math.round(l.debitAmount * 100) : 0);
  const credit = l.creditCents ?? (l.creditAmount !== undefined ? Math.round(l.creditAmount * 100) : 0);
  return { debitCents: debit, creditCents: credit };
}

/** Spec part 2 §5 rules, in their order and with their messages. */
export function entryLinesProblem(
  lines: readonly EntryLineBody[],
): { message: string; index?: number } | null {
  if (lines.length < 2) return { message: accountingMessages.minLines };
  for (let i = 0; i < lines.length; i++) {
    const { debitCents, creditCents } = lineCents(lines[i]!);
    if (debitCents > 0 && creditCents > 0) return { message: accountingMessages.lineBothSides, index: i };
    if (debitCents === 0 && creditCents === 0) return { message: accountingMessages.lineNoSide, index: i };
  }
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    const c = lineCents(l);
    debit += c.debitCents;
    credit += c.creditCents;
  }
  // Tolerance 0.01 (spec §9) on euros; in céntimos the amounts are exact, so they must be equal.
  if (debit !== credit) return { message: accountingMessages.unbalanced };
  return null;
}

const entryBodyShape = {
  /** The spec's client sends the company in the body; when present it must be the selected company. */
  companyId: Id.optional(),
  entryDate: IsoDate,
  description: safeMultiline().trim().min(1, { message: 'La descripción es obligatoria.' }).max(300),
  lines: z.array(EntryLineBody).max(MAX_ENTRY_LINES, {
    message: `Un asiento no puede tener más de ${MAX_ENTRY_LINES} líneas.`,
  }),
};

const checkEntry = (b: { lines: EntryLineBody[] }, ctx: z.RefinementCtx) => {
  const problem = entryLinesProblem(b.lines);
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message: problem.message,
      path: problem.index === undefined ? ['lines'] : ['lines', problem.index],
    });
};

export const CreateEntryBody = z.object(entryBodyShape).strict().superRefine(checkEntry);
export type CreateEntryBody = z.infer<typeof CreateEntryBody>;
export const UpdateEntryBody = z.object(entryBodyShape).strict().superRefine(checkEntry);
export type UpdateEntryBody = z.infer<typeof UpdateEntryBody>;

// --- periods and the fiscal year -------------------------------------------------------------------------

export const PERIOD_STATUSES = ['OPEN', 'CLOSED'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

export interface AccountingPeriod {
  /** 'YYYY-MM'. */
  period: string;
  status: PeriodStatus;
  entryCount: number;
  totalDebitCents: number;
}

export interface FiscalYearStatus {
  fiscalYear: number;
  periods: AccountingPeriod[];
  yearClosed: boolean;
  closedThrough: string | null;
  /** The result of the year so far (revenue − expense of NORMAL entries). */
  resultCents: number;
}

export const FiscalYearPath = z.object({
  year: z.coerce
    .number()
    .int()
    .min(2000, { message: 'El año debe estar entre 2000 y 2100' })
    .max(2100, { message: 'El año debe estar entre 2000 y 2100' }),
});
export type FiscalYearPath = z.infer<typeof FiscalYearPath>;
export const PeriodPath = z.object({
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'El periodo no es válido (AAAA-MM).' }),
});
export type PeriodPath = z.infer<typeof PeriodPath>;

export interface YearClosingResult {
  fiscalYear: number;
  resultCents: number;
  regularizationEntryId: string | null;
  closingEntryId: string;
  openingEntryId: string;
}

// --- reports ------------------------------------------------------------------------------------------

export const PERIOD_TYPES = ['MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
export const STATEMENT_LAYOUTS = ['ABREVIADO', 'PYMES'] as const;
export type StatementLayout = (typeof STATEMENT_LAYOUTS)[number];

export const BalanceSheetQuery = z.object({
  /** Default: today. */
  balanceDate: IsoDate.optional(),
  periodType: z.enum(PERIOD_TYPES).default('MONTHLY'),
  layout: z.enum(STATEMENT_LAYOUTS).default('ABREVIADO'),
});
export type BalanceSheetQuery = z.infer<typeof BalanceSheetQuery>;

export interface BalanceAccount {
  accountId: string;
  accountCode: string;
  accountName: string;
  balanceCents: number;
  balance: number;
  /** Share of its section's total (assets, or equity and liabilities), 0–100 with two decimals. */
  percentage: number;
}

export interface BalanceCategory {
  /** The legal line's code, e.g. 'A.II' or 'B.II.1'. */
  categoryCode: string;
  categoryName: string;
  categoryType: 'ASSET' | 'LIABILITY' | 'EQUITY';
  accounts: BalanceAccount[];
  subtotalCents: number;
  subtotal: number;
}

/** One line of a legal statement (balance or P&L) as the PGC's model prints it. */
export interface StatementLine {
  code: string;
  label: string;
  /** 0 = heading/total (A), 1 = roman numeral, 2 = arabic number, 3 = letter. */
  level: number;
  amountCents: number;
  amount: number;
  /** A sum of other lines rather than of accounts. */
  isTotal: boolean;
}

export interface BalanceSide {
  current: BalanceCategory[];
  nonCurrent: BalanceCategory[];
  currentTotalCents: number;
  nonCurrentTotalCents: number;
  totalCents: number;
  total: number;
}

export interface BalanceSheet {
  companyId: string;
  balanceDate: string;
  periodType: PeriodType;
  layout: StatementLayout;
  assets: BalanceSide;
  liabilities: BalanceSide;
  equity: { items: BalanceCategory[]; totalCents: number; total: number };
  totalAssetsCents: number;
  totalAssets: number;
  totalLiabilitiesAndEquityCents: number;
  totalLiabilitiesAndEquity: number;
  isBalanced: boolean;
  /** The year's result so far, inside equity (A-1.VII) until the year is closed. */
  resultCents: number;
  lines: StatementLine[];
  /** How the figures were read: aggregate items, not entries. */
  itemsRead: number;
}

export const IncomeStatementQuery = z.object({
  /** Default: 1 January of the year of `toDate`. */
  fromDate: IsoDate.optional(),
  /** Default: today. */
  toDate: IsoDate.optional(),
  layout: z.enum(STATEMENT_LAYOUTS).default('ABREVIADO'),
});
export type IncomeStatementQuery = z.infer<typeof IncomeStatementQuery>;

export interface IncomeStatement {
  companyId: string;
  fromDate: string;
  toDate: string;
  layout: StatementLayout;
  lines: StatementLine[];
  /** Every account of groups 6 and 7 with its period balance (revenue positive, expense negative). */
  accounts: {
    accountId: string;
    accountCode: string;
    accountName: string;
    type: AccountType;
    amountCents: number;
    lineCode: string;
  }[];
  revenueCents: number;
  expenseCents: number;
  /** D) Resultado del ejercicio = revenue − expense. */
  resultCents: number;
  result: number;
  itemsRead: number;
}

export const TrialBalanceQuery = z.object({
  fromDate: IsoDate.optional(),
  toDate: IsoDate.optional(),
  /** 'SUBACCOUNT' lists every account posted to; 3 or 4 groups by the first digits of the code. */
  level: z.enum(['SUBACCOUNT', '3', '4']).default('SUBACCOUNT'),
  includeZero: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});
export type TrialBalanceQuery = z.infer<typeof TrialBalanceQuery>;

export interface TrialBalanceRow {
  accountId: string;
  accountCode: string;
  displayCode: string;
  accountName: string;
  type: AccountType;
  /** Balance before `fromDate` (debit − credit). */
  openingBalanceCents: number;
  /** Sums of the period (sumas). */
  debitCents: number;
  creditCents: number;
  /** Balance at `toDate` (saldo, debit − credit) and its two columns. */
  balanceCents: number;
  debitBalanceCents: number;
  creditBalanceCents: number;
}

export interface TrialBalance {
  companyId: string;
  fromDate: string;
  toDate: string;
  level: TrialBalanceQuery['level'];
  rows: TrialBalanceRow[];
  totals: {
    openingBalanceCents: number;
    debitCents: number;
    creditCents: number;
    debitBalanceCents: number;
    creditBalanceCents: number;
  };
  isBalanced: boolean;
  itemsRead: number;
}

export const LedgerQuery = z.object({
  fromDate: IsoDate.optional(),
  toDate: IsoDate.optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(100),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

export interface LedgerMovement {
  entryId: string;
  entryNumber: number;
  entryDate: string;
  description: string;
  source: EntrySource;
  debitCents: number;
  creditCents: number;
  /** Running balance (debit − credit) after this movement. */
  balanceCents: number;
}

export interface Ledger {
  account: Account;
  fromDate: string;
  toDate: string;
  openingBalanceCents: number;
  movements: LedgerMovement[];
  totalDebitCents: number;
  totalCreditCents: number;
  closingBalanceCents: number;
  page: number;
  size: number;
  totalElements: number;
}

export interface BalanceDates {
  firstEntryDate: string | null;
  lastEntryDate: string | null;
  /** Month ends (and the last day with entries) a balance can be asked for, newest first. */
  dates: { date: string; label: string; periodType: PeriodType }[];
}

export const ValidateBalanceQuery = z.object({ balanceDate: IsoDate.optional() });
export type ValidateBalanceQuery = z.infer<typeof ValidateBalanceQuery>;

export interface BalanceValidation {
  balanceDate: string;
  isBalanced: boolean;
  totalDebitCents: number;
  totalCreditCents: number;
  differenceCents: number;
  /** The aggregates agree with the entries they come from (checked on the period's entries). */
  aggregatesMatchEntries: boolean;
  issues: { code: string; message: string }[];
}

export const FinancialReportQuery = z.object({
  year: z.coerce
    .number()
    .int()
    .min(2000, { message: 'El año debe estar entre 2000 y 2100' })
    .max(2100, { message: 'El año debe estar entre 2000 y 2100' })
    .optional(),
});
export type FinancialReportQuery = z.infer<typeof FinancialReportQuery>;

export interface FinancialReport {
  companyId: string;
  year: number;
  revenueCents: number;
  expenseCents: number;
  resultCents: number;
  totalAssetsCents: number;
  equityCents: number;
  liabilitiesCents: number;
  /** Ratios as decimals (null when the denominator is zero). */
  ratios: {
    liquidity: number | null;
    solvency: number | null;
    debtRatio: number | null;
    returnOnEquity: number | null;
    returnOnAssets: number | null;
    netMargin: number | null;
  };
  monthly: { month: string; revenueCents: number; expenseCents: number; resultCents: number }[];
}

export const EXPORT_FORMATS = ['EXCEL', 'PDF'] as const;
export const ExportEntriesBody = z
  .object({
    format: z.enum(EXPORT_FORMATS).default('EXCEL'),
    fromDate: IsoDate.optional(),
    toDate: IsoDate.optional(),
  })
  .strict();
export type ExportEntriesBody = z.infer<typeof ExportEntriesBody>;
export const ExportStatementBody = z
  .object({
    format: z.enum(EXPORT_FORMATS).default('EXCEL'),
    balanceDate: IsoDate.optional(),
    fromDate: IsoDate.optional(),
    toDate: IsoDate.optional(),
    layout: z.enum(STATEMENT_LAYOUTS).default('ABREVIADO'),
  })
  .strict();
export type ExportStatementBody = z.infer<typeof ExportStatementBody>;

// --- access (plan) ----------------------------------------------------------------------------------

/** `GET accounting/access`: spec part 2 §3 access info. */
export interface AccountingAccess {
  hasAccess: boolean;
  /** The plan that covers the company (its owner's or its gestoría's), null when none. */
  currentPlan: string | null;
  requiredPlan: string;
  upgradeMessage: string;
  upgradeUrl: string;
}

/** `GET my-accounting` for a client: balance and P&L read-only. */
export interface ClientAccountingSummary {
  companyId: string;
  balanceSheet: BalanceSheet;
  incomeStatement: IncomeStatement;
}
