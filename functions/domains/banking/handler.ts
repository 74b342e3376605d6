/**
 * The banking domain's Lambda (issue 19; spec part 1 routes psd2, bank-accounts, banking/*; part 2 §2,
 * §4, §7 'Treasury' and 'Bank reconciliation'): bank accounts and their movements (Norma 43 imports,
 * open-banking connections through the provider-neutral bank-feed port), the security of those
 * connections, reconciliation sessions (proposals, matches, learned rules; approval settles the
 * documents through the invoices and expenses domains and posts differences through accounting),
 * SEPA mandates and payment orders, and the treasury read from the open-items projection.
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { acceptProposalsRoute } from './actions/accept-proposals';
import { approveSessionRoute } from './actions/approve-session';
import { cancelSessionRoute } from './actions/cancel-session';
import { completeSessionRoute } from './actions/complete-session';
import { complianceReportRoute } from './actions/compliance-report';
import { createAccountRoute } from './actions/create-account';
import { createMandateRoute } from './actions/create-mandate';
import { createMatchRoute } from './actions/create-match';
import { createPaymentOrderRoute } from './actions/create-payment-order';
import { createRuleRoute } from './actions/create-rule';
import { deleteAccountRoute } from './actions/delete-account';
import { deleteMatchRoute } from './actions/delete-match';
import { deleteRuleRoute } from './actions/delete-rule';
import { getAccountRoute } from './actions/get-account';
import { getMovementRoute } from './actions/get-movement';
import { getPaymentOrderRoute } from './actions/get-payment-order';
import { getSessionRoute } from './actions/get-session';
import { getSettingsRoute } from './actions/get-settings';
import { importN43Route } from './actions/import-n43';
import { listAccountsRoute } from './actions/list-accounts';
import { listImportsRoute } from './actions/list-imports';
import { listMandatesRoute } from './actions/list-mandates';
import { listMovementsRoute } from './actions/list-movements';
import { listPaymentOrdersRoute } from './actions/list-payment-orders';
import { listRulesRoute } from './actions/list-rules';
import { listSessionsRoute } from './actions/list-sessions';
import { overviewRoute } from './actions/overview';
import { paymentCandidatesRoute } from './actions/payment-candidates';
import { paymentOrderFileRoute } from './actions/payment-order-file';
import { psd2CompleteRoute } from './actions/psd2-complete';
import { psd2ConnectRoute } from './actions/psd2-connect';
import { psd2ConnectionsRoute } from './actions/psd2-connections';
import { psd2InstitutionsRoute } from './actions/psd2-institutions';
import { psd2RenewRoute } from './actions/psd2-renew';
import { psd2RevokeRoute } from './actions/psd2-revoke';
import { psd2SyncRoute } from './actions/psd2-sync';
import { reconciliationSummaryRoute } from './actions/reconciliation-summary';
import { revokeMandateRoute } from './actions/revoke-mandate';
import { securityMetricsRoute } from './actions/security-metrics';
import { securityOverviewRoute } from './actions/security-overview';
import { securityPoliciesRoute } from './actions/security-policies';
import { securityRecommendationsRoute } from './actions/security-recommendations';
import { sessionOpenItemsRoute } from './actions/session-open-items';
import { startSessionRoute } from './actions/start-session';
import { treasuryCalendarRoute } from './actions/treasury-calendar';
import { treasuryClientDelayRoute } from './actions/treasury-client-delay';
import { treasuryCollectionMetricsRoute } from './actions/treasury-collection-metrics';
import { treasuryCreateNoteRoute } from './actions/treasury-create-note';
import { treasuryDashboardRoute } from './actions/treasury-dashboard';
import { treasuryDueDatesRoute } from './actions/treasury-due-dates';
import { treasuryDueThisWeekRoute } from './actions/treasury-due-this-week';
import { treasuryDueTodayRoute } from './actions/treasury-due-today';
import { treasuryGetSettingsRoute } from './actions/treasury-get-settings';
import { treasuryLiquidityRoute } from './actions/treasury-liquidity';
import { treasuryListNotesRoute } from './actions/treasury-list-notes';
import { treasuryOverdueRoute } from './actions/treasury-overdue';
import { treasurySendReminderRoute } from './actions/treasury-send-reminder';
import { treasuryUpdateSettingsRoute } from './actions/treasury-update-settings';
import { updateAccountRoute } from './actions/update-account';
import { updateSettingsRoute } from './actions/update-settings';
import { validateIbanRoute } from './actions/validate-iban';
import { type BankingDeps, makeDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const bankingActions: ActionsOf<'banking', BankingDeps> = {
  'banking.overview': overviewRoute,
  'banking.listAccounts': listAccountsRoute,
  'banking.createAccount': createAccountRoute,
  'banking.getAccount': getAccountRoute,
  'banking.updateAccount': updateAccountRoute,
  'banking.deleteAccount': deleteAccountRoute,
  'banking.validateIban': validateIbanRoute,
  'banking.importN43': importN43Route,
  'banking.listImports': listImportsRoute,
  'banking.listMovements': listMovementsRoute,
  'banking.getMovement': getMovementRoute,
  'banking.psd2Institutions': psd2InstitutionsRoute,
  'banking.psd2Connections': psd2ConnectionsRoute,
  'banking.psd2Connect': psd2ConnectRoute,
  'banking.psd2Complete': psd2CompleteRoute,
  'banking.psd2Sync': psd2SyncRoute,
  'banking.psd2Renew': psd2RenewRoute,
  'banking.psd2Revoke': psd2RevokeRoute,
  'banking.securityOverview': securityOverviewRoute,
  'banking.securityPolicies': securityPoliciesRoute,
  'banking.securityRecommendations': securityRecommendationsRoute,
  'banking.securityMetrics': securityMetricsRoute,
  'banking.complianceReport': complianceReportRoute,
  'banking.reconciliationSummary': reconciliationSummaryRoute,
  'banking.listSessions': listSessionsRoute,
  'banking.startSession': startSessionRoute,
  'banking.getSession': getSessionRoute,
  'banking.sessionOpenItems': sessionOpenItemsRoute,
  'banking.acceptProposals': acceptProposalsRoute,
  'banking.createMatch': createMatchRoute,
  'banking.deleteMatch': deleteMatchRoute,
  'banking.completeSession': completeSessionRoute,
  'banking.approveSession': approveSessionRoute,
  'banking.cancelSession': cancelSessionRoute,
  'banking.listRules': listRulesRoute,
  'banking.createRule': createRuleRoute,
  'banking.deleteRule': deleteRuleRoute,
  'banking.getSettings': getSettingsRoute,
  'banking.updateSettings': updateSettingsRoute,
  'banking.listMandates': listMandatesRoute,
  'banking.createMandate': createMandateRoute,
  'banking.revokeMandate': revokeMandateRoute,
  'banking.paymentCandidates': paymentCandidatesRoute,
  'banking.listPaymentOrders': listPaymentOrdersRoute,
  'banking.createPaymentOrder': createPaymentOrderRoute,
  'banking.getPaymentOrder': getPaymentOrderRoute,
  'banking.paymentOrderFile': paymentOrderFileRoute,
  'treasury.dashboard': treasuryDashboardRoute,
  'treasury.dueDates': treasuryDueDatesRoute,
  'treasury.overdue': treasuryOverdueRoute,
  'treasury.calendar': treasuryCalendarRoute,
  'treasury.liquidity': treasuryLiquidityRoute,
  'treasury.clientDelay': treasuryClientDelayRoute,
  'treasury.collectionMetrics': treasuryCollectionMetricsRoute,
  'treasury.listNotes': treasuryListNotesRoute,
  'treasury.createNote': treasuryCreateNoteRoute,
  'treasury.dueToday': treasuryDueTodayRoute,
  'treasury.dueThisWeek': treasuryDueThisWeekRoute,
  'treasury.getSettings': treasuryGetSettingsRoute,
  'treasury.updateSettings': treasuryUpdateSettingsRoute,
  'treasury.sendReminder': treasurySendReminderRoute,
};

export const handler = createApiHandler('banking', bankingActions, makeDeps);
