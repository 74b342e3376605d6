/** The invoices domain's Lambda: customers, series, invoices, payments, listings, aggregates, bulk, import/export, recurring. */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { withInvocations } from '@functions/platform/invoke';
import { addPaymentRoute } from './actions/add-payment';
import { applyCreditNoteRoute } from './actions/apply-credit-note';
import { cancelInvoiceRoute } from './actions/cancel-invoice';
import { confirmInvoiceRoute } from './actions/confirm-invoice';
import { createAndConfirmInvoiceRoute } from './actions/create-and-confirm-invoice';
import { createBulkOperationRoute } from './actions/create-bulk-operation';
import { createCustomerRoute } from './actions/create-customer';
import { createInvoiceRoute } from './actions/create-invoice';
import { createInvoiceSeriesRoute } from './actions/create-invoice-series';
import { createRecurringTemplateRoute } from './actions/create-recurring-template';
import { deleteCustomerRoute } from './actions/delete-customer';
import { deleteInvoiceRoute } from './actions/delete-invoice';
import { deleteInvoiceSeriesRoute } from './actions/delete-invoice-series';
import { deletePaymentRoute } from './actions/delete-payment';
import { deleteRecurringTemplateRoute } from './actions/delete-recurring-template';
import { downloadBulkOperationRoute } from './actions/download-bulk-operation';
import { executeInvoiceImportRoute } from './actions/execute-invoice-import';
import { exportInvoicesRoute } from './actions/export-invoices';
import { generateRecurringNowRoute } from './actions/generate-recurring-now';
import { getBulkOperationRoute } from './actions/get-bulk-operation';
import { getCustomerRoute } from './actions/get-customer';
import { getInvoiceRoute } from './actions/get-invoice';
import { getInvoiceImportRoute } from './actions/get-invoice-import';
import { getInvoiceImportTemplateRoute } from './actions/get-invoice-import-template';
import { getInvoiceSeriesRoute } from './actions/get-invoice-series';
import { getRecurringSettingsRoute } from './actions/get-recurring-settings';
import { getRecurringStatsRoute } from './actions/get-recurring-stats';
import { getRecurringTemplateRoute } from './actions/get-recurring-template';
import { getTaxAggregatesRoute } from './actions/get-tax-aggregates';
import { getThresholdStatisticsRoute } from './actions/get-threshold-statistics';
import { listAutomaticDraftsRoute } from './actions/list-automatic-drafts';
import { listCustomersRoute } from './actions/list-customers';
import { listInvoiceSeriesRoute } from './actions/list-invoice-series';
import { listInvoicesRoute } from './actions/list-invoices';
import { listPaymentsRoute } from './actions/list-payments';
import { listPendingConfirmationRoute } from './actions/list-pending-confirmation';
import { listPendingSiiRoute } from './actions/list-pending-sii';
import { listRecurringGenerationsRoute } from './actions/list-recurring-generations';
import { listRecurringScheduledRoute } from './actions/list-recurring-scheduled';
import { listRecurringTemplatesRoute } from './actions/list-recurring-templates';
import { rectifyInvoiceRoute } from './actions/rectify-invoice';
import { updateCustomerRoute } from './actions/update-customer';
import { updateInvoiceRoute } from './actions/update-invoice';
import { updateInvoiceSeriesRoute } from './actions/update-invoice-series';
import { updatePaymentRoute } from './actions/update-payment';
import { updateRecurringSettingsRoute } from './actions/update-recurring-settings';
import { updateRecurringTemplateRoute } from './actions/update-recurring-template';
import { uploadInvoiceImportRoute } from './actions/upload-invoice-import';
import { type InvoicesDeps, makeDeps } from './store/deps';
import { settleInvoiceInvocation } from './workers/settle-invoice';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const invoicesActions: ActionsOf<'invoices', InvoicesDeps> = {
  // customers, series, invoices and payments
  'customers.list': listCustomersRoute,
  'customers.create': createCustomerRoute,
  'customers.get': getCustomerRoute,
  'customers.update': updateCustomerRoute,
  'customers.delete': deleteCustomerRoute,
  'invoiceSeries.list': listInvoiceSeriesRoute,
  'invoiceSeries.create': createInvoiceSeriesRoute,
  'invoiceSeries.get': getInvoiceSeriesRoute,
  'invoiceSeries.update': updateInvoiceSeriesRoute,
  'invoiceSeries.delete': deleteInvoiceSeriesRoute,
  'invoices.list': listInvoicesRoute,
  'invoices.create': createInvoiceRoute,
  'invoices.createAndConfirm': createAndConfirmInvoiceRoute,
  'invoices.get': getInvoiceRoute,
  'invoices.update': updateInvoiceRoute,
  'invoices.delete': deleteInvoiceRoute,
  'invoices.confirm': confirmInvoiceRoute,
  'invoices.cancel': cancelInvoiceRoute,
  'invoices.listPayments': listPaymentsRoute,
  'invoices.addPayment': addPaymentRoute,
  'invoices.updatePayment': updatePaymentRoute,
  'invoices.deletePayment': deletePaymentRoute,
  'invoices.applyCredit': applyCreditNoteRoute,
  // rectificativas and the work listings (spec part 2 §4)
  'invoices.rectify': rectifyInvoiceRoute,
  'invoices.pendingConfirmation': listPendingConfirmationRoute,
  'invoices.draftsPendingUserConfirmation': listAutomaticDraftsRoute,
  'invoices.confirmedPendingSii': listPendingSiiRoute,
  // tax aggregates and threshold statistics
  'taxAggregates.get': getTaxAggregatesRoute,
  'invoices.thresholdStatistics': getThresholdStatisticsRoute,
  // bulk operations
  'invoices.bulkCreate': createBulkOperationRoute,
  'invoices.bulkGet': getBulkOperationRoute,
  'invoices.bulkDownload': downloadBulkOperationRoute,
  // import and export
  'invoices.export': exportInvoicesRoute,
  'invoices.importUpload': uploadInvoiceImportRoute,
  'invoices.importTemplate': getInvoiceImportTemplateRoute,
  'invoices.importGet': getInvoiceImportRoute,
  'invoices.importExecute': executeInvoiceImportRoute,
  // recurring invoices
  'recurring.listTemplates': listRecurringTemplatesRoute,
  'recurring.createTemplate': createRecurringTemplateRoute,
  'recurring.getTemplate': getRecurringTemplateRoute,
  'recurring.updateTemplate': updateRecurringTemplateRoute,
  'recurring.deleteTemplate': deleteRecurringTemplateRoute,
  'recurring.generateNow': generateRecurringNowRoute,
  'recurring.listGenerations': listRecurringGenerationsRoute,
  'recurring.listScheduled': listRecurringScheduledRoute,
  'recurring.stats': getRecurringStatsRoute,
  'recurring.getSettings': getRecurringSettingsRoute,
  'recurring.updateSettings': updateRecurringSettingsRoute,
};

/** The same function is the manifest's `settle-invoice` invokable (bank reconciliation, issue 19). */
export const handler = withInvocations(
  createApiHandler('invoices', invoicesActions, makeDeps),
  settleInvoiceInvocation,
);
