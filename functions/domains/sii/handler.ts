/**
 * The SII domain's Lambda (issue 16 item 5; spec part 2 §7 "SII submissions", part 3 SII widget
 * and §9): configuration, submissions and their archived exchanges, 'Enviar' and 'Reintento',
 * statistics, the books and their ConsultaLR reconciliation, an invoice's SII records.
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { bulkSubmitRoute } from './actions/bulk-submit';
import { getConfigRoute } from './actions/get-config';
import { getEntryRoute } from './actions/get-entry';
import { getInvoiceStatusRoute } from './actions/get-invoice-status';
import { getStatisticsRoute } from './actions/get-statistics';
import { getSubmissionRoute } from './actions/get-submission';
import { getSubmissionDetailsRoute } from './actions/get-submission-details';
import { listBookEntriesRoute } from './actions/list-book-entries';
import { listSubmissionsRoute } from './actions/list-submissions';
import { queryBookRoute } from './actions/query-book';
import { retryEntryRoute } from './actions/retry-entry';
import { submitInvoiceRoute } from './actions/submit-invoice';
import { syncYearRoute } from './actions/sync-year';
import { testConnectionRoute } from './actions/test-connection';
import { updateConfigRoute } from './actions/update-config';
import { makeDeps, type SiiDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const siiActions: ActionsOf<'sii', SiiDeps> = {
  // configuration (companies/{companyId}/sii)
  'sii.getConfig': getConfigRoute,
  'sii.updateConfig': updateConfigRoute,
  'sii.testConnection': testConnectionRoute,
  // submissions (tax/sii, tax/sii/{submissionId})
  'sii.listSubmissions': listSubmissionsRoute,
  'sii.getSubmission': getSubmissionRoute,
  'sii.submissionDetails': getSubmissionDetailsRoute,
  'sii.submitInvoice': submitInvoiceRoute,
  'sii.bulkSubmit': bulkSubmitRoute,
  // statistics, books, entries
  'sii.statistics': getStatisticsRoute,
  'sii.byBook': listBookEntriesRoute,
  'sii.queryBook': queryBookRoute,
  'sii.getEntry': getEntryRoute,
  'sii.retryEntry': retryEntryRoute,
  'sii.invoiceStatus': getInvoiceStatusRoute,
  'sii.sync': syncYearRoute,
};

export const handler = createApiHandler('sii', siiActions, makeDeps);
