/**
 * The tax domain's Lambda (issue 13): the tax profile and its assistant, the tax configuration, the
 * fiscal calendar and obligations, fiscal alerts and tax notifications, the fiscal analysis and the
 * gestor's cross-client view of obligations.
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { alertStatisticsRoute } from './actions/alert-statistics';
import { acknowledgeAlertRoute, resolveAlertRoute } from './actions/alert-workflow';
import {
  assistantAnalyzeRoute,
  assistantApplyRoute,
  assistantConfigureRoute,
  assistantResetRoute,
  assistantStatusRoute,
  assistantValidateRoute,
} from './actions/assistant';
import { createTaxProfileRoute } from './actions/create-tax-profile';
import { criticalAlertsRoute } from './actions/critical-alerts';
import { fiscalAnalysisRoute } from './actions/fiscal-analysis';
import { generateAlertsRoute } from './actions/generate-alerts';
import { generateCalendarRoute } from './actions/generate-calendar';
import { getCalendarRoute } from './actions/get-calendar';
import { getTaxConfigurationRoute } from './actions/get-configuration';
import { getSmartCalendarRoute } from './actions/get-smart-calendar';
import { getTaxProfileRoute } from './actions/get-tax-profile';
import {
  globalObligationsSummaryRoute,
  globalOverdueObligationsRoute,
  globalUpcomingObligationsRoute,
} from './actions/global-obligations';
import { listAlertsRoute } from './actions/list-alerts';
import { pendingObligationsRoute } from './actions/pending-obligations';
import { exportPortfolioRoute, listPortfolioRoute } from './actions/portfolio';
import {
  getTaxNotificationConfigRoute,
  overdueTaxNotificationsRoute,
  taxNotificationHistoryRoute,
  taxNotificationStatsRoute,
  taxNotificationSummaryRoute,
  upcomingTaxNotificationsRoute,
  updateTaxNotificationConfigRoute,
} from './actions/tax-notifications';
import { thresholdAlertsRoute } from './actions/threshold-alerts';
import { createTaxConfigurationRoute, updateTaxConfigurationRoute } from './actions/update-configuration';
import { updateObligationStatusRoute } from './actions/update-obligation-status';
import { updateTaxProfileRoute } from './actions/update-tax-profile';
import { makeDeps, type TaxDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const taxActions: ActionsOf<'tax', TaxDeps> = {
  'taxProfile.get': getTaxProfileRoute,
  'taxProfile.create': createTaxProfileRoute,
  'taxProfile.update': updateTaxProfileRoute,
  'taxAssistant.status': assistantStatusRoute,
  'taxAssistant.analyze': assistantAnalyzeRoute,
  'taxAssistant.validate': assistantValidateRoute,
  'taxAssistant.configure': assistantConfigureRoute,
  'taxAssistant.apply': assistantApplyRoute,
  'taxAssistant.reset': assistantResetRoute,
  'taxConfig.get': getTaxConfigurationRoute,
  'taxConfig.create': createTaxConfigurationRoute,
  'taxConfig.update': updateTaxConfigurationRoute,
  'taxCalendar.get': getCalendarRoute,
  'taxCalendar.generate': generateCalendarRoute,
  'taxCalendar.smart': getSmartCalendarRoute,
  'taxObligations.pending': pendingObligationsRoute,
  'taxObligations.updateStatus': updateObligationStatusRoute,
  'taxObligations.upcoming': globalUpcomingObligationsRoute,
  'taxObligations.overdue': globalOverdueObligationsRoute,
  'taxObligations.summary': globalObligationsSummaryRoute,
  'taxPortfolio.list': listPortfolioRoute,
  'taxPortfolio.export': exportPortfolioRoute,
  'taxAlerts.list': listAlertsRoute,
  'taxAlerts.statistics': alertStatisticsRoute,
  'taxAlerts.critical': criticalAlertsRoute,
  'taxAlerts.generate': generateAlertsRoute,
  'taxAlerts.acknowledge': acknowledgeAlertRoute,
  'taxAlerts.resolve': resolveAlertRoute,
  'taxThresholds.alerts': thresholdAlertsRoute,
  'taxNotifications.upcoming': upcomingTaxNotificationsRoute,
  'taxNotifications.overdue': overdueTaxNotificationsRoute,
  'taxNotifications.getConfig': getTaxNotificationConfigRoute,
  'taxNotifications.updateConfig': updateTaxNotificationConfigRoute,
  'taxNotifications.stats': taxNotificationStatsRoute,
  'taxNotifications.summary': taxNotificationSummaryRoute,
  'taxNotifications.history': taxNotificationHistoryRoute,
  'taxAnalysis.get': fiscalAnalysisRoute,
};

export const handler = createApiHandler('tax', taxActions, makeDeps);
