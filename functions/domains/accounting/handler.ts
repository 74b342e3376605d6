/**
 * The accounting domain's Lambda (issue 18; spec part 2 §2, §3, §4, §5, §7, §9 "Accounting"): the PGC
 * chart of accounts and its sub-accounts, the account mapping, the journal (automatic entries posted by
 * the `accounting` queue's consumer from every document, manual entries, lock and unlock), periods and
 * the fiscal year's closing, and the reports (balance sheet, P&L, trial balance, ledger, financial
 * report, exports). Every route but `accounting.access` needs the Professional plan (ACC_PLAN_REQUIRED).
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { accessRoute } from './actions/access';
import { accountStatsRoute } from './actions/account-stats';
import { balanceDatesRoute } from './actions/balance-dates';
import { balanceSheetRoute } from './actions/balance-sheet';
import { categoriesRoute } from './actions/categories';
import { clientSummaryRoute } from './actions/client-summary';
import { closePeriodRoute } from './actions/close-period';
import { closeYearRoute } from './actions/close-year';
import { createAccountRoute } from './actions/create-account';
import { createEntryRoute } from './actions/create-entry';
import { deleteAccountRoute } from './actions/delete-account';
import { deleteEntryRoute } from './actions/delete-entry';
import { exportBalanceSheetRoute } from './actions/export-balance-sheet';
import { exportEntriesRoute } from './actions/export-entries';
import { exportIncomeStatementRoute } from './actions/export-income-statement';
import { financialReportRoute } from './actions/financial-report';
import { fiscalYearRoute } from './actions/fiscal-year';
import { generateCodeRoute } from './actions/generate-code';
import { getAccountRoute } from './actions/get-account';
import { getEntryRoute } from './actions/get-entry';
import { getSettingsRoute } from './actions/get-settings';
import { incomeStatementRoute } from './actions/income-statement';
import { initializeChartRoute } from './actions/initialize-chart';
import { ledgerRoute } from './actions/ledger';
import { listAccountsRoute } from './actions/list-accounts';
import { listEntriesRoute } from './actions/list-entries';
import { lockEntryRoute } from './actions/lock-entry';
import { reopenPeriodRoute } from './actions/reopen-period';
import { reopenYearRoute } from './actions/reopen-year';
import { trialBalanceRoute } from './actions/trial-balance';
import { unlockEntryRoute } from './actions/unlock-entry';
import { updateAccountRoute } from './actions/update-account';
import { updateEntryRoute } from './actions/update-entry';
import { updateSettingsRoute } from './actions/update-settings';
import { validateBalanceRoute } from './actions/validate-balance';
import { type AccountingDeps, makeDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const accountingActions: ActionsOf<'accounting', AccountingDeps> = {
  'accounting.access': accessRoute,
  'accounting.initializeChart': initializeChartRoute,
  'accounting.categories': categoriesRoute,
  'accounting.listAccounts': listAccountsRoute,
  'accounting.accountStats': accountStatsRoute,
  'accounting.generateCode': generateCodeRoute,
  'accounting.getAccount': getAccountRoute,
  'accounting.createAccount': createAccountRoute,
  'accounting.updateAccount': updateAccountRoute,
  'accounting.deleteAccount': deleteAccountRoute,
  'accounting.getSettings': getSettingsRoute,
  'accounting.updateSettings': updateSettingsRoute,
  'accounting.listEntries': listEntriesRoute,
  'accounting.getEntry': getEntryRoute,
  'accounting.createEntry': createEntryRoute,
  'accounting.updateEntry': updateEntryRoute,
  'accounting.deleteEntry': deleteEntryRoute,
  'accounting.lockEntry': lockEntryRoute,
  'accounting.unlockEntry': unlockEntryRoute,
  'accounting.fiscalYear': fiscalYearRoute,
  'accounting.closePeriod': closePeriodRoute,
  'accounting.reopenPeriod': reopenPeriodRoute,
  'accounting.closeYear': closeYearRoute,
  'accounting.reopenYear': reopenYearRoute,
  'accounting.balanceSheet': balanceSheetRoute,
  'accounting.incomeStatement': incomeStatementRoute,
  'accounting.trialBalance': trialBalanceRoute,
  'accounting.ledger': ledgerRoute,
  'accounting.balanceDates': balanceDatesRoute,
  'accounting.validateBalance': validateBalanceRoute,
  'accounting.financialReport': financialReportRoute,
  'accounting.exportEntries': exportEntriesRoute,
  'accounting.exportBalanceSheet': exportBalanceSheetRoute,
  'accounting.exportIncomeStatement': exportIncomeStatementRoute,
  'accounting.clientSummary': clientSummaryRoute,
};

export const handler = createApiHandler('accounting', accountingActions, makeDeps);
